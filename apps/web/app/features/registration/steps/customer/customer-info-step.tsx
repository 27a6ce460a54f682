import { ZCustomerInfoStep, type TCustomerInfoStep } from '@sekolo/shared/schemas/registration/customer';
import { PhoneField, TextField } from '~/components/ui/bound-fields';
import { WizardStepForm } from '../../components/wizard-step-form';
import { nextLabelFor } from '../../lib/next-label';
import { useWizardStepForm } from '../../lib/use-wizard-step-form';
import type { IWizardStepProps } from '../../lib/wizard-types';

/** Customer step 1, Additional Information: display name and phone number; validates on change (spec 5). */
export function CustomerInfoStep({
  step,
  data,
  registration,
  onComplete,
  onBack,
  submitting,
  onDraftChange,
}: IWizardStepProps<TCustomerInfoStep>) {
  const fullName = [registration.basicInfo.firstName, registration.basicInfo.lastName].filter(Boolean).join(' ');
  const { id, form } = useWizardStepForm(
    ZCustomerInfoStep,
    { displayName: data?.displayName ?? fullName, phoneNumber: data?.phoneNumber ?? '' },
    onDraftChange,
  );
  const nextLabel = nextLabelFor('customer', step);

  return (
    <WizardStepForm
      form={form}
      idPrefix={id}
      onValid={onComplete}
      className="space-y-6"
      nav={{ step, onBack, nextLabel, nextDisabled: !form.formState.isValid, submitting, hideBack: step <= 1 }}
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
