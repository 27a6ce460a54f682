import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { announcementContracts as api } from '@sekolo/shared/contracts/communication';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { paths } from '~/config/paths';
import { urlOf } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { receivedAnnouncementQuery, receivedAnnouncementsQuery } from '../api/announcement-queries';
import { formatWhen } from './announcement-text';

/** The dashboard card: the latest announcements the user's school sent them. */
export function ReceivedAnnouncementsCard() {
  const list = useQuery(receivedAnnouncementsQuery);
  if (!list.data?.length) return null;
  return (
    <section
      aria-labelledby="school-announcements"
      className="rounded-2xl border border-slate-200 bg-white p-4"
      data-testid="received-announcements"
    >
      <h2 id="school-announcements" className="text-lg font-semibold text-slate-900">
        School announcements
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {list.data.slice(0, 5).map((a) => (
          <li key={a.id} className="py-2">
            <Link to={paths.communication.received(a.id)} className="font-medium text-brand-800 underline">
              {a.title}
            </Link>
            <p className="text-xs text-slate-500">
              {a.schoolName} · {formatWhen(a.sentAt)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One announcement as its recipient reads it, with its files. */
export function ReceivedAnnouncement({ announcementId }: { announcementId: string }) {
  const query = useQuery(receivedAnnouncementQuery(announcementId));
  if (query.isPending) return <LoadingSpinner className="py-6" />;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(query.error)}
      </p>
    );
  const a = query.data;
  return (
    <article className="mx-auto max-w-2xl space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <header>
        <p className="text-sm text-slate-600">{a.schoolName}</p>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{a.title}</h1>
        <p className="text-sm text-slate-500">{formatWhen(a.sentAt)}</p>
      </header>
      <p className="whitespace-pre-line text-slate-800">{a.body}</p>
      {a.attachments.length > 0 && (
        <section aria-label="Attachments">
          <h2 className="text-sm font-semibold text-slate-900">Attachments</h2>
          <ul className="mt-1 space-y-1 text-sm">
            {a.attachments.map((f) => (
              <li key={f.id}>
                <a
                  className="text-brand-700 underline"
                  href={urlOf(api.receivedAttachment, { params: { announcementId: a.id, uploadId: f.id } })}
                >
                  {f.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
