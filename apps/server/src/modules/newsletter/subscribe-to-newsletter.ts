import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../platform/http/app-types.ts';
import { newsletterSubscriptions } from '../../platform/db/schema/index.ts';
import { consumeRateLimit } from '../../platform/rate-limits/rate-limit.ts';
import { confirmationMail } from './newsletter-mails.ts';
import { CONFIRM_TOKEN_TTL_MS, createToken, newsletterLinks } from './newsletter-tokens.ts';

/** A stranger could type someone else's address again and again: at most this many mails per address. */
export const CONFIRMATION_MAILS_PER_ADDRESS = { limit: 3, windowMs: 60 * 60 * 1000 };

export type TSubscribeOutcome = 'confirmation-sent' | 'already-confirmed' | 'mail-limit-reached';

/**
 * Starts (or restarts) a double opt-in subscription. Callers answer the same whatever the outcome,
 * so the form never tells a visitor whether an address is already on the list.
 *
 * Mail is sent after the transaction commits, not inside it: the mailer may be SMTP (a mail cannot
 * be unsent if the transaction rolled back) and the outbox mailer writes through its own handle.
 * If sending fails the request fails, and a retry is safe: it issues fresh links and sends again.
 */
export async function subscribeToNewsletter(
  deps: Pick<AppDeps, 'database' | 'mailer' | 'config'>,
  input: { email: string; source?: string },
  now: Date = new Date(),
): Promise<TSubscribeOutcome> {
  const email = input.email.trim().toLowerCase();
  const confirm = createToken();
  const unsubscribe = createToken();
  const fresh = {
    status: 'pending' as const,
    confirmTokenHash: confirm.hash,
    confirmTokenExpiresAt: new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS),
    unsubscribeTokenHash: unsubscribe.hash,
    confirmationSentAt: now,
    updatedAt: now,
  };

  const outcome = await deps.database.db.transaction(async (tx): Promise<TSubscribeOutcome> => {
    const inserted = await tx
      .insert(newsletterSubscriptions)
      .values({ email, source: input.source ?? 'footer', createdAt: now, ...fresh })
      .onConflictDoNothing({ target: newsletterSubscriptions.email })
      .returning({ id: newsletterSubscriptions.id });
    if (inserted.length > 0) {
      await consumeRateLimit(tx, { key: `newsletter-confirmation:${email}`, ...CONFIRMATION_MAILS_PER_ADDRESS, now });
      return 'confirmation-sent';
    }

    const [existing] = await tx
      .select({ id: newsletterSubscriptions.id, status: newsletterSubscriptions.status })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email))
      .for('update');
    if (!existing) throw new Error('newsletter subscription vanished during subscribe');
    if (existing.status === 'confirmed') return 'already-confirmed';

    const limit = await consumeRateLimit(tx, { key: `newsletter-confirmation:${email}`, ...CONFIRMATION_MAILS_PER_ADDRESS, now });
    if (!limit.allowed) return 'mail-limit-reached';

    // Pending (mail lost, link expired) or unsubscribed (wants back in): new links replace the old.
    await tx
      .update(newsletterSubscriptions)
      .set(fresh)
      .where(eq(newsletterSubscriptions.id, existing.id));
    return 'confirmation-sent';
  });

  if (outcome === 'confirmation-sent') {
    const links = newsletterLinks(deps.config.publicUrl, { confirm: confirm.token, unsubscribe: unsubscribe.token });
    await deps.mailer.send(confirmationMail({ email, ...links }));
  }
  return outcome;
}
