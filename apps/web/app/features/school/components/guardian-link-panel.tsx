import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Link2, XCircle } from 'lucide-react';
import { GUARDIAN_RELATIONS } from '@sekolo/shared/constants/roles';
import { GUARDIAN_LINK_MESSAGES } from '@sekolo/shared/schemas/school';
import { peopleContracts } from '@sekolo/shared/contracts/people';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { ApiError, call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { SCHOOL_KEY } from '../api/school-queries';
import { paths } from '~/config/paths';

const dayFormat = new Intl.DateTimeFormat('en-ZA', {
  timeZone: 'Africa/Johannesburg',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "Zola", "Zola and Musa", "Zola, Musa and Lebo". */
function namesOf(names: string[]): string {
  if (names.length <= 1) return names[0] ?? 'a learner';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * /guardian-link?token=…: a school asks to link the signed-in account to one of its learners.
 * The holder reads who asks and for whom, and answers with a button: a click, not the page load,
 * answers, so a mail scanner opening the link decides nothing. Only the account the mail went to
 * gets the request; another account is told to sign in with that one.
 */
export function GuardianLinkPanel({
  token,
  signOut,
}: {
  token: string | null;
  /** Signs the wrong account out (the route passes the app's logout). */
  signOut: { run: () => void; pending: boolean };
}) {
  const queryClient = useQueryClient();
  const request = useQuery({
    queryKey: ['guardian-link', token],
    queryFn: () => call(peopleContracts.openGuardianLink, { body: { token: token ?? '' } }).then((a) => a.request),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
  const answer = useMutation({
    mutationFn: (choice: 'accept' | 'decline') =>
      call(choice === 'accept' ? peopleContracts.acceptGuardianLink : peopleContracts.declineGuardianLink, {
        body: { token: token ?? '' },
      }).then((a) => ({ ...a, choice })),
    // The dashboard's children change with an accepted link.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHOOL_KEY }),
  });

  if (!token) {
    return (
      <Outcome icon="error" title="This link is incomplete">
        <p>Please open the link from the e-mail again, or copy the whole address into your browser.</p>
      </Outcome>
    );
  }
  if (request.isPending) return <LoadingSpinner label="Loading the school’s request..." />;
  if (request.isError) {
    const otherAccount = request.error instanceof ApiError && request.error.code === 'FORBIDDEN';
    return (
      <Outcome icon="error" title={otherAccount ? 'This request is for another account' : 'This link no longer works'}>
        <p>{errorMessage(request.error)}</p>
        {otherAccount && (
          <Button className="mt-6" variant="secondary" disabled={signOut.pending} onClick={signOut.run}>
            Sign out
          </Button>
        )}
      </Outcome>
    );
  }
  if (answer.isSuccess) {
    const { choice, schoolName } = answer.data;
    return choice === 'accept' ? (
      <Outcome
        icon="done"
        title="Your account is linked"
        action={{ to: paths.dashboard.parent, label: 'Go to my dashboard' }}
      >
        <p>{GUARDIAN_LINK_MESSAGES.accepted(schoolName)}</p>
      </Outcome>
    ) : (
      <Outcome icon="done" title="You declined">
        <p>{GUARDIAN_LINK_MESSAGES.declined(schoolName)}</p>
      </Outcome>
    );
  }

  const view = request.data;
  const names = namesOf(view.learnerFirstNames);
  const relation =
    view.relation === 'other'
      ? 'parent or guardian'
      : (GUARDIAN_RELATIONS.find((r) => r.id === view.relation)?.label.toLowerCase() ?? 'parent or guardian');
  return (
    <div className="space-y-6">
      <div className="flex flex-col items-center text-center">
        <Link2 className="size-10 text-brand-700" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {view.schoolName} asks to link your account to {names}
        </h1>
      </div>
      <dl className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-slate-50 p-5 text-sm text-slate-800 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-600">School</dt>
        <dd>{view.schoolName}</dd>
        <dt className="font-medium text-slate-600">{view.learnerFirstNames.length > 1 ? 'Learners' : 'Learner'}</dt>
        <dd>{names}</dd>
        <dt className="font-medium text-slate-600">As their</dt>
        <dd>{relation}</dd>
        <dt className="font-medium text-slate-600">Answer by</dt>
        <dd>{dayFormat.format(new Date(view.expiresAt))}</dd>
      </dl>
      <p className="text-slate-600">
        If you accept, you follow {names}’s school life in your account, and {view.schoolName} sees your name, the
        address you sign in with and your picture, as it does for its other parents. If you decline, the school is told
        and sees nothing of your account.
      </p>
      {answer.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(answer.error)}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button onClick={() => answer.mutate('accept')} disabled={answer.isPending}>
          Accept
        </Button>
        <Button variant="secondary" onClick={() => answer.mutate('decline')} disabled={answer.isPending}>
          Decline
        </Button>
      </div>
      <p className="text-center text-sm text-slate-500">If you do not know this school or child, choose Decline.</p>
    </div>
  );
}

function Outcome({
  icon,
  title,
  action = { to: paths.home, label: 'Return to Home' },
  children,
}: {
  icon: 'done' | 'error';
  title: string;
  action?: { to: string; label: string };
  children: React.ReactNode;
}) {
  return (
    <div role="status" className="flex flex-col items-center text-center">
      {icon === 'done' ? (
        <CheckCircle2 className="size-10 text-emerald-600" aria-hidden="true" />
      ) : (
        <XCircle className="size-10 text-red-600" aria-hidden="true" />
      )}
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <div className="mt-4 flex max-w-lg flex-col items-center text-slate-600">{children}</div>
      <div className="mt-8">
        <Button asChild>
          <Link to={action.to}>{action.label}</Link>
        </Button>
      </div>
    </div>
  );
}
