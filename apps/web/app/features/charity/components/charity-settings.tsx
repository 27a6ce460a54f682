import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { REGIONS_BY_COUNTRY } from '@sekolo/shared/constants/enumerations';
import { formatDateOfInstant } from '@sekolo/shared/domain/sa-calendar';
import type { TCharityProfile, TCharityProfileInput } from '@sekolo/shared/schemas/campaigns';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { CheckboxField, FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { charityProfileQuery, useSaveProfile } from '../api/charity-queries';

type TForm = Required<{ [K in keyof TCharityProfileInput]: NonNullable<TCharityProfileInput[K]> }>;

function formOf(profile: TCharityProfile): TForm {
  return {
    registeredName: profile.registeredName,
    npoNumber: profile.npoNumber,
    pboNumber: profile.pboNumber,
    s18aApproved: profile.s18aApproved,
    streetAddress: profile.streetAddress,
    suburb: profile.suburb,
    town: profile.town,
    postalCode: profile.postalCode,
    province: profile.province,
    thankYouText: profile.thankYouText,
  };
}

/** The charity's details for s18A receipts (PBO number, address) and its thank-you text. */
export function CharitySettings() {
  const profile = useQuery(charityProfileQuery);
  const save = useSaveProfile();
  const [form, setForm] = useState<TForm | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (profile.data && !form) setForm(formOf(profile.data));
  }, [profile.data, form]);
  if (profile.isPending || !form)
    return profile.error ? <p role="alert">{errorMessage(profile.error)}</p> : <LoadingSpinner />;
  const set = <K extends keyof TForm>(key: K, value: TForm[K]) => {
    setSaved(false);
    setForm({ ...form, [key]: value });
  };
  const text = (key: Exclude<keyof TForm, 's18aApproved'>) => ({
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set(key, e.target.value),
  });
  const p = profile.data!;
  return (
    <form
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(form, {
          onSuccess: (answer) => {
            setForm(formOf(answer));
            setSaved(true);
          },
        });
      }}
    >
      <Card>
        <CardHeader>
          <CardTitle>Registration and section 18A</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <FormField id="charity-registered-name" label="Registered name">
            <Input maxLength={200} {...text('registeredName')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="charity-npo" label="NPO number" optional>
              <Input maxLength={30} {...text('npoNumber')} />
            </FormField>
            <FormField
              id="charity-pbo"
              label="PBO number"
              hint="The number SARS gave your public benefit organisation. Changing it needs a new check by the Sekolo team."
              optional
            >
              <Input maxLength={30} {...text('pboNumber')} />
            </FormField>
          </div>
          <CheckboxField
            id="charity-s18a"
            label="SARS approved us under section 18A: we may issue tax-deductible receipts"
            checked={form.s18aApproved}
            onChange={(e) => set('s18aApproved', e.target.checked)}
          />
          <p className="text-sm text-slate-700" role="status">
            {p.issuesReceipts
              ? `Receipts are on: the Sekolo team checked your PBO number on ${formatDateOfInstant(p.pboVerifiedAt!)}.`
              : p.pboVerifiedAt
                ? 'Your PBO number is checked; tick section 18A approval to issue receipts.'
                : 'Receipts start once the Sekolo team has checked your PBO number.'}
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Address on receipts</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField id="charity-street" label="Street address" optional>
            <Input maxLength={200} {...text('streetAddress')} />
          </FormField>
          <FormField id="charity-suburb" label="Suburb" optional>
            <Input maxLength={100} {...text('suburb')} />
          </FormField>
          <FormField id="charity-town" label="Town or city" optional>
            <Input maxLength={100} {...text('town')} />
          </FormField>
          <FormField id="charity-postal" label="Postal code" optional>
            <Input maxLength={10} {...text('postalCode')} />
          </FormField>
          <FormField id="charity-province" label="Province" optional>
            <NativeSelect {...text('province')}>
              <option value="">Choose a province</option>
              {REGIONS_BY_COUNTRY.south_africa.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Thank-you e-mail</CardTitle>
        </CardHeader>
        <CardContent>
          <FormField
            id="charity-thanks"
            label="Your words to each donor"
            hint="Sent at once after every donation, with the amount, the date and (for s18A) the receipt link. Left empty, a short standard thank-you is sent."
            optional
          >
            <Textarea rows={5} maxLength={2000} {...text('thankYouText')} />
          </FormField>
        </CardContent>
      </Card>
      {save.error ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(save.error)}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          Save settings
        </Button>
        {saved ? (
          <p role="status" className="text-sm text-emerald-800">
            Saved.
          </p>
        ) : null}
      </div>
    </form>
  );
}
