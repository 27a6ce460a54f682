import { useAsyncAction } from '~/lib/use-async-action';
import type { TNewsletterSubscribeInput } from '@sekolo/shared/schemas/public-forms';
import { newsletterContracts } from '@sekolo/shared/contracts/newsletter';
import { call } from '~/lib/api-client';

export function subscribeToNewsletter(input: TNewsletterSubscribeInput) {
  return call(newsletterContracts.subscribe, { body: input });
}

export function useSubscribeToNewsletter() {
  return useAsyncAction(subscribeToNewsletter);
}
