import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { formatZar } from '@sekolo/shared/domain/money';
import { labelOf } from '@sekolo/shared/domain/options';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  EXEMPTION_CATEGORIES,
  ZBursarySchema,
  ZExemptionSchema,
  ZLearnerOptionsSchema,
  type TExemptionCategory,
  type TLearnerFinance,
} from '@sekolo/shared/schemas/finance';
import type { TUploadedFile } from '@sekolo/shared/schemas/uploads';
import { FileUpload } from '~/components/upload/file-upload';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ConfirmAction } from '~/components/ui/confirm-action';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import {
  learnerFinanceQuery,
  structuresQuery,
  useAddBursary,
  useRecordExemption,
  useRemoveBursary,
  useSetLearnerOptions,
} from '../api/finance-queries';
import { convertingResolver } from '../lib/converting-resolver';
import { AutomaticExemption } from './automatic-exemption';
import { formatBps, formatShortDate } from '../lib/format';
import { percentToBps, randToCents } from '../lib/money-input';

/**
 * One learner's fees beyond the grade's structure: the optional items they take, the day fees
 * start for a learner who joined mid-year, bursaries, and the governing body's exemption
 * decisions. Each change applies to invoices issued after it; issued ones are corrected by credit notes.
 */
export function LearnerFees({ learnerId, name, canWrite }: { learnerId: string; name: string; canWrite: boolean }) {
  const finance = useQuery(learnerFinanceQuery(learnerId));
  const year = Number(todayInSouthAfrica().slice(0, 4));
  if (finance.isPending) return <LoadingSpinner className="py-4" label={`Loading ${name}’s fees...`} />;
  if (finance.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(finance.error)}
      </p>
    );
  }
  const f = finance.data;
  return (
    <div className="space-y-5">
      <OptionsForm finance={f} year={year} canWrite={canWrite} />
      <Bursaries finance={f} year={year} canWrite={canWrite} />
      <Exemptions finance={f} year={year} canWrite={canWrite} />
      {canWrite && <AutomaticExemption finance={f} year={year} />}
    </div>
  );
}

type TOptionsForm = { itemIds: string[]; feesFrom: string };

function OptionsForm({ finance, year, canWrite }: { finance: TLearnerFinance; year: number; canWrite: boolean }) {
  const id = useId();
  const structures = useQuery(structuresQuery(year));
  const save = useSetLearnerOptions(finance.learner.id);
  const structure = structures.data?.structures.find((s) => s.grade === finance.learner.grade);
  const optional = structure?.items.filter((item) => item.kind === 'optional') ?? [];
  const taken = finance.options.find((o) => o.year === year)?.itemIds ?? [];
  const form = useForm<TOptionsForm, unknown, z.output<typeof ZLearnerOptionsSchema>>({
    resolver: convertingResolver(ZLearnerOptionsSchema, (v: TOptionsForm) => ({
      year,
      itemIds: v.itemIds,
      feesFrom: v.feesFrom || null,
    })),
    defaultValues: { itemIds: taken, feesFrom: finance.feesFrom ?? '' },
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      toast.success(`${finance.learner.name}’s fees for ${year} are saved.`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={`Optional items of ${finance.learner.name}`}
      className="space-y-3"
    >
      <h3 className="font-semibold text-slate-900">Optional items in {year}</h3>
      {optional.length === 0 ? (
        <p className="text-sm text-slate-600">The grade’s fees for {year} have no optional items.</p>
      ) : (
        <ul className="space-y-1">
          {optional.map((item) => (
            <li key={item.id}>
              <label className="flex items-center gap-2 text-sm text-slate-900">
                <input
                  type="checkbox"
                  value={item.id}
                  disabled={!canWrite}
                  className="size-4 accent-brand-700"
                  {...form.register('itemIds')}
                />
                {item.name} ({formatZar(item.amountCents)} a year)
              </label>
            </li>
          ))}
        </ul>
      )}
      <FormField
        id={`${id}-from`}
        label="Fees from"
        optional
        hint="For a learner who joined after the year began: the run bills the months from this day."
        error={form.formState.errors.feesFrom?.message}
        className="max-w-xs"
      >
        <Input
          type="date"
          min={`${year}-01-01`}
          max={`${year}-12-31`}
          disabled={!canWrite}
          {...form.register('feesFrom')}
        />
      </FormField>
      {canWrite && (
        <Button type="submit" size="sm" variant="secondary" disabled={form.formState.isSubmitting}>
          Save items and start day
        </Button>
      )}
    </form>
  );
}

type TBursaryForm = { name: string; kind: 'percent' | 'amount'; percentBps: string; amountCents: string };

function Bursaries({ finance, year, canWrite }: { finance: TLearnerFinance; year: number; canWrite: boolean }) {
  const id = useId();
  const add = useAddBursary(finance.learner.id);
  const remove = useRemoveBursary(finance.learner.id);
  const [open, setOpen] = useState(false);
  const blank: TBursaryForm = { name: '', kind: 'percent', percentBps: '', amountCents: '' };
  const form = useForm<TBursaryForm, unknown, z.output<typeof ZBursarySchema>>({
    resolver: convertingResolver(ZBursarySchema, (v: TBursaryForm) => ({
      year,
      name: v.name,
      kind: v.kind,
      percentBps: v.kind === 'percent' ? (v.percentBps.trim() ? percentToBps(v.percentBps) : undefined) : undefined,
      amountCents:
        v.kind === 'amount'
          ? v.amountCents.trim()
            ? (randToCents(v.amountCents) ?? Number.NaN)
            : undefined
          : undefined,
    })),
    defaultValues: blank,
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      await add.mutateAsync(body);
      toast.success(`Bursary “${body.name}” added for ${finance.learner.name}.`);
      form.reset(blank);
      setOpen(false);
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['name', 'kind', 'percentBps', 'amountCents']))
        toast.error(errorMessage(error));
    }
  });
  return (
    <div className="space-y-2">
      <h3 className="font-semibold text-slate-900">Bursaries</h3>
      {finance.bursaries.length === 0 ? (
        <p className="text-sm text-slate-600">No bursary.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {finance.bursaries.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center gap-2">
              <span>
                {b.name}, {b.year}:{' '}
                {b.kind === 'percent' && b.percentBps !== null
                  ? `${formatBps(b.percentBps)} of compulsory fees`
                  : formatZar(b.amountCents ?? 0)}
              </span>
              {canWrite && (
                <ConfirmAction
                  question={`End the bursary “${b.name}”? Invoices already issued keep it.`}
                  label={`End the bursary ${b.name}`}
                  confirmLabel="End it"
                  cancelLabel="Keep it"
                  success={`The bursary “${b.name}” is ended.`}
                  pending={remove.isPending}
                  onConfirm={() => remove.mutateAsync(b.id)}
                >
                  {(ask) => (
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      onClick={ask}
                      aria-label={`End the bursary ${b.name}`}
                    >
                      End
                    </Button>
                  )}
                </ConfirmAction>
              )}
            </li>
          ))}
        </ul>
      )}
      {canWrite &&
        (open ? (
          <form
            onSubmit={(e) => void submit(e)}
            noValidate
            aria-label={`Add a bursary for ${finance.learner.name}`}
            className="grid gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-2 lg:grid-cols-4"
          >
            <FormField id={`${id}-name`} label="Bursary" error={errors.name?.message}>
              <Input {...form.register('name')} placeholder="Academic bursary" />
            </FormField>
            <FormField id={`${id}-kind`} label="Kind" error={errors.kind?.message}>
              <NativeSelect {...form.register('kind')}>
                <option value="percent">A percentage of compulsory fees</option>
                <option value="amount">An amount off the year</option>
              </NativeSelect>
            </FormField>
            {kind === 'percent' ? (
              <FormField id={`${id}-percent`} label="Percentage (%)" error={errors.percentBps?.message}>
                <Input {...form.register('percentBps')} inputMode="decimal" />
              </FormField>
            ) : (
              <FormField id={`${id}-amount`} label="Amount (R)" error={errors.amountCents?.message}>
                <Input {...form.register('amountCents')} inputMode="decimal" />
              </FormField>
            )}
            <div className="flex items-end gap-2">
              <Button type="submit" size="sm" disabled={isSubmitting}>
                Add bursary
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(true)}>
            Add a bursary
          </Button>
        ))}
    </div>
  );
}

type TExemptionForm = {
  /** The parent's application or proof (a grant letter), uploaded before the decision is saved. */
  documentIds: TUploadedFile | null;
  category: TExemptionCategory;
  decision: 'granted' | 'refused';
  extent: 'full' | 'partial';
  percentBps: string;
  decisionNotes: string;
  decidedOn: string;
};

function Exemptions({ finance, year, canWrite }: { finance: TLearnerFinance; year: number; canWrite: boolean }) {
  const id = useId();
  const record = useRecordExemption(finance.learner.id);
  const [open, setOpen] = useState(false);
  const blank: TExemptionForm = {
    documentIds: null,
    category: 'social_grant',
    decision: 'granted',
    extent: 'full',
    percentBps: '',
    decisionNotes: '',
    decidedOn: todayInSouthAfrica(),
  };
  const form = useForm<TExemptionForm, unknown, z.output<typeof ZExemptionSchema>>({
    resolver: convertingResolver(ZExemptionSchema, (v: TExemptionForm) => ({
      year,
      category: v.category,
      decision: v.decision,
      extent: v.extent,
      percentBps:
        v.decision === 'granted' && v.extent === 'partial' && v.percentBps.trim()
          ? percentToBps(v.percentBps)
          : undefined,
      decisionNotes: v.decisionNotes,
      decidedOn: v.decidedOn,
      documentIds: v.documentIds ? [v.documentIds.id] : [],
    })),
    defaultValues: blank,
  });
  const decision = useWatch({ control: form.control, name: 'decision' });
  const extent = useWatch({ control: form.control, name: 'extent' });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      await record.mutateAsync(body);
      toast.success(`The exemption decision for ${finance.learner.name} is recorded.`);
      form.reset(blank);
      setOpen(false);
    } catch (error) {
      if (
        !applyServerFieldErrors(error, form.setError, [
          'documentIds',
          'category',
          'decision',
          'extent',
          'percentBps',
          'decisionNotes',
          'decidedOn',
        ])
      )
        toast.error(errorMessage(error));
    }
  });
  return (
    <div className="space-y-2">
      <h3 className="font-semibold text-slate-900">Fee exemptions</h3>
      {finance.exemptions.length === 0 ? (
        <p className="text-sm text-slate-600">No exemption applied for.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {finance.exemptions.map((e) => (
            <li key={e.id}>
              <Badge variant={e.decision === 'granted' ? 'brand' : 'neutral'}>
                {e.decision === 'granted' ? 'Granted' : 'Refused'}
              </Badge>{' '}
              {e.year}: {labelOf(EXEMPTION_CATEGORIES, e.category)}
              {e.decision === 'granted' &&
                (e.extent === 'full' ? ', full' : `, partial (${formatBps(e.percentBps ?? 0)})`)}{' '}
              · decided {formatShortDate(e.decidedOn)}
              <span className="block text-xs text-slate-600">
                {e.decisionNotes}
                {e.documentIds.length > 0 &&
                  ` · ${e.documentIds.length} supporting ${e.documentIds.length === 1 ? 'document' : 'documents'}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {canWrite &&
        (open ? (
          <form
            onSubmit={(e) => void submit(e)}
            noValidate
            aria-label={`Record an exemption decision for ${finance.learner.name}`}
            className="grid gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-2"
          >
            <FormField id={`${id}-category`} label="Category" error={errors.category?.message}>
              <NativeSelect {...form.register('category')}>
                {EXEMPTION_CATEGORIES.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id={`${id}-decision`} label="Decision" error={errors.decision?.message}>
              <NativeSelect {...form.register('decision')}>
                <option value="granted">Granted</option>
                <option value="refused">Refused</option>
              </NativeSelect>
            </FormField>
            {decision === 'granted' && (
              <FormField id={`${id}-extent`} label="Extent" error={errors.extent?.message}>
                <NativeSelect {...form.register('extent')}>
                  <option value="full">Full exemption</option>
                  <option value="partial">Partial exemption</option>
                </NativeSelect>
              </FormField>
            )}
            {decision === 'granted' && extent === 'partial' && (
              <FormField id={`${id}-percent`} label="Share exempted (%)" error={errors.percentBps?.message}>
                <Input {...form.register('percentBps')} inputMode="decimal" />
              </FormField>
            )}
            <FormField id={`${id}-on`} label="Decided on" error={errors.decidedOn?.message}>
              <Input type="date" {...form.register('decidedOn')} />
            </FormField>
            <FormField
              id={`${id}-notes`}
              label="The governing body’s decision"
              hint="The meeting, the date and the reasons, as minuted."
              error={errors.decisionNotes?.message}
              className="sm:col-span-2"
            >
              <Textarea rows={3} {...form.register('decisionNotes')} />
            </FormField>
            <div className="sm:col-span-2">
              <Controller
                control={form.control}
                name="documentIds"
                render={({ field }) => (
                  <FileUpload
                    id={`${id}-document`}
                    label="Supporting document"
                    required={false}
                    purpose="fee-exemption"
                    value={field.value}
                    onChange={field.onChange}
                    error={errors.documentIds?.message}
                    description="The parent’s application or proof, e.g. a grant letter: PDF, PNG, JPEG or WebP."
                  />
                )}
              />
            </div>
            <div className="flex gap-2 sm:col-span-2">
              <Button type="submit" size="sm" disabled={isSubmitting}>
                Record decision
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(true)}>
            Record an exemption decision
          </Button>
        ))}
    </div>
  );
}
