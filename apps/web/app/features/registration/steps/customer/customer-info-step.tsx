import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ZCustomerInfoStep,
  type TCustomerInfoStep,
  type TCustomerInfoStepInput,
} from '@sekolo/shared/schemas/registration/customer';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { WizardNav } from '../../components/wizard-nav';
import { nextLabelFor } from '../../lib/next-label';
import { useFormDraft } from '../../lib/use-form-draft';
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
  const id = useId();
  const fullName = [registration.basicInfo.firstName, registration.basicInfo.lastName].filter(Boolean).join(' ');
  const form = useForm<TCustomerInfoStepInput, unknown, TCustomerInfoStep>({
    resolver: zodResolver(ZCustomerInfoStep),
    mode: 'onChange',
    defaultValues: { displayName: data?.displayName ?? fullName, phoneNumber: data?.phoneNumber ?? '' },
  });
  useFormDraft(form.watch, onDraftChange);
  const { register, handleSubmit, formState } = form;
  const { errors } = formState;

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(event) => void handleSubmit((values) => onComplete(values))(event)}
    >
      <p className="text-slate-600">Tell us how to show your name and how to reach you about your orders.</p>
      <FormField
        id={`${id}-displayName`}
        label="Display name"
        error={errors.displayName?.message}
        hint="Shown on your reviews and orders."
      >
        <Input autoComplete="nickname" {...register('displayName')} />
      </FormField>
      <FormField id={`${id}-phoneNumber`} label="Phone number" error={errors.phoneNumber?.message}>
        <Input type="tel" autoComplete="tel" placeholder="082 123 4567" {...register('phoneNumber')} />
      </FormField>
      <WizardNav
        step={step}
        onBack={onBack}
        nextLabel={nextLabelFor('customer', step)}
        nextDisabled={!formState.isValid}
        submitting={submitting}
        hideBack={step <= 1}
      />
    </form>
  );
}
