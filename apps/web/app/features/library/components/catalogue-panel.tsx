import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { libraryContracts as api } from '@sekolo/shared/contracts/library';
import { BOOK_LANGUAGES, bookLanguageLabel } from '@sekolo/shared/schemas/library';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { paths } from '~/config/paths';
import { call, urlOf } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { LIBRARY_KEY } from '../api/library-queries';
import { TitleForm } from './title-form';

/** The librarian's catalogue: search and filters, a page of titles at a time, a new title, all labels. */
export function CataloguePanel() {
  const id = useId();
  const [q, setQ] = useState('');
  const [subject, setSubject] = useState('');
  const [language, setLanguage] = useState('');
  const [available, setAvailable] = useState(false);
  const [adding, setAdding] = useState(false);
  const filters = {
    q: q.trim() || undefined,
    subject: subject || undefined,
    language: language || undefined,
    available: available ? ('yes' as const) : undefined,
  };
  const list = useInfiniteQuery({
    queryKey: [...LIBRARY_KEY, 'titles', 'pages', filters],
    queryFn: ({ pageParam }) => call(api.titles, { query: { ...filters, after: pageParam ?? undefined, limit: 25 } }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });
  const titles = list.data?.pages.flatMap((p) => p.titles) ?? [];
  const subjects = list.data?.pages[0]?.subjects ?? [];
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        {!adding ? <Button onClick={() => setAdding(true)}>Add title</Button> : null}
        <a className="font-semibold text-brand-700 underline" href={urlOf(api.labels, { query: {} })} download>
          Download all labels (PDF)
        </a>
      </div>
      {adding ? (
        <section className="rounded-xl border border-slate-200 bg-white p-4" aria-labelledby={`${id}-new`}>
          <h2 id={`${id}-new`} className="mb-3 text-xl font-semibold text-slate-900">
            New title
          </h2>
          <TitleForm title={null} onDone={() => setAdding(false)} />
        </section>
      ) : null}
      <form
        role="search"
        aria-label="Search the catalogue"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(e) => e.preventDefault()}
      >
        <FormField id={`${id}-q`} label="Search">
          <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Title, author or ISBN" />
        </FormField>
        <FormField id={`${id}-subject`} label="Subject">
          <NativeSelect value={subject} onChange={(e) => setSubject(e.target.value)}>
            <option value="">All subjects</option>
            {subjects.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={`${id}-language`} label="Language">
          <NativeSelect value={language} onChange={(e) => setLanguage(e.target.value)}>
            <option value="">All languages</option>
            {BOOK_LANGUAGES.map((l) => (
              <option key={l.id} value={l.id}>
                {l.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <label className="flex items-center gap-2 self-end pb-2 text-slate-900">
          <input type="checkbox" checked={available} onChange={(e) => setAvailable(e.target.checked)} />
          On the shelf now
        </label>
      </form>
      {list.isPending ? (
        <p className="text-slate-600">Loading…</p>
      ) : list.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(list.error)}
        </p>
      ) : titles.length === 0 ? (
        <p className="text-slate-600">No titles match. Add a title or import your catalogue from a CSV file.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label="Titles">
          {titles.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div>
                <Link to={paths.library.title(t.id)} className="font-semibold text-brand-700 underline">
                  {t.title}
                </Link>
                <p className="text-sm text-slate-700">
                  {t.author}
                  {t.subject ? ` · ${t.subject}` : ''} · {bookLanguageLabel(t.language)}
                  {t.isbn ? ` · ISBN ${t.isbn}` : ''}
                </p>
              </div>
              <p className="text-sm text-slate-700">
                {t.available} of {t.copies} on the shelf
                {t.waitingHolds ? `, ${t.waitingHolds} waiting` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <Button variant="secondary" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          More titles
        </Button>
      ) : null}
    </div>
  );
}
