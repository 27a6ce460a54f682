import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ZLibrarySettings, type TLibrarySettings } from '@sekolo/shared/schemas/library';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { errorMessage } from '~/lib/server-field-errors';
import { settingsQuery, useSaveSettings } from '../api/library-queries';

const FIELDS: [keyof TLibrarySettings, string, string][] = [
  ['learnerLoanLimit', 'Books a learner may have out', 'At once.'],
  ['learnerLoanDays', 'Learners’ loan period (days)', ''],
  ['staffLoanLimit', 'Books a staff member may have out', 'At once.'],
  ['staffLoanDays', 'Staff loan period (days)', ''],
  ['maxRenewals', 'Renewals per loan', 'Never while another reader waits for the title.'],
  ['reminderIntervalDays', 'Days between overdue reminders', 'Guardians of learners and staff borrowers are e-mailed.'],
  ['holdPickupDays', 'Days to collect a held book', 'Then it goes to the next reader.'],
];

/** The school's lending rules per borrower type. */
export function SettingsPanel() {
  const settings = useQuery(settingsQuery);
  if (settings.isPending) return <p className="text-slate-600">Loading…</p>;
  if (settings.isError)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(settings.error)}
      </p>
    );
  return <SettingsForm initial={settings.data} />;
}

function SettingsForm({ initial }: { initial: TLibrarySettings }) {
  const id = useId();
  const save = useSaveSettings();
  const [values, setValues] = useState(
    () =>
      Object.fromEntries(Object.entries(initial).map(([k, v]) => [k, String(v)])) as Record<
        keyof TLibrarySettings,
        string
      >,
  );
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFields({});
    setMessage(null);
    const parsed = ZLibrarySettings.safeParse(
      Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim() === '' ? Number.NaN : Number(v)])),
    );
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setFields(next);
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      setMessage({ ok: true, text: 'Lending rules saved. Loans already out keep their due dates.' });
    } catch (error) {
      setMessage({ ok: false, text: errorMessage(error) });
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Lending rules" className="grid max-w-3xl gap-3 sm:grid-cols-2">
      {FIELDS.map(([key, label, hint]) => (
        <FormField key={key} id={`${id}-${key}`} label={label} hint={hint || undefined} error={fields[key]}>
          <Input
            inputMode="numeric"
            value={values[key]}
            onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
          />
        </FormField>
      ))}
      <div className="space-y-2 sm:col-span-2">
        <div role="status" aria-live="polite">
          {message ? <p className={message.ok ? 'text-green-800' : 'text-red-700'}>{message.text}</p> : null}
        </div>
        <Button type="submit" disabled={save.isPending}>
          Save lending rules
        </Button>
      </div>
    </form>
  );
}
