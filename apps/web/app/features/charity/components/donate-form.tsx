import { useState } from 'react';
import { Link } from 'react-router';
import { schoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import { formatZar } from '@sekolo/shared/domain/money';
import {
  CAMPAIGN_MESSAGES,
  MAX_DONATION_CENTS,
  MIN_DONATION_CENTS,
  type TDonationFrequency,
} from '@sekolo/shared/schemas/campaigns';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { CheckboxField, FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Textarea } from '~/components/ui/textarea';
import type { TCheckoutRedirect } from '@sekolo/shared/schemas/payments';
import { errorMessage } from '~/lib/server-field-errors';
import { paths } from '~/config/paths';
import { useDonate } from '../api/charity-queries';

/** Rand typed by a person ("250", "1 000,50", "R75.5") as cents, or null. */
export function randToCents(value: string): number | null {
  const clean = value.replace(/[R\s\u00a0]/gi, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/**
 * The donation form: a preset or one's own amount, the donor's details for the s18A receipt,
 * anonymity, and the checkout (the donor pays the gift plus the 6.8% processing fee). Donors sign
 * in first: the checkout, its receipts and the donor's list of gifts belong to an account.
 */
export function DonateForm({
  slug,
  presetsCents,
  s18aReceipts,
  charityName,
  monthly,
  session,
  followRedirect,
}: {
  slug: string;
  /** Whether the payment provider can take a monthly gift, and why not. */
  monthly: { available: boolean; reason: string | null };
  presetsCents: number[];
  s18aReceipts: boolean;
  charityName: string;
  /** Whether someone is signed in (and whether that is still being asked). */
  session: { isAuthenticated: boolean; isLoading: boolean };
  /** Sends the browser to the payment provider. */
  followRedirect: (redirect: TCheckoutRedirect) => void;
}) {
  const donate = useDonate(slug);
  const [preset, setPreset] = useState<number | 'own'>(presetsCents[1] ?? presetsCents[0] ?? 'own');
  const [own, setOwn] = useState('');
  const [frequency, setFrequency] = useState<TDonationFrequency>('once');
  const [anonymous, setAnonymous] = useState(false);
  const [donorName, setDonorName] = useState('');
  const [donorAddress, setDonorAddress] = useState('');
  const [donorTaxNumber, setDonorTaxNumber] = useState('');
  const [message, setMessage] = useState('');
  const [ownError, setOwnError] = useState<string | null>(null);

  const amountCents = preset === 'own' ? randToCents(own) : preset;
  const valid = amountCents !== null && amountCents >= MIN_DONATION_CENTS && amountCents <= MAX_DONATION_CENTS;
  const total = valid ? schoolPaymentBreakdown(amountCents).parentPaysCents : null;

  if (!session.isAuthenticated) {
    return (
      <section
        aria-labelledby="donate-title"
        className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="donate-title" className="text-xl font-bold text-slate-900">
          Donate
        </h2>
        <p className="text-slate-700">
          Sign in or create a free account to give: your receipts and gifts stay in your account.
        </p>
        {session.isLoading ? null : (
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to={paths.auth.loginFor(paths.fundingCampaign(slug))}>Sign in to donate</Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to={paths.auth.register}>Create an account</Link>
            </Button>
          </div>
        )}
      </section>
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid) {
      setOwnError(CAMPAIGN_MESSAGES.amountRange);
      return;
    }
    setOwnError(null);
    donate.mutate(
      { frequency, amountCents, anonymous, donorName, donorAddress, donorTaxNumber, message },
      { onSuccess: (answer) => followRedirect(answer.redirect) },
    );
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby="donate-title"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      noValidate
    >
      <h2 id="donate-title" className="text-xl font-bold text-slate-900">
        Donate
      </h2>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">How often</legend>
        {monthly.available ? (
          <div className="grid grid-cols-2 gap-2">
            {(['once', 'monthly'] as const).map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="frequency"
                  className="accent-brand-700"
                  checked={frequency === value}
                  onChange={() => setFrequency(value)}
                />
                {value === 'once' ? 'Once' : 'Monthly'}
              </label>
            ))}
          </div>
        ) : (
          <p className="text-sm text-slate-600">
            Once. <span data-testid="monthly-unavailable">{monthly.reason}</span>
          </p>
        )}
        {frequency === 'monthly' ? (
          <p className="text-sm text-slate-600">
            The same gift is paid every month from your card until you stop it on your donations page; each month gets
            its own thank-you{s18aReceipts ? ' and s18A receipt' : ''}.
          </p>
        ) : null}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Amount</legend>
        <div className="grid grid-cols-2 gap-2">
          {presetsCents.map((cents) => (
            <label
              key={cents}
              className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="amount"
                className="accent-brand-700"
                checked={preset === cents}
                onChange={() => setPreset(cents)}
              />
              {formatZar(cents)}
            </label>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="amount"
            className="accent-brand-700"
            checked={preset === 'own'}
            onChange={() => setPreset('own')}
          />
          Another amount
        </label>
        {preset === 'own' ? (
          <FormField id="donation-own" label="Your amount (R)" error={ownError}>
            <Input inputMode="decimal" value={own} onChange={(e) => setOwn(e.target.value)} placeholder="150" />
          </FormField>
        ) : null}
      </fieldset>
      <CheckboxField
        id="donation-anonymous"
        label="Give anonymously (your name is not shown on the campaign or to the charity's donor list)"
        checked={anonymous}
        onChange={(e) => setAnonymous(e.target.checked)}
      />
      <FormField id="donation-message" label="Message" optional>
        <Textarea rows={2} maxLength={280} value={message} onChange={(e) => setMessage(e.target.value)} />
      </FormField>
      {s18aReceipts ? (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-900">For your section 18A tax receipt</legend>
          <FormField id="donation-name" label="Name on the receipt" hint="Your account's name if left empty." optional>
            <Input
              value={donorName}
              maxLength={120}
              onChange={(e) => setDonorName(e.target.value)}
              autoComplete="name"
            />
          </FormField>
          <FormField id="donation-address" label="Address" optional>
            <Input
              value={donorAddress}
              maxLength={300}
              onChange={(e) => setDonorAddress(e.target.value)}
              autoComplete="street-address"
            />
          </FormField>
          <FormField id="donation-tax" label="ID number or income tax number" optional>
            <Input value={donorTaxNumber} maxLength={20} onChange={(e) => setDonorTaxNumber(e.target.value)} />
          </FormField>
        </fieldset>
      ) : (
        <p className="text-sm text-slate-600">{charityName} does not issue section 18A tax receipts on Sekolo.</p>
      )}
      {valid && total !== null ? (
        <dl className="space-y-1 text-sm text-slate-700">
          <div className="flex justify-between">
            <dt>Your gift</dt>
            <dd>{formatZar(amountCents)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>Processing fee (6.8%)</dt>
            <dd>{formatZar(total - amountCents)}</dd>
          </div>
          <div className="flex justify-between font-semibold text-slate-900">
            <dt>{frequency === 'monthly' ? 'You pay each month' : 'You pay'}</dt>
            <dd data-testid="donation-total">{formatZar(total)}</dd>
          </div>
        </dl>
      ) : null}
      {donate.error ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(donate.error)}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" className="w-full" disabled={donate.isPending}>
        {valid && total !== null
          ? `Donate ${formatZar(amountCents)}${frequency === 'monthly' ? ' monthly' : ''}`
          : 'Donate'}
      </Button>
      <p className="text-xs text-slate-600">
        Sekolo keeps a 5% platform commission from each gift; the 6.8% processing fee is paid on top.
      </p>
    </form>
  );
}
