import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '~/components/ui/button';
import { ApiError } from '~/lib/api-client';
import { revokeOtherSessions } from '../api/auth-requests';

/** /settings: ends every session of this account except the one in this browser. */
export function OtherSessionsButton() {
  const [isPending, setIsPending] = useState(false);

  async function endOthers() {
    setIsPending(true);
    try {
      await revokeOtherSessions();
      toast.success('Other sessions ended', { description: 'You are now signed in on this device only.' });
    } catch (error) {
      toast.error('Could not end the other sessions', {
        description: error instanceof ApiError ? error.message : 'Something went wrong. Please try again.',
      });
    } finally {
      setIsPending(false);
    }
  }

  return (
    <Button variant="secondary" onClick={() => void endOthers()} disabled={isPending}>
      {isPending ? 'Ending sessions...' : 'Sign out all other sessions'}
    </Button>
  );
}
