import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../platform/http/app-types.ts';
import { newsletterSubscriptions } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import { hashToken } from './newsletter-tokens.ts';

export const NEWSLETTER_LINK_MESSAGES = {
  confirmUnknown:
    'This confirmation link is not valid. If you subscribed more than once, use the link in the most recent e-mail, or subscribe again.',
  confirmExpired: 'This confirmation link has expired. Please subscribe again to get a new link.',
  confirmAfterUnsubscribe:
    'This address was unsubscribed after the link was sent. To receive the newsletter again, subscribe again.',
  unsubscribeUnknown:
    'This unsubscribe link is not valid. Please use the link in the most recent e-mail from us.',
} as const;

export type TNewsletterLinkResult = { status: 'confirmed' | 'unsubscribed'; email: string; changed: boolean };

/** Confirms the subscription a confirm link belongs to. Opening the link again changes nothing. */
export async function confirmNewsletterSubscription(
  deps: Pick<AppDeps, 'database'>,
  token: string,
  now: Date = new Date(),
): Promise<TNewsletterLinkResult> {
  return deps.database.db.transaction(async (tx) => {
    const [subscription] = await tx
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.confirmTokenHash, hashToken(token)))
      .for('update');
    if (!subscription) throw new AppError(400, 'NEWSLETTER_LINK_INVALID', NEWSLETTER_LINK_MESSAGES.confirmUnknown);
    if (subscription.status === 'confirmed') return { status: 'confirmed', email: subscription.email, changed: false };
    if (subscription.status === 'unsubscribed') {
      throw new AppError(400, 'NEWSLETTER_LINK_INVALID', NEWSLETTER_LINK_MESSAGES.confirmAfterUnsubscribe);
    }
    if (subscription.confirmTokenExpiresAt.getTime() <= now.getTime()) {
      throw new AppError(400, 'NEWSLETTER_LINK_EXPIRED', NEWSLETTER_LINK_MESSAGES.confirmExpired);
    }
    await tx
      .update(newsletterSubscriptions)
      .set({ status: 'confirmed', confirmedAt: now, unsubscribedAt: null, updatedAt: now })
      .where(eq(newsletterSubscriptions.id, subscription.id));
    return { status: 'confirmed', email: subscription.email, changed: true };
  });
}
