import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { FieldIdPrefix } from '~/components/ui/bound-fields';
import { WizardNav } from './wizard-nav';

/**
 * A wizard step's form: the step's fields (bound fields find the form and their id prefix by
 * themselves) and `WizardNav`, whose forward button submits the form. Valid values go to
 * `onValid`; `onInvalid` runs when the submit finds errors.
 */
export function WizardStepForm<TInput extends FieldValues, TOutput>({
  form,
  idPrefix,
  onValid,
  onInvalid,
  className = 'space-y-8',
  nav,
  children,
}: {
  form: UseFormReturn<TInput, unknown, TOutput>;
  idPrefix: string;
  onValid: (values: TOutput) => unknown;
  onInvalid?: () => void;
  className?: string;
  nav: React.ComponentProps<typeof WizardNav>;
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
          <WizardNav {...nav} />
        </form>
      </FieldIdPrefix>
    </FormProvider>
  );
}
