import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FileDown } from 'lucide-react';
import { COUNTRIES, DEFAULT_COUNTRY } from '@sekolo/shared/constants/enumerations';
import { GUARDIAN_RELATIONS } from '@sekolo/shared/constants/roles';
import {
  GUARDIAN_CONSENT_FORM_PATH,
  ZGuardianInformationStep,
  guardianConsentText,
  type TGuardianInformationStep,
  type TGuardianInformationStepInput,
} from '@sekolo/shared/schemas/registration/young-entrepreneur';
import { CheckboxField, FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { WizardNav, WizardSection } from '../../components/wizard-nav';
import { nextLabelFor } from '../../lib/next-label';
import { useFormDraft } from '../../lib/use-form-draft';
import type { IWizardStepProps } from '../../lib/wizard-types';

function childNameOf(registration: IWizardStepProps<unknown>['registration']): string {
  const personal = registration.stepData['2'] ?? {};
  const first = typeof personal.firstName === 'string' ? personal.firstName : registration.basicInfo.firstName;
  const last = typeof personal.lastName === 'string' ? personal.lastName : registration.basicInfo.lastName;
  return [first, last].filter(Boolean).join(' ');
}

/**
 * Young entrepreneur step 3, Guardian Information (spec 2.9, 3, 5): the guardian's
 * details, a South African ID number checked when the ID is South African, the consent naming the
 * guardian and the child, and the consent form to download, sign and upload in step 4.
 */
export function GuardianInformationStep({
  step,
  data,
  registration,
  onComplete,
  onBack,
  submitting,
  onDraftChange,
}: IWizardStepProps<TGuardianInformationStep>) {
  const id = useId();
  const form = useForm<TGuardianInformationStepInput, unknown, TGuardianInformationStep>({
    resolver: zodResolver(ZGuardianInformationStep),
    mode: 'onChange',
    defaultValues: {
      relation: (data?.relation ?? '') as TGuardianInformationStepInput['relation'],
      firstName: data?.firstName ?? '',
      lastName: data?.lastName ?? '',
      country: data?.country ?? DEFAULT_COUNTRY,
      idNumber: data?.idNumber ?? '',
      address: data?.address ?? '',
      email: data?.email ?? '',
      phone: data?.phone ?? '',
      consent: data?.consent === true,
    },
  });
  useFormDraft(form.watch, onDraftChange);
  const { register, handleSubmit, watch, formState } = form;
  const { errors } = formState;
  const guardianName = [watch('firstName'), watch('lastName')].filter(Boolean).join(' ');
  const isSouthAfrican = watch('country') === 'south_africa';

  return (
    <form
      noValidate
      className="space-y-8"
      onSubmit={(event) => void handleSubmit((values) => onComplete(values))(event)}
    >
      <p className="text-slate-600">
        Young entrepreneurs need the consent of a parent or legal guardian. Your guardian fills in this step with you.
      </p>
      <WizardSection title="Parent or guardian">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-relation`} label="Relation to you" error={errors.relation?.message}>
            <NativeSelect {...register('relation')}>
              <option value="">Select the relation</option>
              {GUARDIAN_RELATIONS.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <div className="hidden sm:block" />
          <FormField id={`${id}-firstName`} label="First name" error={errors.firstName?.message}>
            <Input {...register('firstName')} />
          </FormField>
          <FormField id={`${id}-lastName`} label="Last name" error={errors.lastName?.message}>
            <Input {...register('lastName')} />
          </FormField>
          <FormField id={`${id}-country`} label="Country of the ID document" error={errors.country?.message}>
            <NativeSelect {...register('country', { onChange: () => void form.trigger('idNumber') })}>
              {COUNTRIES.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField
            id={`${id}-idNumber`}
            label={isSouthAfrican ? 'South African ID number' : 'ID or passport number'}
            error={errors.idNumber?.message}
            hint={isSouthAfrican ? '13 digits, as on the green ID book or smart ID card.' : undefined}
          >
            <Input inputMode={isSouthAfrican ? 'numeric' : 'text'} {...register('idNumber')} />
          </FormField>
          <FormField
            id={`${id}-address`}
            label="Residential address"
            error={errors.address?.message}
            className="sm:col-span-2"
          >
            <Textarea rows={3} autoComplete="street-address" {...register('address')} />
          </FormField>
          <FormField id={`${id}-email`} label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...register('email')} />
          </FormField>
          <FormField id={`${id}-phone`} label="Phone number" error={errors.phone?.message}>
            <Input type="tel" autoComplete="tel" placeholder="082 123 4567" {...register('phone')} />
          </FormField>
        </div>
      </WizardSection>

      <WizardSection title="Guardian consent form">
        <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700">
            Download the consent form, complete and sign it, and upload it in the document upload step.
          </p>
          <a
            href={GUARDIAN_CONSENT_FORM_PATH}
            download="sekolo-guardian-consent-form.pdf"
            className="inline-flex shrink-0 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-50"
          >
            <FileDown className="size-4" aria-hidden="true" />
            Download consent form (PDF)
          </a>
        </div>
        <CheckboxField
          id={`${id}-consent`}
          label={guardianConsentText(guardianName, childNameOf(registration))}
          error={errors.consent?.message}
          className="mt-1 shrink-0"
          labelClassName="leading-relaxed"
          {...register('consent')}
        />
      </WizardSection>

      <WizardNav
        step={step}
        onBack={onBack}
        nextLabel={nextLabelFor('young_entrepreneur', step)}
        nextDisabled={!formState.isValid}
        submitting={submitting}
      />
    </form>
  );
}
