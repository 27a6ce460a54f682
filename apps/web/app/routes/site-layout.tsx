import { Outlet } from 'react-router';
import { SiteFooter } from '~/components/layout/site-footer';
import { TopBar } from '~/components/layout/top-bar';
import { AccountCorner } from '~/features/auth/components/account-corner';
import { NewsletterForm } from '~/features/newsletter/components/newsletter-form';

/** The public site: sticky top bar, the page, footer (spec 2.4). */
export default function SiteLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <TopBar account={<AccountCorner />} />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter newsletter={<NewsletterForm />} />
    </div>
  );
}
