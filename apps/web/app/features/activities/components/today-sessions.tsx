import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatLongDate } from '@sekolo/shared/domain/sa-calendar';
import { Badge } from '~/components/ui/badge';
import { paths } from '~/config/paths';
import { errorMessage } from '~/lib/server-field-errors';
import { todaySessionsQuery } from '../api/activity-queries';

const STATUS = { scheduled: 'Not marked yet', held: 'Register kept', cancelled: 'Cancelled' } as const;

/** The caller's sessions today (the activities they coach), each opening its register: made for a phone. */
export function TodaySessions({ headingLevel = 'h2' }: { headingLevel?: 'h1' | 'h2' }) {
  const today = useQuery(todaySessionsQuery);
  const Heading = headingLevel;
  return (
    <section aria-labelledby="today-sessions" className="space-y-3">
      <Heading
        id="today-sessions"
        className={headingLevel === 'h1' ? 'text-2xl font-bold text-slate-900' : 'text-xl font-semibold text-slate-900'}
      >
        Today’s sessions
      </Heading>
      {today.isPending ? <p className="text-slate-600">Loading…</p> : null}
      {today.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(today.error)}
        </p>
      ) : null}
      {today.data ? (
        <>
          <p className="text-slate-700">{formatLongDate(today.data.date)}</p>
          {today.data.sessions.length === 0 ? (
            <p className="text-slate-600">You coach no activity that meets today.</p>
          ) : (
            <ul className="space-y-2" aria-label="Today’s sessions">
              {today.data.sessions.map((s) => (
                <li key={s.activityId}>
                  <Link
                    to={paths.activities.session(s.activityId, today.data.date)}
                    className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
                  >
                    <span className="min-w-0">
                      <span className="block font-semibold text-slate-900">{s.name}</span>
                      <span className="block text-sm text-slate-700">
                        {s.starts}–{s.ends}
                        {s.venue ? `, ${s.venue}` : ''} · {s.memberCount} members
                      </span>
                    </span>
                    <Badge variant={s.status === 'held' ? 'brand' : s.status === 'cancelled' ? 'accent' : 'neutral'}>
                      {s.status === 'held' ? `${s.marked} marked` : STATUS[s.status]}
                    </Badge>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
