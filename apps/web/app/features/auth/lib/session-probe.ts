import { getMe, type IMe } from '../api/me';

/**
 * One GET /api/me per page for the parts that only need to know whether someone is signed in
 * (the top bar's account corner, SessionSync), without TanStack Query: a signed-out visitor of a
 * public page loads no query or session code. Every caller shares the answer until
 * `probeSession({ fresh: true })` asks again (another tab signed in or out).
 */
let answer: Promise<IMe | null> | null = null;

export function probeSession({ fresh = false }: { fresh?: boolean } = {}): Promise<IMe | null> {
  if (!answer || fresh) {
    // Spec 8: a failed session check leaves the visitor signed out.
    answer = getMe().catch((error: unknown) => {
      console.error('Error loading session', error);
      return null;
    });
  }
  return answer;
}
