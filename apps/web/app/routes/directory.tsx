import { Form, Link, useLoaderData, useSearchParams } from 'react-router';
import { DIRECTORY_TYPE_FILTERS, type TDirectoryPage } from '@sekolo/shared/schemas/directory';
import { DirectoryCard } from '~/features/directory/components/directory-card';
import { SA_PROVINCE_OPTIONS, TYPE_OPTIONS, regionLabel } from '~/features/directory/lib/labels';
import { PageHero } from '~/components/marketing/section-header';
import { Button } from '~/components/ui/button';
import { pageTitle } from '~/content/site';
import { paths } from '~/config/paths';
import type { Route } from './+types/directory';

const PAGE_SIZE = 24;
const FILTER_KEYS = ['q', 'type', 'province', 'town'] as const;

/** The visitor's search and filters, as the API takes them (unknown types dropped, not refused). */
function apiQueryOf(search: URLSearchParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = search.get(key)?.trim();
    if (!value) continue;
    if (key === 'type' && !(DIRECTORY_TYPE_FILTERS as readonly string[]).includes(value)) continue;
    query.set(key, value.slice(0, 100));
  }
  const page = Number(search.get('page'));
  if (Number.isInteger(page) && page > 1 && page <= 1000) query.set('page', String(page));
  query.set('pageSize', String(PAGE_SIZE));
  return query;
}

/** Rendered on the server with the directory's page of organisations (the API read in-process). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const res = await context.api(`/api/directory?${apiQueryOf(url.searchParams).toString()}`);
  const results = res.ok ? ((await res.json()) as TDirectoryPage) : null;
  return { results, origin: url.origin };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const description =
    'Find approved schools, tutors, suppliers, service providers and charities across South Africa: search by name, type, province and town.';
  const url = `${loaded?.origin ?? ''}${paths.directory}`;
  return [
    { title: pageTitle('Directory') },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: 'The Sekolo directory' },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { tagName: 'link', rel: 'canonical', href: url },
  ];
};

const fieldClass = 'h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900';

function Filters() {
  const [search] = useSearchParams();
  const value = (key: string) => search.get(key) ?? '';
  return (
    <Form
      key={search.toString()}
      method="get"
      action={paths.directory}
      role="search"
      aria-label="Search the directory"
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
    >
      <label className="text-sm font-medium text-slate-700 sm:col-span-2">
        Name
        <input
          name="q"
          type="search"
          defaultValue={value('q')}
          placeholder="e.g. Demo High School"
          className={fieldClass}
        />
      </label>
      <label className="text-sm font-medium text-slate-700">
        Type
        <select name="type" defaultValue={value('type')} className={fieldClass}>
          <option value="">All types</option>
          {TYPE_OPTIONS.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700">
        Province
        <select name="province" defaultValue={value('province')} className={fieldClass}>
          <option value="">Anywhere</option>
          {SA_PROVINCE_OPTIONS.map((r) => (
            <option key={r.id} value={r.id}>
              {r.label}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700">
        Town
        <input name="town" defaultValue={value('town')} placeholder="e.g. Durban" className={fieldClass} />
      </label>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-5">
        <Button type="submit">Search</Button>
        {FILTER_KEYS.some((key) => search.get(key)) ? (
          <Button asChild variant="secondary">
            <Link to={paths.directory}>Clear</Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

function Pages({ results }: { results: TDirectoryPage }) {
  const [search] = useSearchParams();
  const pages = Math.max(1, Math.ceil(results.total / results.pageSize));
  if (pages <= 1) return null;
  const hrefOf = (page: number) => {
    const next = new URLSearchParams(search);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    const query = next.toString();
    return query ? `${paths.directory}?${query}` : paths.directory;
  };
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-2 text-sm">
      {results.page > 1 ? (
        <Link to={hrefOf(results.page - 1)} className="font-medium text-brand-700 underline">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        Page {results.page} of {pages}
      </span>
      {results.page < pages ? (
        <Link to={hrefOf(results.page + 1)} className="font-medium text-brand-700 underline">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** /directory: approved schools, business partners and charities, searched by name, type, province and town. */
export default function DirectoryPage() {
  const { results } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const province = search.get('province');
  return (
    <>
      <PageHero
        eyebrow="Directory"
        title="Find schools, partners and charities"
        lead="Every organisation here was checked by the Sekolo team before it was listed."
      />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-10 sm:px-6">
        <Filters />
        <section aria-labelledby="directory-results-title" className="space-y-4">
          <h2 id="directory-results-title" className="text-xl font-bold text-slate-900">
            {results
              ? `${results.total} ${results.total === 1 ? 'organisation' : 'organisations'}${province ? ` in ${regionLabel(province)}` : ''}`
              : 'The directory could not be loaded'}
          </h2>
          {results && results.items.length > 0 ? (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Organisations">
              {results.items.map((entry) => (
                <DirectoryCard key={entry.id} entry={entry} />
              ))}
            </ul>
          ) : results ? (
            <p className="text-slate-600">Nothing matches your search. Try another name or fewer filters.</p>
          ) : (
            <p role="alert" className="text-slate-600">
              Please try again in a moment.
            </p>
          )}
          {results ? <Pages results={results} /> : null}
        </section>
      </div>
    </>
  );
}
