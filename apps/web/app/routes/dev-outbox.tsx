import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { OutboxViewer } from '~/features/dev-outbox/components/outbox-viewer';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/dev-outbox';
import { paths } from '~/config/paths';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Outbox (development only)') }, { name: 'robots', content: 'noindex' }];

/** /dev/outbox: DEVELOPMENT ONLY. Reads the embedded outbox through GET /api/dev/outbox. */
export default function DevOutboxPage() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <div className="border-b-4 border-amber-500 bg-amber-100 px-4 py-3 text-amber-950" role="note">
        <p className="mx-auto flex max-w-6xl items-center gap-2 text-sm font-semibold">
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          DEVELOPMENT ONLY: mail the platform would have sent. This page and its API are off in production.
        </p>
      </div>
      <main className="mx-auto max-w-6xl px-4 py-10">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">Outbox</h1>
            <p className="mt-1 text-slate-600">Newest first. Links in a message open as they would from a mail client.</p>
          </div>
          <Link to={paths.home} className="text-sm font-medium text-brand-700 underline">
            Back to the site
          </Link>
        </div>
        <OutboxViewer />
      </main>
    </div>
  );
}
