import { useMutation } from '@tanstack/react-query';
import { newsletterContracts } from '@sekolo/shared/contracts/newsletter';
import { call } from '~/lib/api-client';

export type TNewsletterLinkAction = 'confirm' | 'unsubscribe';
export type { TNewsletterLinkAnswer } from '@sekolo/shared/contracts/newsletter';

/** Confirm and unsubscribe links from the newsletter mails (POST with the token from ?token=). */
export function openNewsletterLink(action: TNewsletterLinkAction, token: string) {
  return call(newsletterContracts[action], { body: { token } });
}

export function useNewsletterLink(action: TNewsletterLinkAction) {
  return useMutation({ mutationFn: (token: string) => openNewsletterLink(action, token) });
}
