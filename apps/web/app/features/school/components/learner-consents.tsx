import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { FileSignature, ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import {
  PRIVACY_POLICY_CHILDREN_PATH,
  PRIVACY_POLICY_VERSION,
  PRIVACY_POLICY_VERSIONS,
} from '@sekolo/shared/constants/privacy';
import { formatDate, formatDateOfInstant, isIsoDate, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  ZPaperConsentSchema,
  type TLearnerConsent,
  type TLearnerConsentStatus,
  type TPaperConsentInput,
  type TPaperConsentValues,
} from '@sekolo/shared/schemas/learner-consent';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ConfirmAction } from '~/components/ui/confirm-action';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { useLearnerConsents, useRecordPaperConsent, useWithdrawLearnerConsent } from '../api/learner-consents';
import { useLearnerGuardians } from '../api/school-queries';
import { PanelFormFooter, PanelQuery, useFocusAfterClose, useFocusFirstField } from './panel-parts';

/** A policy version (its publication date) in words: '1 November 2026'. */
export function policyVersionLabel(version: string): string {
  return isIsoDate(version) ? formatDate(version) : version;
}

/** When a consent was given or withdrawn (an instant), as its South African day: '9 November 2026'. */
export function formatConsentDay(iso: string): string {
  return formatDateOfInstant(iso);
}

const STATUS: Record<TLearnerConsentStatus, { label: string; variant: 'brand' | 'accent' }> = {
  given: { label: 'Consent given', variant: 'brand' },
  missing: { label: 'Consent missing', variant: 'accent' },
  outdated: { label: 'Consent outdated', variant: 'accent' },
};

/** The learner's consent status as a badge (the learner list and record). */
export function ConsentBadge({ status }: { status: TLearnerConsentStatus }) {
  return <Badge variant={STATUS[status].variant}>{STATUS[status].label}</Badge>;
}

const FIELDS = ['guardianId', 'signedOn', 'policyVersion'] as const;

/**
 * The learner's record, whether a parent's or guardian's consent to processing the learner's
 * data stands for the current privacy policy, the whole history (online or a signed form, who
 * recorded it, withdrawn when and by whom), and for managers a signed form to record or a consent
 * to withdraw.
 */
export function LearnerConsents({
  learnerId,
  learnerName,
  canManage,
}: {
  learnerId: string;
  learnerName: string;
  canManage: boolean;
}) {
  const consents = useLearnerConsents(learnerId);
  const [recording, setRecording] = useState(false);
  const recordId = useId();
  const focusAfterClose = useFocusAfterClose();
  return (
    <section aria-labelledby="consent-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="consent-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ShieldCheck className="size-5 text-brand-700" aria-hidden="true" />
          Consent to process data
        </h2>
        {consents.data && (
          <span data-testid="consent-status">
            <ConsentBadge status={consents.data.status} />
          </span>
        )}
      </div>
      <p className="text-sm text-slate-600">
        POPIA treats everyone under 18 as a child: the school needs a parent’s or guardian’s consent to process{' '}
        {learnerName}’s data. The current{' '}
        <Link to={PRIVACY_POLICY_CHILDREN_PATH} className="font-semibold text-brand-800 underline">
          privacy policy
        </Link>{' '}
        is the version of {policyVersionLabel(PRIVACY_POLICY_VERSION)}.
        {consents.data?.status === 'outdated' &&
          ' The consent on record is for an older version: please ask for it again.'}
      </p>
      <PanelQuery query={consents}>
        {(data) =>
          data.consents.length === 0 ? (
            <p className="text-sm text-slate-600">No consent recorded yet.</p>
          ) : (
            <ConsentHistory learnerId={learnerId} consents={data.consents} canManage={canManage} />
          )
        }
      </PanelQuery>
      {canManage &&
        (recording ? (
          <PaperConsentForm
            learnerId={learnerId}
            onDone={() => {
              setRecording(false);
              focusAfterClose(recordId);
            }}
          />
        ) : (
          <Button id={recordId} size="sm" variant="secondary" onClick={() => setRecording(true)}>
            <FileSignature aria-hidden="true" />
            Record paper consent
          </Button>
        ))}
    </section>
  );
}

function ConsentHistory({
  learnerId,
  consents,
  canManage,
}: {
  learnerId: string;
  consents: TLearnerConsent[];
  canManage: boolean;
}) {
  const withdraw = useWithdrawLearnerConsent(learnerId);
  const [confirming, setConfirming] = useState<string | null>(null);
  return (
    <ul className="divide-y divide-slate-100" data-testid="consent-history" aria-label="Consent history">
      {consents.map((c) => {
        const withdrawn = c.withdrawnAt !== null;
        return (
          <li key={c.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
            <div className="space-y-1 text-sm">
              <p className={withdrawn ? 'font-medium text-slate-500 line-through' : 'font-medium text-slate-900'}>
                {c.guardianName}: {c.method === 'online' ? 'given online' : 'signed paper form'} on{' '}
                {formatConsentDay(c.givenAt)}
              </p>
              <p className="text-slate-600">
                Privacy policy of {policyVersionLabel(c.policyVersion)}
                {c.policyVersion !== PRIVACY_POLICY_VERSION && ' (an older version)'}
                {c.method === 'paper' && c.recordedByName && ` · recorded by ${c.recordedByName}`}
              </p>
              {withdrawn && (
                <p className="font-medium text-red-800">
                  Withdrawn on {formatConsentDay(c.withdrawnAt!)}
                  {c.withdrawnByName && ` by ${c.withdrawnByName}`}
                </p>
              )}
            </div>
            {canManage && !withdrawn && (
              <ConfirmAction
                label={`Withdraw the consent of ${c.guardianName}`}
                question={`Withdraw ${c.guardianName}’s consent?`}
                confirmLabel="Yes, withdraw"
                cancelLabel="Keep"
                success={`${c.guardianName}’s consent withdrawn`}
                pending={withdraw.isPending}
                onConfirm={() => withdraw.mutateAsync(c.id)}
                open={confirming === c.id}
                onOpenChange={(open) => setConfirming(open ? c.id : null)}
              >
                {(ask) => (
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Withdraw the consent of ${c.guardianName}`}
                    onClick={ask}
                  >
                    Withdraw
                  </Button>
                )}
              </ConfirmAction>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function PaperConsentForm({ learnerId, onDone }: { learnerId: string; onDone: () => void }) {
  const id = useId();
  const f = (name: string) => `${id}-${name}`;
  const guardians = useLearnerGuardians(learnerId);
  const record = useRecordPaperConsent(learnerId);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TPaperConsentInput, unknown, TPaperConsentValues>({
    resolver: zodResolver(ZPaperConsentSchema),
    defaultValues: { guardianId: '', signedOn: todayInSouthAfrica(), policyVersion: PRIVACY_POLICY_VERSION },
  });
  const { errors, isSubmitting } = form.formState;
  const formRef = useFocusFirstField<HTMLFormElement>();
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await record.mutateAsync(values);
      toast.success('Paper consent recorded');
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, FIELDS)) setProblem(errorMessage(error));
    }
  });
  if (guardians.isPending) return <LoadingSpinner className="py-4" />;
  if (guardians.isError || guardians.data.length === 0) {
    return (
      <div className="space-y-2 border-t border-slate-200 pt-4 text-sm">
        <p role="alert" className="text-slate-700">
          {guardians.isError
            ? errorMessage(guardians.error)
            : 'Add the parent or guardian who signed the form under “Parents and guardians” first.'}
        </p>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Close
        </Button>
      </div>
    );
  }
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label="Record paper consent"
      className="grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-3"
    >
      <FormField id={f('guardianId')} label="Parent or guardian who signed" error={errors.guardianId?.message}>
        <Controller
          control={form.control}
          name="guardianId"
          render={({ field: { ref: _ref, ...field } }) => (
            <NativeSelect {...field}>
              <option value="">Choose who signed</option>
              {guardians.data.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.firstName} {g.lastName}
                </option>
              ))}
            </NativeSelect>
          )}
        />
      </FormField>
      <FormField id={f('signedOn')} label="Date signed" error={errors.signedOn?.message}>
        <Controller
          control={form.control}
          name="signedOn"
          render={({ field: { ref: _ref, ...field } }) => <Input type="date" max={todayInSouthAfrica()} {...field} />}
        />
      </FormField>
      <FormField
        id={f('policyVersion')}
        label="Privacy policy version on the form"
        error={errors.policyVersion?.message}
      >
        <Controller
          control={form.control}
          name="policyVersion"
          render={({ field: { ref: _ref, ...field } }) => (
            <NativeSelect {...field}>
              {PRIVACY_POLICY_VERSIONS.map((version) => (
                <option key={version} value={version}>
                  {policyVersionLabel(version)}
                  {version === PRIVACY_POLICY_VERSION ? ' (current)' : ''}
                </option>
              ))}
            </NativeSelect>
          )}
        />
      </FormField>
      <PanelFormFooter problem={problem} submitting={isSubmitting} onCancel={onDone} className="sm:col-span-3">
        Save consent
      </PanelFormFooter>
    </form>
  );
}
