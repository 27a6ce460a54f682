import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TAnnouncementDetail } from '@sekolo/shared/schemas/communication';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { paths } from '~/config/paths';
import { errorMessage } from '~/lib/server-field-errors';
import { uploadedFileUrl } from '~/lib/upload-file';
import { announcementQuery, useCancelAnnouncement } from '../api/announcement-queries';
import { channelsText, STATUS_LABELS, whenText } from './announcement-text';

const n = (value: number) => value.toLocaleString('en-ZA');

/** One announcement as sent, and its delivery report per channel. */
export function AnnouncementReport({ announcementId }: { announcementId: string }) {
  const query = useQuery(announcementQuery(announcementId));
  const cancel = useCancelAnnouncement();
  if (query.isPending) return <LoadingSpinner className="py-6" />;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(query.error)}
      </p>
    );
  const a = query.data;
  return (
    <div className="space-y-6">
      <Link to={paths.communication.announcements} className="text-sm font-medium text-brand-700 underline">
        All announcements
      </Link>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{a.title}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {STATUS_LABELS[a.status]} · {a.audienceLabel} · {channelsText(a.channels)} · {whenText(a)}
          {a.createdByName ? ` · by ${a.createdByName}` : ''}
        </p>
      </div>
      <section aria-label="Message" className="rounded-2xl border border-slate-200 bg-white p-4">
        <p className="whitespace-pre-line text-slate-800">{a.body}</p>
        {a.attachments.length > 0 && (
          <ul className="mt-3 space-y-1 text-sm">
            {a.attachments.map((f) => (
              <li key={f.id}>
                <a href={uploadedFileUrl(f.id)} className="text-brand-700 underline" target="_blank" rel="noreferrer">
                  {f.name}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      {a.status === 'scheduled' && (
        <Button variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate(a.id)}>
          Cancel this announcement
        </Button>
      )}
      {a.status !== 'scheduled' && a.status !== 'cancelled' && <DeliveryReport a={a} />}
    </div>
  );
}

function DeliveryReport({ a }: { a: TAnnouncementDetail }) {
  const r = a.report;
  const rows: { channel: string; show: boolean; cells: [string, number][] }[] = [
    {
      channel: 'In the app',
      show: a.channels.includes('in_app'),
      cells: [
        ['Delivered', r.inApp.recipients],
        ['Read', r.inApp.read],
      ],
    },
    {
      channel: 'E-mail',
      show: a.channels.includes('email'),
      cells: [
        ['Recipients', r.email.recipients],
        ['Queued', r.email.queued],
        ['Sent', r.email.sent],
        ['Failed', r.email.failed],
        ['Not sent (no address, or turned off)', r.email.skipped],
      ],
    },
    {
      channel: 'SMS',
      show: a.channels.includes('sms'),
      cells: [
        ['Recipients', r.sms.recipients],
        ['Queued', r.sms.queued],
        ['Sent', r.sms.sent],
        ['Delivered', r.sms.delivered],
        ['Failed', r.sms.failed],
        ['Opted out', r.sms.optedOut],
        ['Not a cell number', r.sms.invalid],
        ['Not sent (no number, or turned off)', r.sms.skipped],
      ],
    },
  ];
  return (
    <section aria-labelledby="delivery-report" className="space-y-3">
      <h2 id="delivery-report" className="text-lg font-semibold text-slate-900">
        Delivery report
      </h2>
      <p className="text-sm text-slate-600">{n(a.recipientCount)} recipients.</p>
      <div className="grid gap-3 md:grid-cols-3">
        {rows
          .filter((row) => row.show)
          .map((row) => (
            <div
              key={row.channel}
              className="rounded-2xl border border-slate-200 bg-white p-4"
              data-testid={`report-${row.channel}`}
            >
              <h3 className="font-medium text-slate-900">{row.channel}</h3>
              <dl className="mt-2 space-y-1 text-sm">
                {row.cells.map(([label, value]) => (
                  <div key={label} className="flex justify-between gap-2">
                    <dt className="text-slate-600">{label}</dt>
                    <dd className="font-medium text-slate-900 tabular-nums">{n(value)}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
      </div>
    </section>
  );
}
