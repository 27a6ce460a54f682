import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { SmsViewer } from '~/features/dev-outbox/components/sms-viewer';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/dev-sms';
import { paths } from '~/config/paths';

// Renders in the browser only: the server sends the fallback (lib/client-only-route.tsx).
export { clientLoader, HydrateFallback } from '~/lib/client-only-route';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('SMS sandbox (development only)') },
  { name: 'robots', content: 'noindex' },
];

/** /dev/sms: DEVELOPMENT ONLY. Reads the SMS sandbox through GET /api/dev/sms. */
export default function DevSmsPage() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <div className="border-b-4 border-amber-500 bg-amber-100 px-4 py-3 text-amber-950" role="note">
        <p className="mx-auto flex max-w-6xl items-center gap-2 text-sm font-semibold">
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          DEVELOPMENT ONLY: SMS the schools' sandbox accounts would have sent. This page and its API are off in
          production.
        </p>
      </div>
      <main className="mx-auto max-w-6xl px-4 py-10">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">SMS sandbox</h1>
            <p className="mt-1 text-slate-600">Newest first: what each school's sandbox account sent, and to whom.</p>
          </div>
          <Link to={paths.home} className="text-sm font-medium text-brand-700 underline">
            Back to the site
          </Link>
        </div>
        <SmsViewer />
      </main>
    </div>
  );
}
