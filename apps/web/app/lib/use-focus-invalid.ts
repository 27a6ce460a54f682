import { useEffect, useRef } from 'react';

/** How long after a refused submit its errors may take to show and still get the focus. */
const SHOWN_WITHIN_MS = 1000;

/**
 * Focus on the first field a refused submit marked invalid (`aria-invalid`, set by FormField), so a
 * keyboard or screen-reader user lands on what to fix instead of staying on the submit button.
 * react-hook-form would do it itself, but the forms' controlled fields give it no element refs.
 * `focusFirstInvalid` is called
 * where a submit is refused (the schema's errors, or the server's fields); react-hook-form renders
 * the errors after that call, so the focus moves at the first render that shows one, and only
 * then: a field that turns invalid later, while the user corrects another, does not take it.
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>() {
  const formRef = useRef<T>(null);
  const refusedAt = useRef<number | null>(null);
  useEffect(() => {
    if (refusedAt.current === null) return;
    if (Date.now() - refusedAt.current > SHOWN_WITHIN_MS) {
      refusedAt.current = null;
      return;
    }
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    refusedAt.current = null;
    field.focus();
  });
  return {
    formRef,
    focusFirstInvalid: () => {
      refusedAt.current = Date.now();
    },
  };
}
