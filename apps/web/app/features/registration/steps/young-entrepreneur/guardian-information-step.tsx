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
import { EmailField, PersonNameFields, PhoneField, SelectField, TextField } from '~/components/ui/bound-fields';
import { Textarea } from '~/components/ui/textarea';
import { WizardSection } from '../../components/wizard-nav';
import { WizardStepForm } from '../../components/wizard-step-form';
import { useWizardStepForm } from '../../lib/use-wizard-step-form';
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
export function GuardianInformationStep(props: IWizardStepProps<TGuardianInformationStep>) {
  const { data, registration, onDraftChange } = props;
  const { id, form } = useWizardStepForm(
    ZGuardianInformationStep,
    {
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
    onDraftChange,
  );
  const { register, watch, formState } = form;
  const { errors } = formState;
  const guardianName = [watch('firstName'), watch('lastName')].filter(Boolean).join(' ');
  const isSouthAfrican = watch('country') === 'south_africa';

  return (
    <WizardStepForm
      form={form}
      idPrefix={id}
      stepProps={props}
      userType="young_entrepreneur"
      nextDisabled={!formState.isValid}
    >
      <p className="text-slate-600">
        Young entrepreneurs need the consent of a parent or legal guardian. Your guardian fills in this step with you.
      </p>
      <WizardSection title="Parent or guardian">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            name="relation"
            label="Relation to you"
            placeholder="Select the relation"
            options={GUARDIAN_RELATIONS}
          />
          <div className="hidden sm:block" />
          <PersonNameFields autofill={false} />
          <SelectField
            name="country"
            label="Country of the ID document"
            options={COUNTRIES}
            registerOptions={{ onChange: () => void form.trigger('idNumber') }}
          />
          <TextField
            name="idNumber"
            label={isSouthAfrican ? 'South African ID number' : 'ID or passport number'}
            hint={isSouthAfrican ? '13 digits, as on the green ID book or smart ID card.' : undefined}
            inputMode={isSouthAfrican ? 'numeric' : 'text'}
          />
          <FormField
            id={`${id}-address`}
            label="Residential address"
            error={errors.address?.message}
            className="sm:col-span-2"
          >
            <Textarea rows={3} autoComplete="street-address" {...register('address')} />
          </FormField>
          <EmailField name="email" />
          <PhoneField name="phone" />
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
    </WizardStepForm>
  );
}
