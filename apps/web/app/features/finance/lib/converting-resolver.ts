import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver that checks the form with the server's own schema: the form keeps
 * what is typed (amounts as rand text), `toInput` turns it into the request, field for field at
 * the same paths, and the schema's messages land on the fields they name. The submit handler
 * receives the schema's output, the request body as the server reads it.
 */
export function convertingResolver<TForm extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput>,
  toInput: (values: TForm) => unknown,
): Resolver<TForm, unknown, TOutput> {
  // The zod resolver is typed for a form whose values are the schema's input; this form's are
  // what is typed, and `toInput` makes them the schema's input, so the types are bridged here once.
  const zod = zodResolver(schema as z.ZodType<TOutput, FieldValues>) as unknown as Resolver<
    FieldValues,
    unknown,
    TOutput
  >;
  return (values, context, options) =>
    zod(toInput(values) as FieldValues, context, options as never) as unknown as ReturnType<
      Resolver<TForm, unknown, TOutput>
    >;
}
