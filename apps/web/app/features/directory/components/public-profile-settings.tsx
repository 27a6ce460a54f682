import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  DIRECTORY_MESSAGES,
  ZDirectorySettingsInput,
  type TDirectorySettings,
  type TDirectorySettingsInput,
} from '@sekolo/shared/schemas/directory';
import type { TUploadedFile } from '@sekolo/shared/schemas/uploads';
import { FileUpload } from '~/components/upload/file-upload';
import { Button } from '~/components/ui/button';
import { CheckboxField, FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { paths } from '~/config/paths';
import { errorMessage } from '~/lib/server-field-errors';
import { directorySettingsQuery, useUpdateDirectorySettings } from '../api/directory-queries';

type TForm = Required<TDirectorySettingsInput>;

function formOf(settings: TDirectorySettings): TForm {
  return {
    listed: settings.listed,
    showEmail: settings.showEmail,
    showPhone: settings.showPhone,
    showAddress: settings.showAddress,
    showMap: settings.showMap,
    tagLine: settings.tagLine,
    contactEmail: settings.contactEmail,
    contactPhone: settings.contactPhone,
    logoUploadId: settings.logoUploadId,
  };
}

const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp';

/**
 * The organisation's "Public profile": whether it is in the directory, which contacts its profile
 * shows, and its tag line. A school's contacts and address come from its school profile; a
 * business partner or charity enters its public e-mail and phone here.
 */
export function PublicProfileSettings() {
  const settings = useQuery(directorySettingsQuery);
  if (!settings.data)
    return settings.isPending ? (
      <p className="py-4 text-sm text-slate-600">Loading...</p>
    ) : (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(settings.error)}
      </p>
    );
  return <SettingsForm settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: TDirectorySettings }) {
  const id = useId();
  const save = useUpdateDirectorySettings();
  const [form, setForm] = useState<TForm>(() => formOf(settings));
  const [errors, setErrors] = useState<Partial<Record<keyof TForm, string>>>({});
  const [logoUrl, setLogoUrl] = useState(settings.logoUrl);
  // A logo uploaded but not saved yet: shown as uploaded until the profile is saved.
  const [newLogo, setNewLogo] = useState<TUploadedFile | null>(null);
  useEffect(() => {
    setForm(formOf(settings));
    setLogoUrl(settings.logoUrl);
    setNewLogo(null);
  }, [settings]);
  const isSchool = settings.kind === 'school';
  const set = <K extends keyof TForm>(key: K, value: TForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body: TDirectorySettingsInput = isSchool
      ? { ...form, contactEmail: undefined, contactPhone: undefined, logoUploadId: undefined }
      : form;
    const parsed = ZDirectorySettingsInput.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<keyof TForm, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof TForm] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(DIRECTORY_MESSAGES.saved),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label="Public profile">
      <section aria-labelledby={`${id}-listing`} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4">
        <h2 id={`${id}-listing`} className="text-lg font-semibold text-slate-900">
          The directory
        </h2>
        <CheckboxField
          id={`${id}-listed`}
          label="List us in the directory"
          checked={form.listed}
          onChange={(e) => set('listed', e.currentTarget.checked)}
        />
        <p className="text-sm text-slate-600">
          {form.listed ? (
            <>
              Your profile is at{' '}
              <Link to={paths.directoryProfile(settings.slug)} className="font-medium text-brand-700 underline">
                {paths.directoryProfile(settings.slug)}
              </Link>
              .
            </>
          ) : (
            'Unlisted: your profile is not in the directory, and its address shows nothing.'
          )}
        </p>
        <FormField
          id={`${id}-tagline`}
          label="Tag line"
          optional
          hint="One line under your name, up to 150 characters."
          error={errors.tagLine}
        >
          <Input value={form.tagLine} maxLength={150} onChange={(e) => set('tagLine', e.currentTarget.value)} />
        </FormField>
      </section>

      {isSchool ? null : (
        <section aria-labelledby={`${id}-logo`} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4">
          <h2 id={`${id}-logo`} className="text-lg font-semibold text-slate-900">
            Logo
          </h2>
          {logoUrl ? (
            <div className="flex items-center gap-3">
              <img
                src={logoUrl}
                alt={`The current logo of ${settings.name}`}
                width={64}
                height={64}
                className="size-16 rounded-lg border border-slate-200 object-contain"
              />
              <Button
                type="button"
                variant="secondary"
                size="sm"
                onClick={() => {
                  set('logoUploadId', null);
                  setLogoUrl(null);
                }}
              >
                Remove logo
              </Button>
            </div>
          ) : null}
          <FileUpload
            id={`${id}-logo-file`}
            label={logoUrl ? 'New logo' : 'Logo'}
            required={false}
            value={newLogo}
            onChange={(file) => {
              setNewLogo(file);
              set('logoUploadId', file?.id ?? (logoUrl ? settings.logoUploadId : null));
            }}
            error={errors.logoUploadId}
            description={`PNG, JPEG or WebP. Shown on your directory profile${settings.kind === 'charity' ? ' and campaign pages' : ' and shop page'}; saved with the profile.`}
            purpose="logo"
            accept={LOGO_ACCEPT}
          />
        </section>
      )}

      <section
        aria-labelledby={`${id}-contacts`}
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 id={`${id}-contacts`} className="text-lg font-semibold text-slate-900">
          What your profile shows
        </h2>
        {isSchool ? (
          <p className="text-sm text-slate-600">
            The e-mail, phone and address are those of your{' '}
            <Link to={paths.settings.profile} className="font-medium text-brand-700 underline">
              school profile
            </Link>
            .
          </p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={`${id}-email`} label="Public e-mail" optional error={errors.contactEmail}>
              <Input
                type="email"
                value={form.contactEmail}
                onChange={(e) => set('contactEmail', e.currentTarget.value)}
              />
            </FormField>
            <FormField id={`${id}-phone`} label="Public phone" optional error={errors.contactPhone}>
              <Input
                type="tel"
                value={form.contactPhone}
                onChange={(e) => set('contactPhone', e.currentTarget.value)}
              />
            </FormField>
          </div>
        )}
        <CheckboxField
          id={`${id}-show-email`}
          label={`Show the e-mail address${settings.contactEmail ? ` (${settings.contactEmail})` : ''}`}
          checked={form.showEmail}
          onChange={(e) => set('showEmail', e.currentTarget.checked)}
        />
        <CheckboxField
          id={`${id}-show-phone`}
          label={`Show the phone number${settings.contactPhone ? ` (${settings.contactPhone})` : ''}`}
          checked={form.showPhone}
          onChange={(e) => set('showPhone', e.currentTarget.checked)}
        />
        <CheckboxField
          id={`${id}-show-address`}
          label={`Show the street address${settings.address.length > 0 ? ` (${settings.address.join(', ')})` : ''}`}
          checked={form.showAddress}
          onChange={(e) => set('showAddress', e.currentTarget.checked)}
        />
        <CheckboxField
          id={`${id}-show-map`}
          label="Show a Google Maps link (to the street address if shown, otherwise to the town)"
          checked={form.showMap}
          onChange={(e) => set('showMap', e.currentTarget.checked)}
        />
        {!settings.chosen && isSchool ? (
          <p className="text-sm text-slate-600">
            Until you save, the street address and map stay hidden; the e-mail and phone show.
          </p>
        ) : null}
      </section>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save public profile'}
      </Button>
    </form>
  );
}
