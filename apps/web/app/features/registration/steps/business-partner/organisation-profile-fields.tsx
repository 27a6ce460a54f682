import { useFormContext } from 'react-hook-form';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';

export type TOrganisationIdentityValues = {
  registeredName: string;
  registrationNumber: string;
  businessType: string;
  tagLine?: string;
};

export type TOrganisationDisplayValues = { displayName: string; googleMapsLink?: string };

/**
 * Registered name, registration number, type and tag line of the surrounding react-hook-form
 * (`FormProvider`): the business partner's and the charity's first step (spec 3) differ only in
 * the type list and the hints.
 */
export function OrganisationIdentityFields({
  idPrefix,
  registrationHint,
  typeLabel,
  typePlaceholder,
  types,
  tagLineHint,
}: {
  idPrefix: string;
  registrationHint: string;
  typeLabel: string;
  typePlaceholder: string;
  types: readonly { id: string; label: string }[];
  tagLineHint: string;
}) {
  const form = useFormContext<TOrganisationIdentityValues>();
  const { errors } = form.formState;
  const f = (name: keyof TOrganisationIdentityValues) => `${idPrefix}-${name}`;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField id={f('registeredName')} label="Registered name" error={errors.registeredName?.message}>
        <Input autoComplete="organization" {...form.register('registeredName')} />
      </FormField>
      <FormField
        id={f('registrationNumber')}
        label="Registration number"
        hint={registrationHint}
        error={errors.registrationNumber?.message}
      >
        <Input {...form.register('registrationNumber')} />
      </FormField>
      <FormField id={f('businessType')} label={typeLabel} error={errors.businessType?.message}>
        <NativeSelect {...form.register('businessType')}>
          <option value="">{typePlaceholder}</option>
          {types.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={f('tagLine')} label="Tag line" optional hint={tagLineHint} error={errors.tagLine?.message}>
        <Input {...form.register('tagLine')} />
      </FormField>
    </div>
  );
}

/** Display name and the optional Google Maps link of the surrounding react-hook-form. */
export function OrganisationDisplayFields({ idPrefix }: { idPrefix: string }) {
  const form = useFormContext<TOrganisationDisplayValues>();
  const { errors } = form.formState;
  const f = (name: keyof TOrganisationDisplayValues) => `${idPrefix}-${name}`;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField id={f('displayName')} label="Display name" error={errors.displayName?.message}>
        <Input {...form.register('displayName')} />
      </FormField>
      <FormField
        id={f('googleMapsLink')}
        label="Google Maps link"
        optional
        hint="Share your location in Google Maps and paste the link"
        error={errors.googleMapsLink?.message}
      >
        <Input type="url" inputMode="url" {...form.register('googleMapsLink')} />
      </FormField>
    </div>
  );
}
