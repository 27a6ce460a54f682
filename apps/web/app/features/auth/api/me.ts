/**
 * Who is signed in, without TanStack Query: the session probe of public pages (lib/session-probe.ts)
 * asks this before any query code loads; `get-me.ts` wraps it as the `me` query.
 */
import type { accountsContracts, TMe } from '@sekolo/shared/contracts/accounts';
import { contractRef } from '@sekolo/shared/contracts/contract';
import { call } from '~/lib/api-client';

/** GET /api/me: who is signed in (accounts contract). */
export type IMe = TMe;

export const meQueryKey = ['me'] as const;

/**
 * The `me` contract without its schema: every page asks this, and the contract module would bring
 * zod to pages that validate nothing.
 */
const ME = contractRef<typeof accountsContracts.me>('GET', '/api/me');

/**
 * Signed out is an answer, not an error: the server answers null (200), so an anonymous visitor's
 * browser logs no failed request on every page.
 */
export async function getMe(): Promise<IMe | null> {
  return (await call(ME)) ?? null;
}
