import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { SMS_PROVIDERS, type TSmsAccount } from '@sekolo/shared/schemas/communication';
import { formatSaPhone } from '@sekolo/shared/domain/sa-phone';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { paths } from '~/config/paths';
import { errorMessage } from '~/lib/server-field-errors';
import {
  optOutsQuery,
  smsAccountQuery,
  useAddOptOut,
  useSaveSmsAccount,
  useTestSms,
} from '../api/announcement-queries';

/**
 * The school's own SMS account (spec 9): the sandbox, or BulkSMS with the school's credentials
 * (the secret is written, never shown again), a test message, and the numbers that opted out.
 */
export function SmsSettings() {
  const state = useQuery(smsAccountQuery);
  return (
    <div className="space-y-6">
      <Link to={paths.communication.announcements} className="text-sm font-medium text-brand-700 underline">
        Announcements
      </Link>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">SMS account</h1>
        <p className="text-sm text-slate-600">
          SMS goes through the school’s own messaging account: the school pays its SMS provider directly.
        </p>
      </div>
      {state.isPending ? (
        <LoadingSpinner className="py-6" />
      ) : state.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(state.error)}
        </p>
      ) : (
        <>
          {!state.data.packageIncludesSms && (
            <p role="note" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              {state.data.packageName ? `The ${state.data.packageName} package does not include SMS. ` : ''}SMS is
              included in the Enterprise packages.{' '}
              <Link to={paths.school.billing} className="underline">
                Change package
              </Link>
            </p>
          )}
          <AccountForm account={state.data.account} />
          {state.data.account && <TestMessage />}
          {state.data.account && <OptOuts />}
        </>
      )}
    </div>
  );
}

function AccountForm({ account }: { account: TSmsAccount | null }) {
  const id = useId();
  const save = useSaveSmsAccount();
  const [provider, setProvider] = useState<'sandbox' | 'bulksms'>(account?.provider ?? 'sandbox');
  const [username, setUsername] = useState(account?.username ?? '');
  const [secret, setSecret] = useState('');
  const [senderId, setSenderId] = useState(account?.senderId ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      noValidate
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      onSubmit={async (event) => {
        event.preventDefault();
        setErrors({});
        setProblem(null);
        try {
          await save.mutateAsync({ provider, username, secret, senderId });
          setSecret('');
          toast.success('SMS account saved.');
        } catch (error) {
          const fields = (error as { fields?: Record<string, string> }).fields;
          if (fields && Object.keys(fields).length) setErrors(fields);
          else setProblem(errorMessage(error));
        }
      }}
    >
      <h2 className="text-lg font-semibold text-slate-900">Provider</h2>
      <FormField id={`${id}-provider`} label="SMS provider">
        <NativeSelect value={provider} onChange={(e) => setProvider(e.target.value as 'sandbox' | 'bulksms')}>
          {SMS_PROVIDERS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {provider === 'bulksms' && (
        <>
          <FormField id={`${id}-username`} label="Username or API token ID" error={errors.username}>
            <Input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" />
          </FormField>
          <FormField
            id={`${id}-secret`}
            label="Password or API token secret"
            hint={account?.hasSecret ? 'A secret is saved. Leave this empty to keep it.' : undefined}
            error={errors.secret}
          >
            <Input
              type="password"
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
              autoComplete="new-password"
            />
          </FormField>
          <FormField
            id={`${id}-sender`}
            label="Sender ID"
            optional
            hint="Up to 11 letters or digits, as registered with BulkSMS."
            error={errors.senderId}
          >
            <Input value={senderId} onChange={(e) => setSenderId(e.target.value)} maxLength={11} />
          </FormField>
          {account?.webhookUrl && (
            <p className="text-sm text-slate-700">
              In BulkSMS, add a webhook for sent and received messages to{' '}
              <code className="rounded bg-slate-100 px-1 break-all">{account.webhookUrl}</code> so delivery reports and
              STOP replies reach Sekolo.
            </p>
          )}
        </>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save SMS account'}
      </Button>
    </form>
  );
}

function TestMessage() {
  const id = useId();
  const test = useTestSms();
  const [to, setTo] = useState('');
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      onSubmit={async (event) => {
        event.preventDefault();
        setError(undefined);
        setResult(null);
        try {
          const answer = await test.mutateAsync(to);
          setResult(answer.error ?? `Test message ${answer.status}.`);
        } catch (e) {
          setError((e as { fields?: Record<string, string> }).fields?.to ?? errorMessage(e));
        }
      }}
    >
      <h2 className="text-lg font-semibold text-slate-900">Send a test message</h2>
      <FormField id={`${id}-to`} label="Cell number" error={error}>
        <Input value={to} onChange={(e) => setTo(e.target.value)} inputMode="tel" placeholder="082 123 4567" />
      </FormField>
      {result && (
        <p role="status" className="text-sm text-slate-800">
          {result}
        </p>
      )}
      <Button type="submit" variant="secondary" disabled={test.isPending}>
        Send test
      </Button>
    </form>
  );
}

function OptOuts() {
  const id = useId();
  const list = useQuery(optOutsQuery);
  const add = useAddOptOut();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <section aria-labelledby={`${id}-h`} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        Numbers that opted out
      </h2>
      <p className="text-sm text-slate-600">A reply of STOP adds the number here; the school sends it no more SMS.</p>
      {list.data && list.data.length === 0 && <p className="text-sm text-slate-600">Nobody has opted out.</p>}
      {list.data && list.data.length > 0 && (
        <ul className="space-y-1 text-sm">
          {list.data.map((o) => (
            <li key={o.phone}>
              {formatSaPhone(o.phone)}{' '}
              <span className="text-slate-500">
                ({o.source === 'inbound' ? 'replied STOP' : 'recorded by the school'})
              </span>
            </li>
          ))}
        </ul>
      )}
      <form
        noValidate
        className="flex flex-wrap items-end gap-2"
        onSubmit={async (event) => {
          event.preventDefault();
          setError(undefined);
          try {
            await add.mutateAsync(phone);
            setPhone('');
          } catch (e) {
            setError((e as { fields?: Record<string, string> }).fields?.phone ?? errorMessage(e));
          }
        }}
      >
        <FormField id={`${id}-phone`} label="Record an opt-out" error={error}>
          <Input value={phone} onChange={(e) => setPhone(e.target.value)} inputMode="tel" />
        </FormField>
        <Button type="submit" variant="secondary" disabled={add.isPending}>
          Record
        </Button>
      </form>
    </section>
  );
}
