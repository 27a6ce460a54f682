import { useAsyncAction } from '~/lib/use-async-action';
import type { TContactMessage } from '@sekolo/shared/schemas/public-forms';
import { api } from '~/lib/api-client';

export type TContactAnswer = { id: string; kind: TContactMessage['kind']; message: string };

/** POST /api/contact: stored, e-mailed to the team, acknowledged to the sender. */
export function sendContactMessage(input: TContactMessage) {
  return api.post<TContactAnswer>('/api/contact', input);
}

export function useSendContactMessage() {
  return useAsyncAction(sendContactMessage);
}
