import { useCallback, useRef, useState } from 'react';

/** What the forms need of a zod schema: `safeParse` (a type only, so zod stays out of the page). */
export interface ISchemaLike<TOutput> {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: TOutput }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** Per-field messages: the first problem of each field, as react-hook-form's zod resolver shows them. */
export type TFieldErrors<TField extends string> = Partial<Record<TField, string>>;

/** The first message of each listed field, in the order of the schema's issues. */
export function fieldErrorsOf<TField extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: readonly TField[],
): TFieldErrors<TField> {
  const errors: TFieldErrors<TField> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(fields as readonly string[]).includes(field)) continue;
    errors[field as TField] ??= issue.message;
  }
  return errors;
}

/** Every named control's value as a string, as typed (the schema trims and converts). */
export function formValues(form: HTMLFormElement, names: readonly string[]): Record<string, string> {
  const data = new FormData(form);
  return Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? '')]));
}

/**
 * A public form validated by the shared zod schema without loading zod or react-hook-form with the
 * page: the controls are plain uncontrolled inputs (typed values are never lost,
 * not even those typed before the page's script ran); the schema module is imported the first time
 * the form gets focus or the pointer, and on submit at the latest. Like react-hook-form with
 * zodResolver in its default modes: validates on submit, then on every change; shows each field's
 * first message; focuses the first field with a problem. Server messages go in with `setError`.
 */
export function useLazySchemaForm<TField extends string, TOutput>({
  loadSchema,
  fields,
  defaultValues,
  fixedValues,
}: {
  loadSchema: () => Promise<ISchemaLike<TOutput>>;
  /** The fields that show messages, in the order they appear in the form. */
  fields: readonly TField[];
  /** Every control's name and its starting value (fields, the honeypot). */
  defaultValues: Readonly<Record<string, string>>;
  /** Values that are not controls (e.g. the contact form's `kind`). */
  fixedValues?: Readonly<Record<string, unknown>>;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<TFieldErrors<TField>>({});
  const [isValidating, setValidating] = useState(false);
  const revalidate = useRef(false);
  const names = Object.keys(defaultValues);

  const prefetch = useCallback(() => void loadSchema(), [loadSchema]);

  /** Validates what the form holds now and shows the messages; the parsed values when valid. */
  const validate = async (): Promise<{ data: TOutput } | { errors: TFieldErrors<TField> } | null> => {
    const form = formRef.current;
    if (!form) return null;
    const schema = await loadSchema();
    const parsed = schema.safeParse({ ...formValues(form, names), ...fixedValues });
    const next = parsed.success ? {} : fieldErrorsOf(parsed.error.issues, fields);
    setErrors(next);
    return parsed.success ? { data: parsed.data } : { errors: next };
  };

  const handleSubmit =
    (onValid: (values: TOutput) => Promise<void> | void, onInvalid?: () => void) =>
    async (event: React.FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (isValidating) return;
      setValidating(true);
      let result: Awaited<ReturnType<typeof validate>>;
      try {
        result = await validate();
      } finally {
        setValidating(false);
      }
      if (!result) return;
      if ('errors' in result) {
        revalidate.current = true;
        const first = fields.find((field) => result.errors[field]);
        const control = first ? formRef.current?.elements.namedItem(first) : null;
        if (control instanceof HTMLElement) control.focus();
        onInvalid?.();
        return;
      }
      await onValid(result.data);
    };

  /** A server message for one field (the same signature as react-hook-form's setError). */
  const setError = useCallback((name: string, error: { message?: string }) => {
    setErrors((current) => ({ ...current, [name]: error.message }));
  }, []);

  /** Back to the starting values, no messages, validation on submit again. */
  const reset = () => {
    const form = formRef.current;
    if (form) {
      for (const [name, value] of Object.entries(defaultValues)) {
        const control = form.elements.namedItem(name);
        if (
          control instanceof HTMLInputElement ||
          control instanceof HTMLSelectElement ||
          control instanceof HTMLTextAreaElement
        ) {
          control.value = value;
        }
      }
    }
    setErrors({});
    revalidate.current = false;
  };

  /** Props for the <form>: no browser validation bubbles, prefetch on first contact, revalidate on input. */
  const formProps = {
    ref: formRef,
    noValidate: true,
    onFocus: prefetch,
    onPointerEnter: prefetch,
    onInput: () => {
      if (revalidate.current) void validate();
    },
  };

  /** Props for one control: its name and starting value. */
  const register = (name: string) => ({ name, defaultValue: defaultValues[name] });

  return { formProps, register, errors, setError, reset, handleSubmit, isValidating };
}
