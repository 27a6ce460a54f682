import { useId, useState } from 'react';
import { formatSaPhone } from '@sekolo/shared/domain/sa-phone';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { errorMessage } from '~/lib/server-field-errors';
import { useSandboxSms } from '../api/get-sandbox-sms';

const WHEN = new Intl.DateTimeFormat('en-ZA', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Johannesburg',
});

/** The SMS sandbox's messages, filtered by number in any South African form. */
export function SmsViewer() {
  const id = useId();
  const [to, setTo] = useState('');
  const messages = useSandboxSms(to);
  return (
    <div className="space-y-4">
      <FormField id={`${id}-to`} label="To" optional hint="A cell number, e.g. 082 123 4567.">
        <Input value={to} onChange={(e) => setTo(e.target.value)} inputMode="tel" />
      </FormField>
      {messages.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(messages.error)}
        </p>
      ) : messages.data?.messages.length === 0 ? (
        <p className="text-sm text-slate-600">No SMS yet.</p>
      ) : (
        <ul className="space-y-2" data-testid="sms-list">
          {messages.data?.messages.map((m) => (
            <li key={m.id} className="rounded-xl border border-slate-200 bg-white p-3">
              <p className="text-sm font-medium text-slate-900">
                To {formatSaPhone(m.to)} · {m.schoolName}
              </p>
              <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{m.body}</p>
              <p className="mt-1 text-xs text-slate-500">
                {WHEN.format(new Date(m.createdAt))} · {m.purpose} · {m.status}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
