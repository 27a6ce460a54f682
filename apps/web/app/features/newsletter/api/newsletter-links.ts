import { useMutation } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export type TNewsletterLinkAction = 'confirm' | 'unsubscribe';
export type TNewsletterLinkAnswer = { status: 'confirmed' | 'unsubscribed'; email: string; message: string };

/** Confirm and unsubscribe links from the newsletter mails (POST with the token from ?token=). */
export function openNewsletterLink(action: TNewsletterLinkAction, token: string) {
  return api.post<TNewsletterLinkAnswer>(`/api/newsletter/${action}`, { token });
}

export function useNewsletterLink(action: TNewsletterLinkAction) {
  return useMutation({ mutationFn: (token: string) => openNewsletterLink(action, token) });
}
