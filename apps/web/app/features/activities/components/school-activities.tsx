import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatSchedule, type TActivity } from '@sekolo/shared/schemas/activities';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { paths } from '~/config/paths';
import { errorMessage } from '~/lib/server-field-errors';
import { schoolActivitiesQuery } from '../api/activity-queries';
import { feeText, gradesText } from '../lib/format';
import { ActivityForm } from './activity-form';
import { TodaySessions } from './today-sessions';

/**
 * The school's Extramurals page: today's sessions of the caller's activities, and for whoever
 * manages activities (manage_events) the list with adding and editing.
 */
export function SchoolActivities({ manages }: { manages: boolean }) {
  return (
    <div className="space-y-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Extramurals</h1>
        <p className="text-slate-700">Sport, culture and clubs: coaches, schedules, sign-ups and attendance.</p>
      </header>
      <TodaySessions />
      {manages ? (
        <ManagedActivities />
      ) : (
        <p className="text-slate-600">The school’s activities are set up by whoever manages events at your school.</p>
      )}
    </div>
  );
}

function ManagedActivities() {
  const list = useQuery(schoolActivitiesQuery);
  const [editing, setEditing] = useState<TActivity | 'new' | null>(null);
  if (list.isPending) return <p className="text-slate-600">Loading…</p>;
  if (list.isError)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(list.error)}
      </p>
    );
  const { activities, ...options } = list.data;
  return (
    <>
      {editing !== null ? (
        <section className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="activity-form-title">
          <h2 id="activity-form-title" className="mb-4 text-xl font-semibold text-slate-900">
            {editing === 'new' ? 'New activity' : `Edit ${editing.name}`}
          </h2>
          <ActivityForm
            activity={editing === 'new' ? null : editing}
            options={options}
            onDone={() => setEditing(null)}
          />
        </section>
      ) : null}
      <section aria-labelledby="activity-list" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="activity-list" className="text-xl font-semibold text-slate-900">
            Activities
          </h2>
          {editing === null ? <Button onClick={() => setEditing('new')}>Add activity</Button> : null}
        </div>
        {activities.length === 0 ? (
          <p className="text-slate-600">No activities yet. Add your first sport, culture or club activity.</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" aria-label="Activities">
            {activities.map((a) => (
              <li key={a.id} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="text-lg font-semibold text-slate-900">{a.name}</h3>
                  <Badge variant="neutral">{a.categoryLabel}</Badge>
                  {!a.active ? <Badge variant="accent">Not running</Badge> : null}
                  {a.active && !a.signUpOpen ? <Badge variant="accent">Sign-up closed</Badge> : null}
                </div>
                <p className="text-sm text-slate-700">
                  {formatSchedule(a.schedule)}
                  {a.venue ? ` · ${a.venue}` : ''}
                </p>
                <p className="text-sm text-slate-700">
                  Coach: {a.coach?.name ?? 'none'} · {gradesText(a.grades)} · {feeText(a.fee)}
                </p>
                <p className="text-sm font-medium text-slate-900">
                  {a.memberCount} of {a.capacity} places taken
                  {a.waitingCount ? ` · ${a.waitingCount} on the waiting list` : ''}
                </p>
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={paths.activities.activity(a.id)}
                    className="inline-flex h-9 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-50"
                  >
                    Members and sessions<span className="sr-only"> of {a.name}</span>
                  </Link>
                  <Button size="sm" variant="ghost" onClick={() => setEditing(a)}>
                    Edit<span className="sr-only"> {a.name}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
