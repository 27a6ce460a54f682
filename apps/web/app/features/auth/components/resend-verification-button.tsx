import { useState } from 'react';
import { toast } from '~/lib/lazy-toast';
import { Button } from '~/components/ui/button';
import { ApiError } from '~/lib/api-client';
import { sendVerificationEmail } from '../api/auth-requests';

/** Sends the verification link again (login catalogue "email not confirmed", /verification). */
export function ResendVerificationButton({
  email,
  variant = 'secondary',
}: {
  email: string;
  variant?: 'primary' | 'secondary';
}) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');

  async function resend() {
    setState('sending');
    try {
      await sendVerificationEmail(email);
      setState('sent');
      toast.success('Verification email sent', { description: `We sent a new verification link to ${email}.` });
    } catch (error) {
      setState('idle');
      const message =
        error instanceof ApiError && error.code === 'RATE_LIMITED'
          ? 'Too many requests. Please wait a few minutes before asking for another link.'
          : error instanceof ApiError
            ? error.message
            : 'Something went wrong. Please try again.';
      toast.error('Could not send the email', { description: message });
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Button variant={variant} size="sm" onClick={() => void resend()} disabled={state === 'sending'}>
        {state === 'sending' ? 'Sending...' : state === 'sent' ? 'Send the link again' : 'Resend verification email'}
      </Button>
      {state === 'sent' && (
        <p role="status" className="text-sm text-slate-700">
          A new link is on its way to {email}. It may take a minute to arrive.
        </p>
      )}
    </div>
  );
}
