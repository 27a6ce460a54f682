import { useAsyncAction } from '~/lib/use-async-action';
import type { TDemoBooking } from '@sekolo/shared/schemas/public-forms';
import { publicFormsContracts } from '@sekolo/shared/contracts/public-forms';
import { call } from '~/lib/api-client';

export type { TBookedDemo, TBookDemoAnswer } from '@sekolo/shared/contracts/public-forms';

/** POST /api/demo-bookings: stored, e-mailed to the team, confirmed to the requester by e-mail. */
export function bookDemo(input: TDemoBooking) {
  return call(publicFormsContracts.bookDemo, { body: input });
}

export function useBookDemo() {
  return useAsyncAction(bookDemo);
}
