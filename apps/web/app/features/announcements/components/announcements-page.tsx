import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { paths } from '~/config/paths';
import { errorMessage } from '~/lib/server-field-errors';
import { announcementsQuery } from '../api/announcement-queries';
import { channelsText, STATUS_LABELS, whenText } from './announcement-text';
import { ComposeAnnouncement } from './compose-announcement';

/** The school's announcements: compose one, and the list of those sent and scheduled. */
export function AnnouncementsPage({ canManageSms }: { canManageSms: boolean }) {
  const list = useQuery(announcementsQuery);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Announcements</h1>
          <p className="text-sm text-slate-600">
            Tell families and staff what is happening: in the app, by e-mail and by SMS.
          </p>
        </div>
        {canManageSms && (
          <Link to={paths.communication.smsSettings} className="text-sm font-medium text-brand-700 underline">
            SMS account settings
          </Link>
        )}
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ComposeAnnouncement />
        <section aria-labelledby="sent-announcements" className="space-y-3">
          <h2 id="sent-announcements" className="text-lg font-semibold text-slate-900">
            Sent and scheduled
          </h2>
          {list.isPending ? (
            <LoadingSpinner className="py-6" />
          ) : list.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {errorMessage(list.error)}
            </p>
          ) : list.data.length === 0 ? (
            <p className="text-sm text-slate-600">No announcements yet.</p>
          ) : (
            <ul className="space-y-2" data-testid="announcement-list">
              {list.data.map((a) => (
                <li key={a.id}>
                  <Link
                    to={paths.communication.announcement(a.id)}
                    className="block rounded-xl border border-slate-200 bg-white p-3 hover:border-brand-300"
                  >
                    <span className="flex items-start justify-between gap-2">
                      <span className="font-medium text-slate-900">{a.title}</span>
                      <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                        {STATUS_LABELS[a.status]}
                      </span>
                    </span>
                    <span className="mt-1 block text-sm text-slate-700">
                      {a.audienceLabel} · {channelsText(a.channels)}
                    </span>
                    <span className="block text-xs text-slate-500">
                      {whenText(a)}
                      {a.recipientCount ? ` · ${a.recipientCount.toLocaleString('en-ZA')} recipients` : ''}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
