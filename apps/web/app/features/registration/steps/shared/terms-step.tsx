import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZTermsStep, type TTermsStep, type TTermsStepInput } from '@sekolo/shared/schemas/registration/common';
import { Label } from '~/components/ui/label';
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
    return (
      <div className="space-y-1">
        <div className="flex items-start gap-2">
          <input
            type="checkbox"
            id={`${id}-${name}`}
            className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-${name}-error` : undefined}
            {...register(name)}
          />
          <Label htmlFor={`${id}-${name}`} className="font-normal">
            {label}
          </Label>
        </div>
        {error && (
          <p id={`${id}-${name}-error`} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    );
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
