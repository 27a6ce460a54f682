import { useAsyncAction } from '~/lib/use-async-action';
import type { TNewsletterSubscribeInput } from '@sekolo/shared/schemas/public-forms';
import { call } from '~/lib/api-client';

export async function subscribeToNewsletter(input: TNewsletterSubscribeInput) {
  // The footer is on every page: its contract (and zod with it) loads when someone subscribes.
  const { newsletterContracts } = await import('@sekolo/shared/contracts/newsletter');
  return call(newsletterContracts.subscribe, { body: input });
}

export function useSubscribeToNewsletter() {
  return useAsyncAction(subscribeToNewsletter);
}
