import { useQuery } from '@tanstack/react-query';
import { formatSchedule, type TMyActivity } from '@sekolo/shared/schemas/activities';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ConfirmAction } from '~/components/ui/confirm-action';
import { toastAction } from '~/lib/toast-action';
import { errorMessage } from '~/lib/server-field-errors';
import { myActivitiesQuery, useSignUp, useWithdraw } from '../api/activity-queries';
import { feeText, gradeName, gradesText } from '../lib/format';

/**
 * The Extramurals page of a learner (their own) or a guardian (each child): the activities open to
 * the learner's grade, their schedule, places and fee; sign up, or withdraw.
 */
export function MyExtramurals({ who }: { who: 'learner' | 'parent' }) {
  const mine = useQuery(myActivitiesQuery);
  return (
    <div className="space-y-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Extramurals</h1>
        <p className="text-slate-700">
          {who === 'parent'
            ? 'Sport, culture and clubs your children can join. A fee is billed with the school fees.'
            : 'Sport, culture and clubs you can join. A fee is billed with your school fees.'}
        </p>
      </header>
      {mine.isPending ? <p className="text-slate-600">Loading…</p> : null}
      {mine.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(mine.error)}
        </p>
      ) : null}
      {mine.data && mine.data.learners.length === 0 ? (
        <p className="text-slate-600">
          {who === 'parent'
            ? 'No children are linked to your account at this school yet.'
            : 'Your account is not linked to a learner record yet. Please ask the school office.'}
        </p>
      ) : null}
      {mine.data?.learners.map((learner) => {
        const joined = learner.activities.filter((a) => a.status !== null);
        const open = learner.activities.filter((a) => a.status === null);
        return (
          <section key={learner.learnerId} aria-labelledby={`learner-${learner.learnerId}`} className="space-y-4">
            <h2 id={`learner-${learner.learnerId}`} className="text-xl font-semibold text-slate-900">
              {who === 'parent'
                ? `${learner.name} (${gradeName(learner.grade)})`
                : `Your activities (${gradeName(learner.grade)})`}
            </h2>
            <div className="space-y-2">
              <h3 className="font-semibold text-slate-900">Signed up</h3>
              {joined.length === 0 ? (
                <p className="text-slate-600">Not signed up for anything yet.</p>
              ) : (
                <ul className="grid gap-3 md:grid-cols-2" aria-label={`${learner.name}: signed up`}>
                  {joined.map((a) => (
                    <ActivityCard key={a.id} activity={a} learnerId={learner.learnerId} learnerName={learner.name} />
                  ))}
                </ul>
              )}
            </div>
            <div className="space-y-2">
              <h3 className="font-semibold text-slate-900">Open to {gradeName(learner.grade)}</h3>
              {open.length === 0 ? (
                <p className="text-slate-600">No other activities are open to this grade.</p>
              ) : (
                <ul className="grid gap-3 md:grid-cols-2" aria-label={`${learner.name}: open to join`}>
                  {open.map((a) => (
                    <ActivityCard key={a.id} activity={a} learnerId={learner.learnerId} learnerName={learner.name} />
                  ))}
                </ul>
              )}
            </div>
          </section>
        );
      })}
    </div>
  );
}

function ActivityCard({
  activity: a,
  learnerId,
  learnerName,
}: {
  activity: TMyActivity;
  learnerId: string;
  learnerName: string;
}) {
  const signUp = useSignUp();
  const withdraw = useWithdraw();
  const full = a.memberCount >= a.capacity;
  return (
    <li className="space-y-2 rounded-xl border border-slate-200 bg-white p-4" aria-label={a.name}>
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="text-lg font-semibold text-slate-900">{a.name}</h4>
        <Badge variant="neutral">{a.categoryLabel}</Badge>
        {a.status === 'member' ? <Badge>Signed up</Badge> : null}
        {a.status === 'waiting' ? <Badge variant="accent">Waiting list: number {a.waitingPosition}</Badge> : null}
      </div>
      {a.description ? <p className="text-sm text-slate-700">{a.description}</p> : null}
      <p className="text-sm text-slate-800">
        <span className="font-medium">When:</span> {formatSchedule(a.schedule)}
        {a.venue ? ` · ${a.venue}` : ''}
      </p>
      <p className="text-sm text-slate-800">
        <span className="font-medium">Coach:</span> {a.coach?.name ?? 'to be announced'} · {gradesText(a.grades)} ·{' '}
        {feeText(a.fee)}
      </p>
      {a.status === null ? (
        <p className="text-sm text-slate-700">
          {full ? 'Full: signing up joins the waiting list.' : `${a.capacity - a.memberCount} places left.`}
        </p>
      ) : null}
      {a.status === null ? (
        a.canSignUp ? (
          <Button
            size="sm"
            disabled={signUp.isPending}
            onClick={() =>
              void toastAction(
                () => signUp.mutateAsync({ activityId: a.id, learnerId }),
                (result) => result.message,
              )
            }
          >
            {full ? 'Join the waiting list' : 'Sign up'}
            <span className="sr-only">
              {' '}
              {learnerName} for {a.name}
            </span>
          </Button>
        ) : (
          <p className="text-sm font-medium text-slate-700">Sign-up is closed.</p>
        )
      ) : (
        <ConfirmAction
          question={
            a.status === 'waiting'
              ? `Take ${learnerName} off the waiting list for ${a.name}?`
              : `Withdraw ${learnerName} from ${a.name}?${a.fee ? ' The fee stops from the next invoice.' : ''}`
          }
          label={`Withdraw from ${a.name}`}
          confirmLabel="Withdraw"
          cancelLabel="Stay"
          success={`${learnerName} is no longer signed up for ${a.name}.`}
          pending={withdraw.isPending}
          onConfirm={() => withdraw.mutateAsync({ activityId: a.id, learnerId })}
        >
          {(ask) => (
            <Button size="sm" variant="secondary" onClick={ask}>
              {a.status === 'waiting' ? 'Leave the waiting list' : 'Withdraw'}
              <span className="sr-only"> from {a.name}</span>
            </Button>
          )}
        </ConfirmAction>
      )}
    </li>
  );
}
