import { useId, useState } from 'react';
import { CheckCircle2, ShieldAlert, ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { PRIVACY_POLICY_CHILDREN_PATH, PRIVACY_POLICY_VERSION } from '@sekolo/shared/constants/privacy';
import {
  CONSENT_MESSAGES,
  learnerConsentText,
  ZOnlineConsentSchema,
  type TChildConsent,
} from '@sekolo/shared/schemas/learner-consent';
import { Button } from '~/components/ui/button';
import { ConfirmAction } from '~/components/ui/confirm-action';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { cn } from '~/lib/cn';
import { errorMessage } from '~/lib/server-field-errors';
import { useGiveConsent, useMyChildrenConsents, useWithdrawOwnConsent } from '../api/learner-consents';
import { formatConsentDay, policyVersionLabel } from './learner-consents';

/**
 * The parent dashboard asks for consent first thing: for each child whose school has no
 * consent to the current privacy policy, what is consented to, the policy, a checkbox and a button;
 * afterwards the date it was given, with a way to withdraw it.
 */
export function ConsentRequest() {
  const consents = useMyChildrenConsents();
  if (consents.isPending) return <LoadingSpinner className="py-6" />;
  if (consents.isError) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        {errorMessage(consents.error)}
      </p>
    );
  }
  const { children } = consents.data;
  if (children.length === 0) return null;
  const asking = children.some((child) => child.status !== 'given');
  return (
    <Card className={cn(asking && 'border-amber-300 ring-1 ring-amber-200')} data-testid="consent-request">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {asking ? (
            <ShieldAlert className="size-5 text-amber-700" aria-hidden="true" />
          ) : (
            <ShieldCheck className="size-5 text-brand-700" aria-hidden="true" />
          )}
          {asking ? 'Your consent is needed' : 'Consent for your children’s data'}
        </CardTitle>
        <CardDescription>
          POPIA treats everyone under 18 as a child: a school may process a learner’s personal information only with a
          parent’s or guardian’s consent. Please read the{' '}
          <a
            href={PRIVACY_POLICY_CHILDREN_PATH}
            target="_blank"
            rel="noopener"
            className="font-semibold text-brand-800 underline"
          >
            privacy policy of {policyVersionLabel(PRIVACY_POLICY_VERSION)}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {children.map((child) => (
          <ChildConsent key={child.learnerId} child={child} />
        ))}
      </CardContent>
    </Card>
  );
}

function ChildConsent({ child }: { child: TChildConsent }) {
  const id = useId();
  const name = `${child.preferredName || child.firstName} ${child.lastName}`;
  return (
    <section aria-labelledby={`${id}-name`} className="rounded-xl border border-slate-200 p-4">
      <h4 id={`${id}-name`} className="font-semibold text-slate-900">
        {name} <span className="font-normal text-slate-600">· {child.schoolName}</span>
      </h4>
      {child.mine ? (
        <GivenByMe child={child} name={name} />
      ) : child.givenByOther ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-slate-700">
          <CheckCircle2 className="size-4 text-emerald-700" aria-hidden="true" />
          {child.givenByOther.guardianName} gave consent on {formatConsentDay(child.givenByOther.givenAt)}.
        </p>
      ) : (
        <ConsentForm child={child} name={name} />
      )}
    </section>
  );
}

function GivenByMe({ child, name }: { child: TChildConsent; name: string }) {
  const withdraw = useWithdrawOwnConsent();
  return (
    <div className="mt-2 space-y-3 text-sm">
      <p className="flex items-center gap-2 text-slate-800" data-testid="consent-given">
        <CheckCircle2 className="size-4 text-emerald-700" aria-hidden="true" />
        Consent given on {formatConsentDay(child.mine!.givenAt)}
        {child.mine!.method === 'paper' ? ' (signed form recorded by the school)' : ''}.
      </p>
      <ConfirmAction
        label={`Withdraw your consent for ${name}`}
        question={`Withdraw your consent for ${name}? The school will see that you withdrew it.`}
        confirmLabel="Yes, withdraw"
        cancelLabel="Keep my consent"
        success={`Your consent for ${name} is withdrawn`}
        pending={withdraw.isPending}
        onConfirm={() => withdraw.mutateAsync(child.learnerId)}
      >
        {(ask) => (
          <Button size="sm" variant="secondary" onClick={ask}>
            Withdraw consent
          </Button>
        )}
      </ConfirmAction>
    </div>
  );
}

function ConsentForm({ child, name }: { child: TChildConsent; name: string }) {
  const id = useId();
  const give = useGiveConsent();
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZOnlineConsentSchema.safeParse({ policyVersion: PRIVACY_POLICY_VERSION, agreed });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? CONSENT_MESSAGES.agreeRequired);
      return;
    }
    setError(null);
    try {
      await give.mutateAsync({ learnerId: child.learnerId, ...parsed.data });
      toast.success(`Thank you: your consent for ${name} is recorded`);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <form onSubmit={submit} noValidate className="mt-2 space-y-3 text-sm" aria-label={`Consent for ${name}`}>
      {child.status === 'outdated' && (
        <p className="font-medium text-amber-900">
          The privacy policy changed on {policyVersionLabel(PRIVACY_POLICY_VERSION)}. Please read it and give your
          consent again.
        </p>
      )}
      <blockquote id={`${id}-text`} className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-800">
        {learnerConsentText(name, child.schoolName)}
      </blockquote>
      <div className="flex items-start gap-2">
        <input
          id={`${id}-agree`}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-brand-700"
          checked={agreed}
          onChange={(event) => setAgreed(event.currentTarget.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-text`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
        />
        <label htmlFor={`${id}-agree`} className="text-slate-800">
          I have read the privacy policy and I give my consent for {name}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" disabled={give.isPending}>
        {give.isPending ? 'Recording...' : 'Give consent'}
      </Button>
    </form>
  );
}
