import { useId } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CHARITY_TYPES, DEFAULT_COUNTRY } from '@sekolo/shared/constants/enumerations';
import { ZCharityDetailsStep, type TCharityDetailsStep } from '@sekolo/shared/schemas/registration/charity';
import { FormField, fieldAria } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { WizardNav, WizardSection } from '../../components/wizard-nav';
import { nextLabelFor } from '../../lib/next-label';
import type { IWizardStepProps } from '../../lib/wizard-types';
import { OrganisationAddressFields } from '../business-partner/organisation-address-fields';

const FIELDS = [
  'registeredName',
  'registrationNumber',
  'tagLine',
  'businessType',
  'streetAddress',
  'suburb',
  'town',
  'postalCode',
  'province',
  'country',
  'displayName',
  'googleMapsLink',
] as const;
type TFormValues = Record<(typeof FIELDS)[number], string>;

function initialValues(data: Partial<TCharityDetailsStep> | undefined): TFormValues {
  const saved = (data ?? {}) as Partial<Record<string, unknown>>;
  const values = Object.fromEntries(FIELDS.map((name) => [name, typeof saved[name] === 'string' ? saved[name] : ''])) as TFormValues;
  return { ...values, country: values.country || DEFAULT_COUNTRY };
}

/**
 * Charity step 1, Charity Details (spec 2.9, 3, 5): every field required except the tag line and
 * the map link. Validates on submit; after a first attempt the button waits until the form is valid.
 */
export function CharityDetailsStep({ step, data, onComplete, onBack, submitting }: IWizardStepProps<TCharityDetailsStep>) {
  const id = useId();
  const form = useForm<TFormValues, unknown, TCharityDetailsStep>({
    resolver: zodResolver(ZCharityDetailsStep) as unknown as Resolver<TFormValues, unknown, TCharityDetailsStep>,
    defaultValues: initialValues(data),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitted, isValid } = form.formState;
  const f = (name: string) => `${id}-${name}`;

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void form.handleSubmit((values) => onComplete(values))(event)} className="space-y-10">
        <WizardSection title="Organisation details">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id={f('registeredName')} label="Registered name" error={errors.registeredName?.message}>
              <Input autoComplete="organization" {...fieldAria(f('registeredName'), errors.registeredName?.message)} {...form.register('registeredName')} />
            </FormField>
            <FormField id={f('registrationNumber')} label="Registration number" hint="NPO, NPC or PBO number" error={errors.registrationNumber?.message}>
              <Input {...fieldAria(f('registrationNumber'), errors.registrationNumber?.message, true)} {...form.register('registrationNumber')} />
            </FormField>
            <FormField id={f('businessType')} label="Charity type" error={errors.businessType?.message}>
              <NativeSelect {...fieldAria(f('businessType'), errors.businessType?.message)} {...form.register('businessType')}>
                <option value="">Choose a charity type</option>
                {CHARITY_TYPES.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id={f('tagLine')} label="Tag line" optional hint="One line about your cause" error={errors.tagLine?.message}>
              <Input {...fieldAria(f('tagLine'), errors.tagLine?.message, true)} {...form.register('tagLine')} />
            </FormField>
          </div>
        </WizardSection>

        <WizardSection title="Address">
          <OrganisationAddressFields idPrefix={f('address')} />
        </WizardSection>

        <WizardSection title="Display information" description="How schools, families and donors see your charity on Sekolo.">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id={f('displayName')} label="Display name" error={errors.displayName?.message}>
              <Input {...fieldAria(f('displayName'), errors.displayName?.message)} {...form.register('displayName')} />
            </FormField>
            <FormField
              id={f('googleMapsLink')}
              label="Google Maps link"
              optional
              hint="Share your location in Google Maps and paste the link"
              error={errors.googleMapsLink?.message}
            >
              <Input type="url" inputMode="url" {...fieldAria(f('googleMapsLink'), errors.googleMapsLink?.message, true)} {...form.register('googleMapsLink')} />
            </FormField>
          </div>
        </WizardSection>

        <WizardNav
          step={step}
          onBack={onBack}
          nextLabel={nextLabelFor('charity', step)}
          nextDisabled={isSubmitted && !isValid}
          submitting={submitting}
        />
      </form>
    </FormProvider>
  );
}
