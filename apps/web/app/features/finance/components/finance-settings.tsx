import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ZFinanceSettingsSchema, type TFinanceSettings } from '@sekolo/shared/schemas/finance';
import { Button } from '~/components/ui/button';
import { CheckboxField, FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { financeSettingsQuery, useUpdateFinanceSettings } from '../api/finance-queries';
import { convertingResolver } from '../lib/converting-resolver';
import { percentToBps, reminderDaysOf } from '../lib/money-input';

type TSettingsForm = {
  siblingSecondBps: string;
  siblingThirdPlusBps: string;
  reminderDays: string;
  vatRegistered: boolean;
  vatNumber: string;
};

const bpsText = (bps: number) => String(bps / 100).replace('.', ',');

function formOf(settings: TFinanceSettings): TSettingsForm {
  return {
    siblingSecondBps: bpsText(settings.siblingSecondBps),
    siblingThirdPlusBps: bpsText(settings.siblingThirdPlusBps),
    reminderDays: settings.reminderDays.join(', '),
    vatRegistered: settings.vatRegistered,
    vatNumber: settings.vatNumber,
  };
}

/** The school's sibling discounts, when overdue fees are reminded, and whether its invoices carry VAT. */
export function FinanceSettings({ canEdit }: { canEdit: boolean }) {
  const settings = useQuery(financeSettingsQuery);
  return (
    <section aria-labelledby="finance-settings" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="finance-settings" className="text-lg font-semibold text-slate-900">
        Discounts, reminders and VAT
      </h2>
      {settings.isPending ? (
        <LoadingSpinner className="py-4" />
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(settings.error)}
        </p>
      ) : (
        <SettingsForm settings={settings.data} canEdit={canEdit} />
      )}
    </section>
  );
}

function SettingsForm({ settings, canEdit }: { settings: TFinanceSettings; canEdit: boolean }) {
  const id = useId();
  const save = useUpdateFinanceSettings();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TSettingsForm, unknown, z.output<typeof ZFinanceSettingsSchema>>({
    resolver: convertingResolver(ZFinanceSettingsSchema, (v: TSettingsForm) => ({
      siblingSecondBps: percentToBps(v.siblingSecondBps),
      siblingThirdPlusBps: percentToBps(v.siblingThirdPlusBps),
      reminderDays: reminderDaysOf(v.reminderDays),
      vatRegistered: v.vatRegistered,
      vatNumber: v.vatNumber,
    })),
    defaultValues: formOf(settings),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      const answer = await save.mutateAsync(body);
      form.reset(formOf(answer.settings));
      toast.success('Finance settings saved.');
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, Object.keys(formOf(settings)))) setProblem(errorMessage(error));
    }
  });
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Finance settings"
      className="grid gap-3 sm:grid-cols-2"
    >
      <fieldset disabled={!canEdit} className="contents">
        <FormField
          id={`${id}-second`}
          label="Sibling discount, second child (%)"
          hint="Off the compulsory fees of the family’s second child."
          error={errors.siblingSecondBps?.message}
        >
          <Input {...form.register('siblingSecondBps')} inputMode="decimal" />
        </FormField>
        <FormField
          id={`${id}-third`}
          label="Sibling discount, third and later (%)"
          error={errors.siblingThirdPlusBps?.message}
        >
          <Input {...form.register('siblingThirdPlusBps')} inputMode="decimal" />
        </FormField>
        <FormField
          id={`${id}-days`}
          label="Reminder days"
          optional
          hint="Days after a due date when an unpaid instalment is reminded, e.g. 7, 30, 60."
          error={errors.reminderDays?.message ?? errors.reminderDays?.root?.message}
        >
          <Input {...form.register('reminderDays')} inputMode="numeric" />
        </FormField>
        <div className="space-y-3">
          <CheckboxField
            id={`${id}-vat`}
            label="The school is registered for VAT"
            {...form.register('vatRegistered')}
          />
          <FormField id={`${id}-vat-number`} label="VAT number" optional error={errors.vatNumber?.message}>
            <Input {...form.register('vatNumber')} />
          </FormField>
        </div>
        {problem && (
          <p role="alert" className="text-sm text-red-800 sm:col-span-2">
            {problem}
          </p>
        )}
        {canEdit && (
          <div className="sm:col-span-2">
            <Button type="submit" disabled={isSubmitting}>
              Save settings
            </Button>
          </div>
        )}
      </fieldset>
    </form>
  );
}
