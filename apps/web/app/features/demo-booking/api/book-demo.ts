import { useAsyncAction } from '~/lib/use-async-action';
import type { TDemoBooking } from '@sekolo/shared/schemas/public-forms';
import { call } from '~/lib/api-client';

export type { TBookedDemo, TBookDemoAnswer } from '@sekolo/shared/contracts/public-forms';

/** POST /api/demo-bookings: stored, e-mailed to the team, confirmed to the requester by e-mail. */
export async function bookDemo(input: TDemoBooking) {
  // The contract (and zod with it) loads when the form is sent, not with the page.
  const { publicFormsContracts } = await import('@sekolo/shared/contracts/public-forms');
  return call(publicFormsContracts.bookDemo, { body: input });
}

export function useBookDemo() {
  return useAsyncAction(bookDemo);
}
