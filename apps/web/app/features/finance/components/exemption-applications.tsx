import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import { formatZar } from '@sekolo/shared/domain/money';
import { ZExemptionDecisionSchema, type TExemptionApplication } from '@sekolo/shared/schemas/finance-exemptions';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { PressedButtons } from '~/components/ui/pressed-buttons';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { ApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { exemptionApplicationsQuery, exemptionDocumentUrl, useDecideExemption } from '../api/exemption-queries';
import { formatBps, formatShortDate } from '../lib/format';
import { percentToBps, randToCents } from '../lib/money-input';
import { EmptyState, FinancePage } from './finance-page';

const STATUSES = [
  { value: 'pending', label: 'Waiting for a decision' },
  { value: 'decided', label: 'Decided' },
] as const;

/**
 * /dashboard/school/finance/exemptions: parents' applications for exemption from school fees
 * (Schools Act regulations), with the income test's figures and the documents; the accountant or
 * school admin grants one (in full, or a percentage or an amount of the year's fees: the issued
 * invoices are credited at once) or declines it with a reason the parent reads.
 */
export function ExemptionApplications({ canDecide }: { canDecide: boolean }) {
  const [status, setStatus] = useState<'pending' | 'decided'>('pending');
  const applications = useQuery(exemptionApplicationsQuery(status));
  return (
    <FinancePage
      title="Fee exemptions"
      description="Parents’ applications for exemption from school fees. A granted exemption credits the learner’s invoices of the year and lowers the next ones."
    >
      <PressedButtons label="Which applications" options={STATUSES} value={status} onChange={setStatus} />
      {applications.isPending ? (
        <LoadingSpinner label="Loading the applications..." />
      ) : applications.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(applications.error)}
        </p>
      ) : applications.data.length === 0 ? (
        <EmptyState title={status === 'pending' ? 'No application is waiting' : 'No application decided yet'}>
          Parents apply from their dashboard; their applications appear here.
        </EmptyState>
      ) : (
        <ul className="space-y-3" data-testid="exemption-applications">
          {applications.data.map((a) => (
            <ApplicationCard key={a.id} application={a} canDecide={canDecide} />
          ))}
        </ul>
      )}
    </FinancePage>
  );
}

function ApplicationCard({ application: a, canDecide }: { application: TExemptionApplication; canDecide: boolean }) {
  const [deciding, setDeciding] = useState(false);
  return (
    <li className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4" data-testid="exemption-application">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-slate-900">
            {a.learner.name} ({gradeLabel(a.learner.grade)}, {a.learner.admissionNumber}) · {a.year}
          </p>
          <p className="text-sm text-slate-600">
            {a.applicantName} applied on {formatShortDate(a.createdAt.slice(0, 10))} for a {a.requestedExtent} exemption
          </p>
        </div>
        <Badge variant={a.status === 'granted' ? 'brand' : 'neutral'}>
          {{ pending: 'Waiting', granted: 'Granted', declined: 'Declined' }[a.status]}
        </Badge>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">Parents’ yearly income</dt>
          <dd className="font-medium tabular-nums">{formatZar(a.annualIncomeCents)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Yearly fees</dt>
          <dd className="font-medium tabular-nums">{formatZar(a.annualFeesCents)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Fees as share of income</dt>
          <dd className="font-medium tabular-nums">
            {a.feesToIncomeBps === null ? 'No income' : formatBps(a.feesToIncomeBps)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Dependants</dt>
          <dd className="font-medium tabular-nums">{a.dependants}</dd>
        </div>
      </dl>
      {a.notes && <p className="text-sm text-slate-700">“{a.notes}”</p>}
      <p className="flex flex-wrap gap-3 text-sm">
        {a.documents.map((d) => (
          <a
            key={d.id}
            href={exemptionDocumentUrl(a.id, d.id)}
            target="_blank"
            rel="noreferrer"
            className="font-semibold text-brand-700 hover:underline"
          >
            {d.name}
          </a>
        ))}
      </p>
      {a.decision && (
        <p className="text-sm text-slate-700">
          {a.status === 'granted'
            ? a.decision.extent === 'full'
              ? 'Granted in full. '
              : a.decision.amountCents !== null
                ? `Granted: ${formatZar(a.decision.amountCents)} (${formatBps(a.decision.percentBps ?? 0)}). `
                : `Granted: ${formatBps(a.decision.percentBps ?? 0)}. `
            : 'Declined. '}
          {a.decision.reason}
        </p>
      )}
      {canDecide &&
        a.status === 'pending' &&
        (deciding ? (
          <DecisionForm application={a} onDone={() => setDeciding(false)} />
        ) : (
          <Button
            type="button"
            size="sm"
            onClick={() => setDeciding(true)}
            aria-label={`Decide on ${a.learner.name}’s application`}
          >
            Decide
          </Button>
        ))}
    </li>
  );
}

function DecisionForm({ application, onDone }: { application: TExemptionApplication; onDone: () => void }) {
  const id = useId();
  const decide = useDecideExemption();
  const [decision, setDecision] = useState<'granted' | 'declined'>('granted');
  const [extent, setExtent] = useState<'full' | 'partial'>(application.requestedExtent);
  const [by, setBy] = useState<'percent' | 'amount'>('percent');
  const [share, setShare] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const partial = decision === 'granted' && extent === 'partial';
    const body = {
      decision,
      extent,
      ...(partial && by === 'percent' ? { percentBps: percentToBps(share) } : {}),
      ...(partial && by === 'amount' ? { amountCents: randToCents(share) ?? 0 } : {}),
      reason,
    };
    const parsed = ZExemptionDecisionSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((i) => [i.path[0] === 'amountCents' ? 'percentBps' : String(i.path[0]), i.message]),
        ),
      );
      return;
    }
    setErrors({});
    try {
      await decide.mutateAsync({ applicationId: application.id, body });
      toast.success(
        decision === 'granted'
          ? 'Exemption granted; the parent was told.'
          : 'Application declined; the parent was told.',
      );
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.error(errorMessage(error));
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={`Decision on ${application.learner.name}’s application`}
      className="grid gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-2"
    >
      <FormField id={`${id}-decision`} label="Decision">
        <NativeSelect value={decision} onChange={(e) => setDecision(e.target.value as 'granted' | 'declined')}>
          <option value="granted">Grant</option>
          <option value="declined">Decline</option>
        </NativeSelect>
      </FormField>
      {decision === 'granted' && (
        <FormField id={`${id}-extent`} label="Extent">
          <NativeSelect value={extent} onChange={(e) => setExtent(e.target.value as 'full' | 'partial')}>
            <option value="full">Full exemption</option>
            <option value="partial">Partial exemption</option>
          </NativeSelect>
        </FormField>
      )}
      {decision === 'granted' && extent === 'partial' && (
        <>
          <FormField id={`${id}-by`} label="Partial by">
            <NativeSelect value={by} onChange={(e) => setBy(e.target.value as 'percent' | 'amount')}>
              <option value="percent">A percentage of the year’s fees</option>
              <option value="amount">An amount of the year’s fees</option>
            </NativeSelect>
          </FormField>
          <FormField
            id={`${id}-share`}
            label={by === 'percent' ? 'Share exempted (%)' : 'Amount exempted (R)'}
            error={errors.percentBps}
          >
            <Input value={share} onChange={(e) => setShare(e.target.value)} inputMode="decimal" />
          </FormField>
        </>
      )}
      <FormField
        id={`${id}-reason`}
        label="Reason"
        hint="The governing body’s decision as minuted; the parent reads it."
        error={errors.reason}
        className="sm:col-span-2"
      >
        <Textarea rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
      </FormField>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" size="sm" disabled={decide.isPending}>
          Record decision
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
