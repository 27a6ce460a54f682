import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { Plus, Trash2 } from 'lucide-react';
import { SCHOOL_GRADES, gradeLabel, type TSchoolGrade } from '@sekolo/shared/constants/enumerations';
import { formatZar } from '@sekolo/shared/domain/money';
import { labelOf } from '@sekolo/shared/domain/options';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  FEE_ITEM_KINDS,
  INSTALMENT_PLANS,
  ZCopyStructuresSchema,
  ZFeeStructureSchema,
  defaultDueDates,
  instalmentCount,
  splitInstalments,
  type TFeeItemKind,
  type TFeeStructure,
  type TInstalmentPlan,
} from '@sekolo/shared/schemas/finance';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ConfirmAction } from '~/components/ui/confirm-action';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import {
  structuresQuery,
  useCopyStructures,
  useCreateStructure,
  useDeleteStructure,
  useUpdateStructure,
} from '../api/finance-queries';
import { convertingResolver } from '../lib/converting-resolver';
import { copiedText, formatShortDate } from '../lib/format';
import { centsToRandInput, percentToBps, randToCents } from '../lib/money-input';
import { EmptyState, FinancePage } from './finance-page';
import { FinanceSettings } from './finance-settings';

/** The school's year by default, or the year the address names (?year=2027). */
function useFinanceYear(): [number, (year: number) => void] {
  const [params, setParams] = useSearchParams();
  const current = Number(todayInSouthAfrica().slice(0, 4));
  const named = Number(params.get('year'));
  const year = Number.isInteger(named) && named >= 2000 && named <= 2100 ? named : current;
  return [year, (next) => setParams({ year: String(next) }, { replace: true })];
}

/**
 * /dashboard/school/finance/fees: each grade's fees for a year (tuition, levies, optional items),
 * their instalment plans and due dates; a new year starts as a copy of the last one.
 */
export function FeeStructures({ canEdit }: { canEdit: boolean }) {
  const id = useId();
  const [year, setYear] = useFinanceYear();
  const structures = useQuery(structuresQuery(year));
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const current = Number(todayInSouthAfrica().slice(0, 4));
  // The years with fees, this year and the next, and the year after the one shown and after the
  // last with fees (to set up the next from it).
  const withFees = structures.data?.years ?? [];
  const years = [
    ...new Set([...withFees, current - 1, current, current + 1, year, year + 1, Math.max(current, ...withFees) + 1]),
  ].sort((a, b) => a - b);
  const taken = new Set(structures.data?.structures.map((s) => s.grade));
  const freeGrades = SCHOOL_GRADES.filter((g) => !taken.has(g.id));

  return (
    <FinancePage
      title="Fee structures"
      description="What each grade pays in a year, item by item, and when each instalment falls due."
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-40 space-y-1.5">
          <label htmlFor={`${id}-year`} className="text-sm font-medium text-slate-900">
            Year
          </label>
          <NativeSelect
            id={`${id}-year`}
            value={year}
            onChange={(e) => {
              setEditing(null);
              setAdding(false);
              setYear(Number((e.target as HTMLSelectElement).value));
            }}
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </NativeSelect>
        </div>
        {canEdit && !adding && freeGrades.length > 0 && (
          <Button type="button" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" /> Add a grade’s fees
          </Button>
        )}
      </div>

      {canEdit && adding && (
        <StructureForm year={year} grades={freeGrades.map((g) => g.id)} onDone={() => setAdding(false)} />
      )}

      {structures.isPending ? (
        <LoadingSpinner label="Loading the fee structures..." />
      ) : structures.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(structures.error)}
        </p>
      ) : structures.data.structures.length === 0 ? (
        <EmptyState title={`No fee structures for ${year} yet`}>
          {canEdit
            ? 'Add each grade’s fees, or copy another year’s fees to start from.'
            : 'The school has not set them up yet.'}
        </EmptyState>
      ) : (
        <ul className="space-y-4" aria-label={`Fee structures for ${year}`}>
          {structures.data.structures.map((structure) => (
            <li key={structure.id}>
              {editing === structure.id ? (
                <StructureForm year={year} structure={structure} onDone={() => setEditing(null)} />
              ) : (
                <StructureCard structure={structure} canEdit={canEdit} onEdit={() => setEditing(structure.id)} />
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && structures.isSuccess && freeGrades.length > 0 && (
        <CopyYearForm key={year} toYear={year} years={structures.data.years.filter((y) => y !== year)} />
      )}
      <FinanceSettings canEdit={canEdit} />
    </FinancePage>
  );
}

function StructureCard({
  structure,
  canEdit,
  onEdit,
}: {
  structure: TFeeStructure;
  canEdit: boolean;
  onEdit: () => void;
}) {
  const headingId = useId();
  const remove = useDeleteStructure();
  const grade = gradeLabel(structure.grade) ?? structure.grade;
  const invoiced = structure.items.some((item) => item.invoiced);
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4"
      data-testid="fee-structure"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {grade}
        </h2>
        <p className="text-sm text-slate-700">
          Compulsory fees for the year:{' '}
          <strong className="tabular-nums">{formatZar(structure.compulsoryTotalCents)}</strong>
        </p>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <caption className="sr-only">Fee items of {grade}</caption>
          <thead className="border-b border-slate-200 text-xs text-slate-600 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Item
              </th>
              <th scope="col" className="py-2 pr-3">
                Plan
              </th>
              <th scope="col" className="py-2 pr-3">
                Due
              </th>
              <th scope="col" className="py-2 text-right">
                Year’s amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {structure.items.map((item) => {
              const parts = splitInstalments(item.amountCents, item.dueDates.length || 1);
              return (
                <tr key={item.id}>
                  <td className="py-2 pr-3">
                    <span className="font-medium text-slate-900">{item.name}</span>{' '}
                    {item.kind === 'optional' && <Badge variant="neutral">Optional</Badge>}
                  </td>
                  <td className="py-2 pr-3 text-slate-700">
                    {labelOf(INSTALMENT_PLANS, item.plan)}
                    {parts.length > 1 && (
                      <span className="block text-xs">{formatZar(parts[parts.length - 1]!)} each</span>
                    )}
                  </td>
                  <td className="py-2 pr-3 text-xs text-slate-700">{item.dueDates.map(formatShortDate).join(', ')}</td>
                  <td className="py-2 text-right font-medium tabular-nums text-slate-900">
                    {formatZar(item.amountCents)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {canEdit && (
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit the fees of ${grade}`}>
            Edit
          </Button>
          {!invoiced && (
            <ConfirmAction
              question={`Delete the fee structure of ${grade}?`}
              label={`Delete the fees of ${grade}`}
              confirmLabel="Delete"
              cancelLabel="Keep it"
              success={`The fee structure of ${grade} is deleted.`}
              pending={remove.isPending}
              onConfirm={() => remove.mutateAsync(structure.id)}
            >
              {(ask) => (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={ask}
                  aria-label={`Delete the fees of ${grade}`}
                >
                  Delete
                </Button>
              )}
            </ConfirmAction>
          )}
          {invoiced && (
            <p className="text-xs text-slate-600">
              Invoices were issued from these fees: changes apply to later invoices.
            </p>
          )}
        </div>
      )}
    </section>
  );
}

type TItemForm = {
  id?: string;
  name: string;
  kind: TFeeItemKind;
  /** Rand as typed; the resolver reads it as cents. */
  amountCents: string;
  plan: TInstalmentPlan;
  dueDates: string[];
  /** Standard-rated for VAT (a VAT-registered school's tax invoice shows its 15 %); else exempt. */
  vatApplicable: boolean;
};
type TStructureForm = { grade: TSchoolGrade | ''; items: TItemForm[] };
type TStructureOutput = z.output<typeof ZFeeStructureSchema>;

const blankItem = (year: number): TItemForm => ({
  name: '',
  kind: 'tuition',
  amountCents: '',
  plan: 'monthly_10',
  dueDates: defaultDueDates(year, 'monthly_10'),
  vatApplicable: false,
});

/** The grade's items as the form edits them: amounts in rand, each plan with its due dates. */
function formValuesOf(year: number, structure?: TFeeStructure, grade?: TSchoolGrade): TStructureForm {
  if (!structure) return { grade: grade ?? '', items: [blankItem(year)] };
  return {
    grade: structure.grade,
    items: structure.items.map((item) => ({
      id: item.id,
      name: item.name,
      kind: item.kind,
      amountCents: centsToRandInput(item.amountCents),
      plan: item.plan,
      dueDates: item.dueDates,
      vatApplicable: item.vatApplicable,
    })),
  };
}

function StructureForm({
  year,
  structure,
  grades,
  onDone,
}: {
  year: number;
  structure?: TFeeStructure;
  /** The grades without fees yet, for a new structure. */
  grades?: readonly TSchoolGrade[];
  onDone: () => void;
}) {
  const id = useId();
  const create = useCreateStructure();
  const update = useUpdateStructure();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TStructureForm, unknown, TStructureOutput>({
    resolver: convertingResolver(ZFeeStructureSchema, (values: TStructureForm) => ({
      year,
      grade: values.grade,
      items: values.items.map((item) => ({
        ...(item.id ? { id: item.id } : {}),
        name: item.name,
        kind: item.kind,
        amountCents: randToCents(item.amountCents) ?? Number.NaN,
        plan: item.plan,
        dueDates: item.dueDates,
        vatApplicable: item.vatApplicable,
      })),
    })),
    defaultValues: formValuesOf(year, structure, grades?.[0]),
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const { errors, isSubmitting } = form.formState;
  const title = structure ? `Edit the fees of ${gradeLabel(structure.grade)}` : 'Add a grade’s fees';

  const submit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      if (structure) await update.mutateAsync({ structureId: structure.id, body });
      else await create.mutateAsync(body);
      toast.success(`The fees of ${gradeLabel(body.grade)} for ${year} are saved.`);
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['grade', 'items'])) setProblem(errorMessage(error));
    }
  });

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={title}
      className="space-y-4 rounded-2xl border border-brand-200 bg-white p-4"
    >
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {!structure && (
        <FormField id={`${id}-grade`} label="Grade" error={errors.grade?.message} className="max-w-xs">
          <NativeSelect {...form.register('grade')}>
            {(grades ?? []).map((grade) => (
              <option key={grade} value={grade}>
                {gradeLabel(grade)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">Fee items</legend>
        {items.fields.map((field, index) => (
          <ItemFields
            key={field.id}
            index={index}
            year={year}
            control={form.control}
            register={form.register}
            setDueDates={(dates) => form.setValue(`items.${index}.dueDates`, dates)}
            errors={errors}
            onRemove={items.fields.length > 1 ? () => items.remove(index) : undefined}
          />
        ))}
        {errors.items?.message && <p className="text-sm text-red-700">{errors.items.message}</p>}
        {errors.items?.root?.message && <p className="text-sm text-red-700">{errors.items.root.message}</p>}
        <Button type="button" variant="secondary" size="sm" onClick={() => items.append(blankItem(year))}>
          <Plus aria-hidden="true" /> Add an item
        </Button>
      </fieldset>
      {problem && (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          Save fees
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ItemFields({
  index,
  year,
  control,
  register,
  setDueDates,
  errors,
  onRemove,
}: {
  index: number;
  year: number;
  control: Control<TStructureForm, unknown, TStructureOutput>;
  register: UseFormRegister<TStructureForm>;
  setDueDates: (dates: string[]) => void;
  errors: FieldErrors<TStructureForm>;
  onRemove?: () => void;
}) {
  const id = useId();
  const item = useWatch({ control, name: `items.${index}` });
  const problems = errors.items?.[index];
  const amount = randToCents(item.amountCents ?? '');
  const count = instalmentCount(item.plan);
  const label = item.name?.trim() || `Item ${index + 1}`;
  const plan = register(`items.${index}.plan`);
  return (
    <div className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1.4fr_auto]">
      <FormField id={`${id}-name`} label="Item" error={problems?.name?.message}>
        <Input {...register(`items.${index}.name`)} placeholder="Tuition" />
      </FormField>
      <FormField id={`${id}-kind`} label="Kind" error={problems?.kind?.message}>
        <NativeSelect {...register(`items.${index}.kind`)}>
          {FEE_ITEM_KINDS.map((kind) => (
            <option key={kind.id} value={kind.id}>
              {kind.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        id={`${id}-amount`}
        label="Year’s amount (R)"
        error={problems?.amountCents?.message}
        hint={amount && count > 1 ? `${count} × about ${formatZar(Math.floor(amount / count))}` : undefined}
      >
        <Input {...register(`items.${index}.amountCents`)} inputMode="decimal" autoComplete="off" />
      </FormField>
      <FormField id={`${id}-plan`} label="Instalments" error={problems?.plan?.message}>
        <NativeSelect
          {...plan}
          onChange={(e) => {
            void plan.onChange(e);
            setDueDates(defaultDueDates(year, (e.target as HTMLSelectElement).value as TInstalmentPlan));
          }}
        >
          {INSTALMENT_PLANS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="flex items-end gap-2">
        <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
          <input type="checkbox" className="size-4" {...register(`items.${index}.vatApplicable`)} />
          VAT at 15 %
        </label>
        {onRemove && (
          <Button type="button" variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${label}`}>
            <Trash2 aria-hidden="true" />
          </Button>
        )}
      </div>
      <details className="text-sm sm:col-span-2 lg:col-span-5">
        <summary className="cursor-pointer text-brand-700">
          Due dates: {(item.dueDates ?? []).map(formatShortDate).join(', ')}
        </summary>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6">
          {(item.dueDates ?? []).map((_, n) => (
            <FormField key={n} id={`${id}-due-${n}`} label={`Instalment ${n + 1}`}>
              <Input
                type="date"
                min={`${year}-01-01`}
                max={`${year}-12-31`}
                {...register(`items.${index}.dueDates.${n}`)}
              />
            </FormField>
          ))}
        </div>
        {problems?.dueDates?.message && <p className="mt-1 text-sm text-red-700">{problems.dueDates.message}</p>}
      </details>
    </div>
  );
}

/** `toYear` is the page's year, not a control: it is here for the schema's message about it. */
type TCopyForm = { fromYear: string; toYear: string; increaseBps: string };

/**
 * Starts a year from another's fees, every amount raised by the same percentage; grades that
 * already have fees in the year keep them.
 */
function CopyYearForm({ toYear, years }: { toYear: number; years: readonly number[] }) {
  const id = useId();
  const copy = useCopyStructures();
  const [problem, setProblem] = useState<string | null>(null);
  const from = years.includes(toYear - 1) ? toYear - 1 : (years.at(-1) ?? toYear - 1);
  const form = useForm<TCopyForm, unknown, z.output<typeof ZCopyStructuresSchema>>({
    resolver: convertingResolver(ZCopyStructuresSchema, (values: TCopyForm) => ({
      fromYear: Number(values.fromYear),
      toYear,
      increaseBps: percentToBps(values.increaseBps),
    })),
    defaultValues: { fromYear: String(from), toYear: String(toYear), increaseBps: '0' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      const answer = await copy.mutateAsync(body);
      toast.success(copiedText(answer.structures.length, answer.skippedGrades, toYear));
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['fromYear', 'toYear', 'increaseBps']))
        setProblem(errorMessage(error));
    }
  });
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Copy another year’s fees"
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_1fr_auto]"
    >
      <h2 className="text-base font-semibold text-slate-900 sm:col-span-3">Copy another year’s fees</h2>
      <FormField id={`${id}-from`} label="Copy from" error={errors.fromYear?.message ?? errors.toYear?.message}>
        <Input {...form.register('fromYear')} inputMode="numeric" />
      </FormField>
      <FormField
        id={`${id}-increase`}
        label="Increase (%)"
        hint="Added to every amount, e.g. 6,5"
        error={errors.increaseBps?.message}
      >
        <Input {...form.register('increaseBps')} inputMode="decimal" />
      </FormField>
      <div className="flex items-end">
        <Button type="submit" disabled={isSubmitting}>
          Copy to {toYear}
        </Button>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-800 sm:col-span-3">
          {problem}
        </p>
      )}
    </form>
  );
}
