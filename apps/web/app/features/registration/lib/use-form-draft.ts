import { useEffect } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';

/**
 * Hands every change of a react-hook-form form's values to the wizard (`onDraftChange`, wizard
 * contract), which saves them as the step's unfinished draft. Validation stays with the submit.
 */
export function useFormDraft<T extends FieldValues>(
  watch: UseFormWatch<T>,
  onDraftChange: ((values: Record<string, unknown>) => void) | undefined,
): void {
  useEffect(() => {
    if (!onDraftChange) return;
    const subscription = watch((values) => onDraftChange(values as Record<string, unknown>));
    return () => subscription.unsubscribe();
  }, [watch, onDraftChange]);
}
