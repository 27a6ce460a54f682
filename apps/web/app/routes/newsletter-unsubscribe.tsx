import { useSearchParams } from 'react-router';
import type { Route } from './+types/newsletter-unsubscribe';
import { NewsletterLinkResult } from '~/features/newsletter/components/newsletter-link-result';
import { pageTitle } from '~/content/site';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Unsubscribe') }, { name: 'robots', content: 'noindex' }];

/** Opened from the unsubscribe link every newsletter mail carries. */
export default function NewsletterUnsubscribePage() {
  const [searchParams] = useSearchParams();
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 sm:py-24">
      <NewsletterLinkResult action="unsubscribe" token={searchParams.get('token')} />
    </section>
  );
}
