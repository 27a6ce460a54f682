import { Link } from 'react-router';
import { Megaphone } from 'lucide-react';
import { paths } from '~/config/paths';

/**
 * The way to the school's announcements from its dashboard, for who sends them (the sidebar keeps
 * the spec's list of items): the school admin and the administrator.
 */
export function AnnouncementsEntry({ permissions }: { permissions: readonly string[] }) {
  if (!permissions.includes('manage_settings') && !permissions.includes('manage_students')) return null;
  return (
    <section aria-labelledby="announcements-entry" className="rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="announcements-entry" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Megaphone className="size-5 text-brand-700" aria-hidden="true" />
        Announcements
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Tell families and staff what is happening, in the app, by e-mail and by SMS, and see who received it.
      </p>
      <Link
        to={paths.communication.announcements}
        className="mt-2 inline-block text-sm font-medium text-brand-700 underline"
      >
        Open announcements
      </Link>
    </section>
  );
}
