import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatZar } from '@sekolo/shared/domain/money';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  ZExemptionApplicationSchema,
  type TExemptionApplication,
  type TMyExemptions,
} from '@sekolo/shared/schemas/finance-exemptions';
import type { TUploadedFile } from '@sekolo/shared/schemas/uploads';
import { FileUpload } from '~/components/upload/file-upload';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { ApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { myExemptionsQuery, useApplyForExemption } from '../api/exemption-queries';
import { formatBps, formatShortDate } from '../lib/format';
import { randToCents } from '../lib/money-input';

/**
 * The parent's fee exemptions at a public school (Schools Act): the applications made and the
 * school's decisions, and the form to apply for a child (full or partial, the parents' income,
 * the dependants and at least one supporting document). An independent school shows nothing.
 */
export function MyExemptions() {
  const exemptions = useQuery(myExemptionsQuery);
  const [open, setOpen] = useState(false);
  if (exemptions.isPending) return <LoadingSpinner className="py-4" label="Loading fee exemptions..." />;
  if (exemptions.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(exemptions.error)}
      </p>
    );
  const data = exemptions.data;
  if (!data.publicSchool || data.learners.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Fee exemptions</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-700">
          At a public school, parents who cannot afford the fees may apply for a full or partial exemption. The school
          decides on the parents’ income and the fees; children in foster care, in a place of safety, orphans and
          children whose parent receives a child support grant are exempted in full: ask the school’s finance office.
        </p>
        {data.applications.length > 0 && (
          <ul className="divide-y divide-slate-100" data-testid="my-exemption-applications">
            {data.applications.map((a) => (
              <ApplicationItem key={a.id} application={a} />
            ))}
          </ul>
        )}
        {open ? (
          <ApplyForm data={data} onDone={() => setOpen(false)} />
        ) : (
          <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
            Apply for a fee exemption
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function ApplicationItem({ application: a }: { application: TExemptionApplication }) {
  const status = { pending: 'Waiting for the school', granted: 'Granted', declined: 'Declined' }[a.status];
  return (
    <li className="py-3 text-sm first:pt-0 last:pb-0" data-testid="my-exemption-application">
      <p className="font-medium text-slate-900">
        {a.learner.name}, {a.year} <Badge variant={a.status === 'granted' ? 'brand' : 'neutral'}>{status}</Badge>
      </p>
      <p className="text-slate-600">
        Applied {formatShortDate(a.createdAt.slice(0, 10))} for a {a.requestedExtent} exemption
      </p>
      {a.decision && (
        <p className="text-slate-700">
          {a.status === 'granted'
            ? a.decision.extent === 'full'
              ? 'Exempted in full. '
              : a.decision.amountCents !== null
                ? `Exempted from ${formatZar(a.decision.amountCents)} of the year’s fees. `
                : `Exempted from ${formatBps(a.decision.percentBps ?? 0)} of the year’s fees. `
            : ''}
          {a.decision.reason}
        </p>
      )}
    </li>
  );
}

function ApplyForm({ data, onDone }: { data: TMyExemptions; onDone: () => void }) {
  const id = useId();
  const apply = useApplyForExemption();
  const [learnerId, setLearnerId] = useState(data.learners[0]!.id);
  const [extent, setExtent] = useState<'full' | 'partial'>('full');
  const [income, setIncome] = useState('');
  const [dependants, setDependants] = useState('');
  const [notes, setNotes] = useState('');
  const [document, setDocument] = useState<TUploadedFile | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const learner = data.learners.find((l) => l.id === learnerId);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = {
      learnerId,
      year: Number(todayInSouthAfrica().slice(0, 4)),
      requestedExtent: extent,
      annualIncomeCents: randToCents(income) ?? -1,
      dependants: dependants.trim() === '' ? 0 : Number(dependants),
      notes,
      documentIds: document ? [document.id] : [],
    };
    const parsed = ZExemptionApplicationSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      await apply.mutateAsync(body);
      toast.success('Your application was sent to the school.');
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
      aria-label="Apply for a fee exemption"
      className="grid gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-2"
    >
      <FormField id={`${id}-learner`} label="Child" error={errors.learnerId}>
        <NativeSelect value={learnerId} onChange={(e) => setLearnerId(e.target.value)}>
          {data.learners.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={`${id}-extent`} label="Exemption asked for" error={errors.requestedExtent}>
        <NativeSelect value={extent} onChange={(e) => setExtent(e.target.value as 'full' | 'partial')}>
          <option value="full">Full exemption</option>
          <option value="partial">Partial exemption</option>
        </NativeSelect>
      </FormField>
      <FormField
        id={`${id}-income`}
        label="Combined yearly income of the parents (R)"
        hint={
          learner && learner.annualFeesCents > 0
            ? `This year’s school fees for ${learner.name}: ${formatZar(learner.annualFeesCents)}.`
            : 'Gross income before deductions; 0 if none.'
        }
        error={errors.annualIncomeCents}
      >
        <Input value={income} onChange={(e) => setIncome(e.target.value)} inputMode="decimal" />
      </FormField>
      <FormField id={`${id}-dependants`} label="Number of dependants" error={errors.dependants}>
        <Input value={dependants} onChange={(e) => setDependants(e.target.value)} inputMode="numeric" />
      </FormField>
      <FormField
        id={`${id}-notes`}
        label="Anything the school should know"
        optional
        error={errors.notes}
        className="sm:col-span-2"
      >
        <Textarea rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </FormField>
      <div className="sm:col-span-2">
        <FileUpload
          id={`${id}-document`}
          label="Supporting document"
          purpose="fee-exemption"
          value={document}
          onChange={setDocument}
          error={errors.documentIds}
          description="Payslips, an affidavit of income or unemployment, or proof of a grant: PDF, PNG, JPEG or WebP. Only the school’s finance staff see it."
        />
      </div>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={apply.isPending}>
          Send application
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
