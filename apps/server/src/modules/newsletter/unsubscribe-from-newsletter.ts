import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../platform/http/app-types.ts';
import { newsletterSubscriptions } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import { NEWSLETTER_LINK_MESSAGES, type TNewsletterLinkResult } from './confirm-newsletter-subscription.ts';
import { hashToken } from './newsletter-tokens.ts';

/** Unsubscribes the address an unsubscribe link belongs to. The link never expires; repeating it is harmless. */
export async function unsubscribeFromNewsletter(
  deps: Pick<AppDeps, 'database'>,
  token: string,
  now: Date = new Date(),
): Promise<TNewsletterLinkResult> {
  return deps.database.db.transaction(async (tx) => {
    const [subscription] = await tx
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.unsubscribeTokenHash, hashToken(token)))
      .for('update');
    if (!subscription) throw new AppError(400, 'NEWSLETTER_LINK_INVALID', NEWSLETTER_LINK_MESSAGES.unsubscribeUnknown);
    if (subscription.status === 'unsubscribed') return { status: 'unsubscribed', email: subscription.email, changed: false };
    await tx
      .update(newsletterSubscriptions)
      .set({ status: 'unsubscribed', unsubscribedAt: now, updatedAt: now })
      .where(eq(newsletterSubscriptions.id, subscription.id));
    return { status: 'unsubscribed', email: subscription.email, changed: true };
  });
}
