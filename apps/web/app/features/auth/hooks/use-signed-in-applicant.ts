import { useEffect, useState } from 'react';
import type { IMe } from '../api/me';
import { listenToAuth } from '../lib/auth-broadcast';
import { probeSession } from '../lib/session-probe';

/**
 * The signed-in user when they are an applicant (their account exists, their application is not
 * finished), else null: asked when the page shows and again when another tab signs in or out. A
 * plain GET /api/me (the session probe), so the register page loads no query code for it.
 */
export function useSignedInApplicant(): IMe['user'] | null {
  const [applicant, setApplicant] = useState<IMe['user'] | null>(null);
  useEffect(() => {
    let cancelled = false;
    const ask = () =>
      void probeSession({ fresh: true }).then((me) => {
        if (!cancelled) setApplicant(me?.status === 'applicant' ? me.user : null);
      });
    ask();
    const stopListening = listenToAuth(ask);
    return () => {
      cancelled = true;
      stopListening();
    };
  }, []);
  return applicant;
}
