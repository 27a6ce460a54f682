import { useSearchParams } from 'react-router';
import type { Route } from './+types/guardian-link';
import { GuardianLinkPanel } from '~/features/school/components/guardian-link-panel';
import { useLogout } from '~/features/auth/hooks/use-logout';
import { pageTitle } from '~/content/site';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Link your account') },
  { name: 'robots', content: 'noindex' },
];

/**
 * Opened from the mail a school sends when it asks to link an existing account to a learner. In
 * the account layout: signed out, the visitor signs in first and comes back here (RequireAuth).
 */
export default function GuardianLinkPage() {
  const [searchParams] = useSearchParams();
  const { logout, isLoggingOut } = useLogout();
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:py-24">
      <GuardianLinkPanel
        token={searchParams.get('token')}
        signOut={{ run: () => void logout(), pending: isLoggingOut }}
      />
    </section>
  );
}
