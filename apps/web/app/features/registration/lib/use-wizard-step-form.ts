import { useId } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormProps } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ZodType } from 'zod';
import { useFormDraft } from './use-form-draft';

/**
 * A wizard step's react-hook-form: validated by the step's shared schema (on change unless
 * `options` say otherwise), its values handed to the wizard as the step's draft, and the prefix
 * of its field ids.
 */
export function useWizardStepForm<TInput extends FieldValues, TOutput>(
  schema: ZodType<TOutput, TInput>,
  defaultValues: DefaultValues<TInput>,
  onDraftChange: ((values: Record<string, unknown>) => void) | undefined,
  options: Pick<UseFormProps<TInput>, 'mode' | 'reValidateMode'> = {},
) {
  const id = useId();
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    ...options,
    defaultValues,
  });
  useFormDraft(form.watch, onDraftChange);
  return { id, form };
}
