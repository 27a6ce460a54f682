import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { FieldIdPrefix } from '~/components/ui/bound-fields';
import { nextLabelFor } from '../lib/next-label';
import type { IWizardStepProps } from '../lib/wizard-types';
import { WizardNav } from './wizard-nav';

/**
 * A wizard step's form: the step's fields (bound fields find the form and their id prefix by
 * themselves) and `WizardNav`, whose forward button submits the form. Valid values go to the
 * step's `onComplete` (or `onValid`); `onInvalid` runs when the submit finds errors.
 */
export function WizardStepForm<TInput extends FieldValues, TOutput>({
  form,
  idPrefix,
  stepProps: { step, onBack, submitting, onComplete },
  userType,
  onValid = onComplete,
  onInvalid,
  nextDisabled,
  hideBack,
  className = 'space-y-8',
  children,
}: {
  form: UseFormReturn<TInput, unknown, TOutput>;
  idPrefix: string;
  /** The wizard's props of the step. */
  stepProps: IWizardStepProps<TOutput>;
  /** Whose wizard it is; names the forward button. */
  userType: string;
  /** Instead of the step's `onComplete`. */
  onValid?: (values: TOutput) => unknown;
  onInvalid?: () => void;
  nextDisabled?: boolean;
  hideBack?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <FieldIdPrefix prefix={idPrefix}>
        <form
          noValidate
          className={className}
          onSubmit={(event) =>
            void form.handleSubmit((values) => onValid(values), onInvalid && (() => onInvalid()))(event)
          }
        >
          {children}
          <WizardNav
            step={step}
            onBack={onBack}
            nextLabel={nextLabelFor(userType, step)}
            nextDisabled={nextDisabled}
            submitting={submitting}
            hideBack={hideBack}
          />
        </form>
      </FieldIdPrefix>
    </FormProvider>
  );
}
