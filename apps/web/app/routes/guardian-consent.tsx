import { useSearchParams } from 'react-router';
import type { Route } from './+types/guardian-consent';
import { GuardianConsentPanel } from '~/features/guardian-consent/guardian-consent-panel';
import { pageTitle } from '~/content/site';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Guardian consent') }, { name: 'robots', content: 'noindex' }];

/** Opened from the consent link e-mailed to a young entrepreneur's guardian. */
export default function GuardianConsentPage() {
  const [searchParams] = useSearchParams();
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 sm:py-24">
      <GuardianConsentPanel token={searchParams.get('token')} />
    </section>
  );
}
