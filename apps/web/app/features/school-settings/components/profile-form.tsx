import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  FEE_STATUSES,
  SA_PROVINCES,
  ZSchoolProfileInput,
  type TSchoolProfile,
  type TSchoolProfileInput,
} from '@sekolo/shared/schemas/school-settings';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { FileUpload } from '~/components/upload/file-upload';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { profileQuery, useUpdateProfile } from '../api/settings-queries';
import { QueryState } from './settings-page';

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';

type TProfileForm = Omit<TSchoolProfileInput, 'quintile'> & { quintile: string };

function formOf(profile: TSchoolProfile): TProfileForm {
  return {
    name: profile.name,
    emisNumber: profile.emisNumber,
    quintile: profile.quintile === null ? '' : String(profile.quintile),
    feeStatus: profile.feeStatus,
    streetAddress: profile.streetAddress,
    suburb: profile.suburb,
    city: profile.city,
    province: profile.province,
    postalCode: profile.postalCode,
    phone: profile.phone,
    email: profile.email,
    website: profile.website,
    principalName: profile.principalName,
    logoUploadId: profile.logoUploadId,
  };
}

const FIELDS = Object.keys(formOf({} as TSchoolProfile));

/** The school's profile: name, logo, EMIS number, quintile and fee status, address and contacts. */
export function ProfileSettings() {
  const profile = useQuery(profileQuery);
  if (!profile.data) return <QueryState pending={profile.isPending} error={profile.error} />;
  return <ProfileForm profile={profile.data} />;
}

function ProfileForm({ profile }: { profile: TSchoolProfile }) {
  const id = useId();
  const save = useUpdateProfile();
  const [problem, setProblem] = useState<string | null>(null);
  const [logoUrl, setLogoUrl] = useState(profile.logoUrl);
  const form = useForm<TProfileForm, unknown, z.output<typeof ZSchoolProfileInput>>({
    resolver: async (values, context, options) =>
      zodResolver(ZSchoolProfileInput)(
        { ...values, quintile: values.quintile === '' ? null : Number(values.quintile) },
        context,
        options as never,
      ) as never,
    defaultValues: formOf(profile),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      const saved = await save.mutateAsync(body);
      form.reset(formOf(saved.profile));
      setLogoUrl(saved.profile.logoUrl);
      toast.success('School profile saved.');
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, FIELDS)) setProblem(errorMessage(error));
    }
  });
  const text = (
    name: keyof TProfileForm,
    label: string,
    extra: React.ComponentProps<typeof Input> = {},
    optional = true,
  ) => (
    <FormField id={`${id}-${name}`} label={label} optional={optional} error={errors[name]?.message}>
      <Input {...form.register(name)} {...extra} />
    </FormField>
  );
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="School profile" className="space-y-6">
      <section
        aria-labelledby={`${id}-identity`}
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 id={`${id}-identity`} className="text-lg font-semibold text-slate-900">
          The school
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('name', 'School name', { autoComplete: 'organization' }, false)}
          {text('emisNumber', 'EMIS number', { inputMode: 'numeric' })}
          <FormField id={`${id}-quintile`} label="Quintile" optional error={errors.quintile?.message}>
            <NativeSelect {...form.register('quintile')}>
              <option value="">Not set</option>
              {[1, 2, 3, 4, 5].map((q) => (
                <option key={q} value={String(q)}>
                  Quintile {q}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={`${id}-feeStatus`} label="Fee status" error={errors.feeStatus?.message}>
            <NativeSelect {...form.register('feeStatus')}>
              {FEE_STATUSES.map((status) => (
                <option key={status.id} value={status.id}>
                  {status.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {text('principalName', 'Principal')}
        </div>
        <div className="space-y-2">
          {logoUrl && (
            <div className="flex items-center gap-3">
              <img
                src={logoUrl}
                alt="The school's current logo"
                className="size-16 rounded-lg border border-slate-200 object-contain"
              />
              <Button
                type="button"
                variant="secondary"
                size="sm"
                onClick={() => {
                  form.setValue('logoUploadId', null, { shouldDirty: true });
                  setLogoUrl(null);
                }}
              >
                Remove logo
              </Button>
            </div>
          )}
          <Controller
            control={form.control}
            name="logoUploadId"
            render={({ field, fieldState }) => (
              <FileUpload
                id={`${id}-logo`}
                label={logoUrl ? 'New logo' : 'School logo'}
                value={null}
                onChange={(file) => {
                  field.onChange(file?.id ?? profile.logoUploadId);
                }}
                error={fieldState.error?.message}
                description="PNG, JPEG or WebP. Shown publicly on the school's pages and documents."
                purpose="logo"
                accept={IMAGE_ACCEPT}
              />
            )}
          />
        </div>
      </section>
      <section aria-labelledby={`${id}-address`} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4">
        <h2 id={`${id}-address`} className="text-lg font-semibold text-slate-900">
          Address and contacts
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('streetAddress', 'Street address', { autoComplete: 'street-address' })}
          {text('suburb', 'Suburb')}
          {text('city', 'City or town', { autoComplete: 'address-level2' })}
          <FormField id={`${id}-province`} label="Province" optional error={errors.province?.message}>
            <NativeSelect {...form.register('province')}>
              <option value="">Not set</option>
              {SA_PROVINCES.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {text('postalCode', 'Postal code', { inputMode: 'numeric', autoComplete: 'postal-code' })}
          {text('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
          {text('email', 'E-mail', { type: 'email', autoComplete: 'email' })}
          {text('website', 'Website', { type: 'url', placeholder: 'https://' })}
        </div>
      </section>
      {problem && (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Save profile'}
      </Button>
    </form>
  );
}
