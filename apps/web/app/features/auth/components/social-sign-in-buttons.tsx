import { useState } from 'react';
import { toast } from '~/lib/lazy-toast';
import { Button } from '~/components/ui/button';
import { ApiError } from '~/lib/api-client';
import { signInWithProvider } from '../api/auth-requests';

type TProvider = 'google' | 'facebook';
const PROVIDER_LABELS: Record<TProvider, string> = { google: 'Google', facebook: 'Facebook' };

/** Google and Facebook sign-in, shown only for providers whose credentials are configured. */
export function SocialSignInButtons({ google, facebook }: { google: boolean; facebook: boolean }) {
  const [pending, setPending] = useState<TProvider | null>(null);
  const providers = (['google', 'facebook'] as const).filter((provider) => (provider === 'google' ? google : facebook));
  if (providers.length === 0) return null;

  async function start(provider: TProvider) {
    setPending(provider);
    try {
      const { url } = await signInWithProvider(provider);
      if (!url)
        throw new ApiError(0, 'NO_REDIRECT', `${PROVIDER_LABELS[provider]} sign-in did not answer. Please try again.`);
      window.location.assign(url);
    } catch (error) {
      setPending(null);
      toast.error('Login failed', {
        description: error instanceof ApiError ? error.message : 'There was a problem logging in.',
      });
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        {providers.map((provider) => (
          <Button key={provider} variant="secondary" onClick={() => void start(provider)} disabled={pending !== null}>
            {pending === provider ? 'Redirecting...' : PROVIDER_LABELS[provider]}
          </Button>
        ))}
      </div>
    </div>
  );
}
