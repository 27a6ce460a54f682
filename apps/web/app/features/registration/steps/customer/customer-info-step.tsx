import { ZCustomerInfoStep, type TCustomerInfoStep } from '@sekolo/shared/schemas/registration/customer';
import { PhoneField, TextField } from '~/components/ui/bound-fields';
import { WizardStepForm } from '../../components/wizard-step-form';
import { useWizardStepForm } from '../../lib/use-wizard-step-form';
import type { IWizardStepProps } from '../../lib/wizard-types';

/** Customer step 1, Additional Information: display name and phone number; validates on change (spec 5). */
export function CustomerInfoStep(props: IWizardStepProps<TCustomerInfoStep>) {
  const { data, registration, onDraftChange } = props;
  const fullName = [registration.basicInfo.firstName, registration.basicInfo.lastName].filter(Boolean).join(' ');
  const { id, form } = useWizardStepForm(
    ZCustomerInfoStep,
    { displayName: data?.displayName ?? fullName, phoneNumber: data?.phoneNumber ?? '' },
    onDraftChange,
  );

  return (
    <WizardStepForm
      form={form}
      idPrefix={id}
      className="space-y-6"
      stepProps={props}
      userType="customer"
      nextDisabled={!form.formState.isValid}
      hideBack={props.step <= 1}
    >
      <p className="text-slate-600">Tell us how to show your name and how to reach you about your orders.</p>
      <TextField
        name="displayName"
        label="Display name"
        hint="Shown on your reviews and orders."
        autoComplete="nickname"
      />
      <PhoneField name="phoneNumber" />
    </WizardStepForm>
  );
}
