/**
 * Who is signed in, without TanStack Query: the session probe of public pages (lib/session-probe.ts)
 * asks this before any query code loads; `get-me.ts` wraps it as the `me` query.
 */
import { api } from '~/lib/api-client';

/** GET /api/me: who is signed in (accounts contract). */
export interface IMe {
  user: {
    id: string;
    email: string;
    name: string;
    firstName: string | null;
    lastName: string | null;
    image: string | null;
    emailVerified: boolean;
  };
  role: string | null;
  status: 'active' | 'applicant';
  permissions: string[];
  organization: { id: string; name: string; type: string } | null;
  dashboardPath: string;
}

export const meQueryKey = ['me'] as const;

/**
 * Signed out is an answer, not an error: the server answers null (200), so an anonymous visitor's
 * browser logs no failed request on every page.
 */
export async function getMe(): Promise<IMe | null> {
  return (await api.get<IMe | null>('/api/me')) ?? null;
}
