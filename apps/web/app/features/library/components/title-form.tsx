import { useId, useState } from 'react';
import { BOOK_LANGUAGES, ZNewTitle, type TTitleSummary } from '@sekolo/shared/schemas/library';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { ApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { useCreateTitle, useUpdateTitle } from '../api/library-queries';

/** A title's details (and, for a new one, how many copies to number), checked by the shared schema. */
export function TitleForm({ title, onDone }: { title: TTitleSummary | null; onDone: () => void }) {
  const id = useId();
  const create = useCreateTitle();
  const update = useUpdateTitle();
  const [values, setValues] = useState({
    title: title?.title ?? '',
    author: title?.author ?? '',
    isbn: title?.isbn ?? '',
    subject: title?.subject ?? '',
    publisher: title?.publisher ?? '',
    year: title?.year ? String(title.year) : '',
    language: title?.language ?? 'english',
    copies: '1',
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFields({});
    setProblem(null);
    const parsed = ZNewTitle.safeParse({
      ...values,
      year: values.year.trim() ? Number(values.year) : null,
      copies: title ? 0 : Number(values.copies),
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setFields(next);
      return;
    }
    try {
      if (title) {
        const { copies: _copies, ...body } = parsed.data;
        await update.mutateAsync({ titleId: title.id, body });
      } else await create.mutateAsync(parsed.data);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      setProblem(errorMessage(error));
    }
  };
  const field = (
    key: keyof typeof values,
    label: string,
    props: React.ComponentProps<'input'> = {},
    optional = false,
  ) => (
    <FormField id={`${id}-${key}`} label={label} error={fields[key]} optional={optional}>
      <Input value={values[key]} onChange={set(key)} {...props} />
    </FormField>
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={title ? `Edit ${title.title}` : 'New title'}
      className="grid gap-3 sm:grid-cols-2"
    >
      {field('title', 'Title')}
      {field('author', 'Author')}
      {field('isbn', 'ISBN', { inputMode: 'numeric', placeholder: '978-0-09-958162-8' }, true)}
      {field('subject', 'Subject', { placeholder: 'English Home Language' }, true)}
      {field('publisher', 'Publisher', {}, true)}
      {field('year', 'Year published', { inputMode: 'numeric' }, true)}
      <FormField id={`${id}-language`} label="Language" error={fields.language}>
        <NativeSelect value={values.language} onChange={set('language')}>
          {BOOK_LANGUAGES.map((l) => (
            <option key={l.id} value={l.id}>
              {l.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {title ? null : field('copies', 'Copies', { inputMode: 'numeric' })}
      {problem ? (
        <p role="alert" className="text-red-700 sm:col-span-2">
          {problem}
        </p>
      ) : null}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={create.isPending || update.isPending}>
          {title ? 'Save title' : 'Add title'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
