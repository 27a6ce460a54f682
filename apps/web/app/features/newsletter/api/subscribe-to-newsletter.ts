import { useAsyncAction } from '~/lib/use-async-action';
import type { TNewsletterSubscribe } from '@sekolo/shared/schemas/public-forms';
import { api } from '~/lib/api-client';

export type TSubscribeAnswer = { message: string };

export function subscribeToNewsletter(input: TNewsletterSubscribe) {
  return api.post<TSubscribeAnswer>('/api/newsletter/subscribe', input);
}

export function useSubscribeToNewsletter() {
  return useAsyncAction(subscribeToNewsletter);
}
