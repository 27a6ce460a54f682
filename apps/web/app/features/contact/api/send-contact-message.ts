import { useAsyncAction } from '~/lib/use-async-action';
import type { TContactMessage } from '@sekolo/shared/schemas/public-forms';
import { publicFormsContracts } from '@sekolo/shared/contracts/public-forms';
import { call } from '~/lib/api-client';

export type { TContactAnswer } from '@sekolo/shared/contracts/public-forms';

/** POST /api/contact: stored, e-mailed to the team, acknowledged to the sender. */
export function sendContactMessage(input: TContactMessage) {
  return call(publicFormsContracts.contact, { body: input });
}

export function useSendContactMessage() {
  return useAsyncAction(sendContactMessage);
}
