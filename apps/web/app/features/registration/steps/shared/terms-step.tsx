import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZTermsStep, type TTermsStep, type TTermsStepInput } from '@sekolo/shared/schemas/registration/common';
import { CheckboxField } from '~/components/ui/form-field';
import { PRIVACY_POLICY_DOCUMENT } from '~/content/legal/privacy-policy';
import { TERMS_OF_SERVICE_DOCUMENT } from '~/content/legal/terms-of-service';
import type { ILegalDocument } from '~/content/legal/types';
import { LegalScrollBox } from '../../components/legal-scroll-box';
import { WizardNav } from '../../components/wizard-nav';
import type { IWizardStepProps } from '../../lib/wizard-types';

/**
 * Terms & Conditions: two scrollable texts and two checkboxes; the button stays disabled until
 * both are ticked (spec 2.9, 4). Used by the customer, school and young entrepreneur wizards.
 */
export function TermsStep({
  step,
  data,
  onComplete,
  onBack,
  submitting,
  nextLabel,
  intro,
  termsDocument = TERMS_OF_SERVICE_DOCUMENT,
  privacyDocument = PRIVACY_POLICY_DOCUMENT,
}: IWizardStepProps<TTermsStep> & {
  nextLabel: string;
  intro?: React.ReactNode;
  termsDocument?: ILegalDocument;
  privacyDocument?: ILegalDocument;
}) {
  const id = useId();
  const form = useForm<TTermsStepInput, unknown, TTermsStep>({
    resolver: zodResolver(ZTermsStep),
    mode: 'onChange',
    defaultValues: { termsAccepted: data?.termsAccepted === true, privacyAccepted: data?.privacyAccepted === true },
  });
  const { register, handleSubmit, watch, formState } = form;
  const bothTicked = watch('termsAccepted') === true && watch('privacyAccepted') === true;

  const box = (name: 'termsAccepted' | 'privacyAccepted', label: React.ReactNode) => {
    const error = formState.errors[name]?.message;
    return <CheckboxField id={`${id}-${name}`} label={label} error={error} {...register(name)} />;
  };

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(event) => void handleSubmit((values) => onComplete(values))(event)}
    >
      {intro}
      <div className="space-y-3">
        <LegalScrollBox id={`${id}-terms`} document={termsDocument} />
        {box('termsAccepted', <>I have read and accept the {termsDocument.title}</>)}
      </div>
      <div className="space-y-3">
        <LegalScrollBox id={`${id}-privacy`} document={privacyDocument} />
        {box('privacyAccepted', <>I have read and accept the {privacyDocument.title}</>)}
      </div>
      <WizardNav step={step} onBack={onBack} nextLabel={nextLabel} nextDisabled={!bothTicked} submitting={submitting} />
    </form>
  );
}
