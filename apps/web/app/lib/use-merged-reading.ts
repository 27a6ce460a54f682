import { useEffect, useRef } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { sameFormValue } from './merge-saved';

/**
 * Keeps a form over a record that is read again (after the user's own save, or one someone else
 * made meanwhile) without losing what the user typed: when `read` changes, `merge(before, read,
 * current)` (a mergeSaved) gives the values to show; the form is reset to the reading, so that it
 * is dirty only where the user's values differ from it, those are set back over it, and the
 * merge's notice (the fields saved differently meanwhile), if any, goes to `onNotice`.
 */
export function useMergedReading<T extends FieldValues, TOut>(
  form: UseFormReturn<T, unknown, TOut>,
  read: T,
  fields: readonly Path<T>[],
  merge: (before: T, read: T, current: T) => { values: T; notice: string | null },
  onNotice: (notice: string) => void,
) {
  const base = useRef(read);
  const readKey = JSON.stringify(read);
  useEffect(() => {
    const before = base.current;
    if (JSON.stringify(before) === readKey) return;
    base.current = read;
    const { values, notice } = merge(before, read, form.getValues());
    form.reset(read);
    for (const name of fields) {
      const value = values[name as keyof T];
      if (!sameFormValue(value, read[name as keyof T]))
        form.setValue(name, value as PathValue<T, Path<T>>, { shouldDirty: true });
    }
    if (notice) onNotice(notice);
    // `read` is a new object each render: its content, readKey, is what the effect follows.
  }, [readKey]);
}
