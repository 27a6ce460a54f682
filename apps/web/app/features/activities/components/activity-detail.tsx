import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatLongDate } from '@sekolo/shared/domain/sa-calendar';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { formatSchedule, type TActivityMember } from '@sekolo/shared/schemas/activities';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ConfirmAction } from '~/components/ui/confirm-action';
import { paths } from '~/config/paths';
import { errorMessage } from '~/lib/server-field-errors';
import { activityDetailQuery, useRemoveMember } from '../api/activity-queries';
import { feeText, gradeName, gradesText } from '../lib/format';

const SESSION_STATUS = { scheduled: 'Not marked', held: 'Held', cancelled: 'Cancelled' } as const;

/** One activity: its members with their attendance, the waiting list in order, and its sessions. */
export function ActivityDetail({ activityId }: { activityId: string }) {
  const detail = useQuery(activityDetailQuery(activityId));
  if (detail.isPending) return <p className="text-slate-600">Loading…</p>;
  if (detail.isError)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(detail.error)}
      </p>
    );
  const { activity, members, waiting, sessions, canManage } = detail.data;
  const today = schoolToday();
  return (
    <div className="space-y-8">
      <header className="space-y-1">
        <Link to={paths.activities.school} className="text-sm text-brand-700 underline">
          Extramurals
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">{activity.name}</h1>
        <p className="text-slate-700">
          {formatSchedule(activity.schedule)}
          {activity.venue ? ` · ${activity.venue}` : ''} · {gradesText(activity.grades)} · {feeText(activity.fee)}
        </p>
        <p className="text-slate-700">
          Coach: {activity.coach?.name ?? 'none'} · {activity.memberCount} of {activity.capacity} places taken
          {activity.signUpOpen ? '' : ' · Sign-up closed'}
        </p>
      </header>

      <section aria-labelledby="members" className="space-y-3">
        <h2 id="members" className="text-xl font-semibold text-slate-900">
          Members ({members.length})
        </h2>
        {members.length === 0 ? (
          <p className="text-slate-600">Nobody has signed up yet.</p>
        ) : (
          <MemberTable activityId={activityId} people={members} canManage={canManage} />
        )}
      </section>

      <section aria-labelledby="waiting" className="space-y-3">
        <h2 id="waiting" className="text-xl font-semibold text-slate-900">
          Waiting list ({waiting.length})
        </h2>
        {waiting.length === 0 ? (
          <p className="text-slate-600">Nobody is waiting.</p>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              When a place frees up, the first learner moves up and their family is told.
            </p>
            <MemberTable activityId={activityId} people={waiting} canManage={canManage} />
          </>
        )}
      </section>

      <section aria-labelledby="sessions" className="space-y-3">
        <h2 id="sessions" className="text-xl font-semibold text-slate-900">
          Sessions
        </h2>
        {sessions.length === 0 ? (
          <p className="text-slate-600">No sessions in the last eight weeks or the next two.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Sessions">
            {sessions.map((s) => (
              <li key={s.date} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div>
                  <p className="font-medium text-slate-900">
                    {formatLongDate(s.date)}, {s.starts}–{s.ends}
                  </p>
                  <p className="text-sm text-slate-700">
                    {s.status === 'held'
                      ? `${s.present} present, ${s.absent} absent, ${s.excused} excused`
                      : s.status === 'cancelled'
                        ? `Cancelled: ${s.cancelReason ?? ''}`
                        : s.date > today
                          ? 'Coming up'
                          : 'No register kept'}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <Badge variant={s.status === 'held' ? 'brand' : s.status === 'cancelled' ? 'accent' : 'neutral'}>
                    {SESSION_STATUS[s.status]}
                  </Badge>
                  <Link
                    to={paths.activities.session(activityId, s.date)}
                    className="text-sm font-semibold text-brand-700 underline"
                  >
                    {s.date > today ? 'Open' : 'Register'}
                    <span className="sr-only"> for {formatDate(s.date)}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function MemberTable({
  activityId,
  people,
  canManage,
}: {
  activityId: string;
  people: TActivityMember[];
  canManage: boolean;
}) {
  const remove = useRemoveMember();
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {people[0]?.status === 'waiting' ? <th className="p-3">Place</th> : null}
            <th className="p-3">Learner</th>
            <th className="p-3">Grade</th>
            <th className="p-3">Present</th>
            <th className="p-3">Absent</th>
            <th className="p-3">Excused</th>
            {canManage ? (
              <th className="p-3">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {people.map((p) => (
            <tr key={p.learnerId}>
              {p.status === 'waiting' ? <td className="p-3">{p.waitingPosition}</td> : null}
              <td className="p-3 font-medium text-slate-900">
                {p.name} <span className="text-slate-600">({p.admissionNumber})</span>
              </td>
              <td className="p-3">{gradeName(p.grade)}</td>
              <td className="p-3">{p.attendance.present}</td>
              <td className="p-3">{p.attendance.absent}</td>
              <td className="p-3">{p.attendance.excused}</td>
              {canManage ? (
                <td className="p-3 text-right">
                  <ConfirmAction
                    question={`Take ${p.name} off ${p.status === 'waiting' ? 'the waiting list' : 'the activity'}?`}
                    label={`Remove ${p.name}`}
                    confirmLabel="Remove"
                    cancelLabel="Keep"
                    success={`${p.name} is no longer signed up.`}
                    pending={remove.isPending}
                    onConfirm={() => remove.mutateAsync({ activityId, learnerId: p.learnerId })}
                  >
                    {(ask) => (
                      <Button size="sm" variant="ghost" onClick={ask}>
                        Remove<span className="sr-only"> {p.name}</span>
                      </Button>
                    )}
                  </ConfirmAction>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
