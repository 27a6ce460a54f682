import { useSearchParams } from 'react-router';
import type { Route } from './+types/newsletter-confirm';
import { NewsletterLinkResult } from '~/features/newsletter/components/newsletter-link-result';
import { pageTitle } from '~/content/site';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Confirm your subscription') }, { name: 'robots', content: 'noindex' }];

/** Opened from the confirm link in the newsletter mail (double opt-in). */
export default function NewsletterConfirmPage() {
  const [searchParams] = useSearchParams();
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 sm:py-24">
      <NewsletterLinkResult action="confirm" token={searchParams.get('token')} />
    </section>
  );
}
