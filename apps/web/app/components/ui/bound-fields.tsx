import { createContext, useContext } from 'react';
import { useFormContext, type RegisterOptions } from 'react-hook-form';
import { FormField } from './form-field';
import { Input } from './input';
import { NativeSelect } from './native-select';

const FieldIdPrefixContext = createContext('');

/** The prefix of the ids of the bound fields inside (`<prefix>-<name>`), usually a `useId()`. */
export function FieldIdPrefix({ prefix, children }: { prefix: string; children: React.ReactNode }) {
  return <FieldIdPrefixContext value={prefix}>{children}</FieldIdPrefixContext>;
}

type TBoundFieldProps = {
  /** The field's name in the surrounding react-hook-form (`FormProvider`); dotted for nested values. */
  name: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  optional?: boolean;
  className?: string;
  /** Overrides the surrounding `FieldIdPrefix`. */
  idPrefix?: string;
  registerOptions?: RegisterOptions;
};

/** The registration, id and error message of one field of the surrounding react-hook-form. */
function useBoundField({ name, idPrefix, registerOptions }: TBoundFieldProps) {
  const { register, getFieldState, formState } = useFormContext();
  const prefix = useContext(FieldIdPrefixContext);
  return {
    id: `${idPrefix ?? prefix}-${name}`,
    error: getFieldState(name, formState).error?.message,
    registration: register(name, registerOptions),
  };
}

/** A `FormField` with an `Input` bound to `name`; the other props go to the input. */
export function TextField({
  name,
  label,
  hint,
  optional,
  className,
  idPrefix,
  registerOptions,
  ...inputProps
}: TBoundFieldProps & Omit<React.ComponentProps<typeof Input>, 'name' | 'id'>) {
  const { id, error, registration } = useBoundField({ name, label, idPrefix, registerOptions });
  return (
    <FormField id={id} label={label} hint={hint} optional={optional} error={error} className={className}>
      <Input {...inputProps} {...registration} />
    </FormField>
  );
}

/**
 * A `FormField` with a `NativeSelect` bound to `name`: an empty first option saying `placeholder`
 * (when given), then `options`.
 */
export function SelectField({
  name,
  label,
  hint,
  optional,
  className,
  idPrefix,
  registerOptions,
  options,
  placeholder,
  autoComplete,
}: TBoundFieldProps & {
  options: readonly { id: string; label: string }[];
  placeholder?: string;
  autoComplete?: string;
}) {
  const { id, error, registration } = useBoundField({ name, label, idPrefix, registerOptions });
  return (
    <FormField id={id} label={label} hint={hint} optional={optional} error={error} className={className}>
      <NativeSelect autoComplete={autoComplete} {...registration}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

/** First and last name (`firstName`, `lastName`), with the browser's name autofill unless `autofill` is false. */
export function PersonNameFields({ autofill = true }: { autofill?: boolean }) {
  return (
    <>
      <TextField name="firstName" label="First name" autoComplete={autofill ? 'given-name' : undefined} />
      <TextField name="lastName" label="Last name" autoComplete={autofill ? 'family-name' : undefined} />
    </>
  );
}

/** A South African phone number field. */
export function PhoneField({ name }: { name: string }) {
  return <TextField name={name} label="Phone number" type="tel" autoComplete="tel" placeholder="082 123 4567" />;
}

/** An e-mail address field. */
export function EmailField({ name }: { name: string }) {
  return <TextField name={name} label="Email" type="email" autoComplete="email" />;
}
