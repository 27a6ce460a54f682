/**
 * Who is signed in, without TanStack Query: the session probe of public pages (lib/session-probe.ts)
 * asks this before any query code loads; `get-me.ts` wraps it as the `me` query.
 */
import { accountsContracts, type TMe } from '@sekolo/shared/contracts/accounts';
import { call } from '~/lib/api-client';

/** GET /api/me: who is signed in (accounts contract). */
export type IMe = TMe;

export const meQueryKey = ['me'] as const;

/**
 * Signed out is an answer, not an error: the server answers null (200), so an anonymous visitor's
 * browser logs no failed request on every page.
 */
export async function getMe(): Promise<IMe | null> {
  return (await call(accountsContracts.me)) ?? null;
}
