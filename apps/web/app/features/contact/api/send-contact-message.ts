import { useAsyncAction } from '~/lib/use-async-action';
import type { TContactMessage } from '@sekolo/shared/schemas/public-forms';
import { call } from '~/lib/api-client';

export type { TContactAnswer } from '@sekolo/shared/contracts/public-forms';

/** POST /api/contact: stored, e-mailed to the team, acknowledged to the sender. */
export async function sendContactMessage(input: TContactMessage) {
  // The contract (and zod with it) loads when the form is sent, not with the page.
  const { publicFormsContracts } = await import('@sekolo/shared/contracts/public-forms');
  return call(publicFormsContracts.contact, { body: input });
}

export function useSendContactMessage() {
  return useAsyncAction(sendContactMessage);
}
