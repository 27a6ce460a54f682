import { createContext, useContext } from 'react';
import { cn } from '~/lib/cn';
import { Label } from './label';

/** What ties a control to its label, hint and error message. */
type TFieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

const FieldControlContext = createContext<TFieldControlProps | null>(null);

/** Ids that tie a control to its hint and error message (`aria-describedby`). */
function fieldControlProps(id: string, error: React.ReactNode, hint: boolean): TFieldControlProps {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined };
}

/**
 * The id, `aria-invalid` and `aria-describedby` of the field around a control, or nothing outside
 * a field. Input, Textarea and NativeSelect take them by themselves (explicit props win), so a
 * field holds one of them.
 */
export function useFieldControl(): TFieldControlProps | Record<string, never> {
  return useContext(FieldControlContext) ?? {};
}

/** The error message under a field; its id is what the control's `aria-describedby` names. */
function FieldMessage({ id, error }: { id: string; error?: React.ReactNode }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="text-sm text-red-700">
      {error}
    </p>
  );
}

/**
 * Label, control, hint and error message for one form field. The field owns the wiring: its one
 * control (the Input, Textarea or NativeSelect inside it, see `useFieldControl`) gets the id,
 * `aria-invalid` and an `aria-describedby` that names the hint and the error, so assistive
 * technology reads them with it.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  optional,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  error?: React.ReactNode;
  /** Marks the label "(optional)"; fields are required unless they say so. */
  optional?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <FieldControlContext value={fieldControlProps(id, error, !!hint)}>
      <div data-slot="form-field" className={cn('space-y-1.5', className)}>
        <Label htmlFor={id}>
          {label}
          {optional && <span className="font-normal text-slate-500"> (optional)</span>}
        </Label>
        {children}
        {hint && (
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        )}
        <FieldMessage id={id} error={error} />
      </div>
    </FieldControlContext>
  );
}

/**
 * A checkbox with its label beside it and its error message under both, wired like `FormField`.
 * The rest of the props go to the checkbox (react-hook-form's `register`, `checked`…).
 */
export function CheckboxField({
  id,
  label,
  error,
  className,
  labelClassName,
  ...props
}: Omit<React.ComponentProps<'input'>, 'type' | 'id'> & {
  id: string;
  label: React.ReactNode;
  error?: React.ReactNode;
  labelClassName?: string;
}) {
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-2">
        <input
          type="checkbox"
          className={cn('mt-0.5 size-4 rounded border-slate-300 accent-brand-700', className)}
          {...fieldControlProps(id, error, false)}
          {...props}
        />
        <Label htmlFor={id} className={cn('font-normal', labelClassName)}>
          {label}
        </Label>
      </div>
      <FieldMessage id={id} error={error} />
    </div>
  );
}
