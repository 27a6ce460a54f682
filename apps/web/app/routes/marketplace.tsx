import { BadgeCheck, Laptop, LockKeyhole, Package, Star, Wrench, GraduationCap, type LucideIcon } from 'lucide-react';
import { Form, Link, useLoaderData, useSearchParams } from 'react-router';
import { REGIONS_BY_COUNTRY } from '@sekolo/shared/constants/enumerations';
import type { TCataloguePage } from '@sekolo/shared/schemas/marketplace';
import { ListingCard } from '~/features/marketplace/components/listing-card';
import { apiQueryOf, filtersOf, hrefWith, isFiltered } from '~/features/marketplace/lib/catalogue-query';
import { PROCESSING_FEE_BPS, SLA } from '@sekolo/shared/constants/fees';
import { CtaBand } from '~/components/marketing/cta-band';
import { PageHero, SectionHeader } from '~/components/marketing/section-header';
import { Button } from '~/components/ui/button';
import { formatCount, formatPercentFromBps } from '~/content/format';
import { MARKETPLACE_SECTIONS, type IMarketplaceSection, type TMarketplaceSectionId } from '~/content/marketplace';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/marketplace';
import { paths } from '~/config/paths';

/** A section's newest listings on the marketplace's first view; a page of results when searching. */
const SECTION_PREVIEW = 4;
const RESULTS_PAGE_SIZE = 24;
const SECTION_IDS = ['supplies', 'resources', 'technology', 'services'] as const;
const SELLER_TYPE_OPTIONS = [
  { id: 'business', label: 'Business partners' },
  { id: 'young_entrepreneur', label: 'Young entrepreneurs' },
  { id: 'charity', label: 'Charities' },
];
const SORT_OPTIONS = [
  { id: 'relevance', label: 'Best match' },
  { id: 'newest', label: 'Newest' },
  { id: 'price_asc', label: 'Price: low to high' },
  { id: 'price_desc', label: 'Price: high to low' },
  { id: 'rating', label: 'Best rated' },
];

type TLoaderData = {
  filtered: boolean;
  results: TCataloguePage | null;
  sections: Partial<Record<(typeof SECTION_IDS)[number], TCataloguePage>>;
};

/**
 * Rendered on the server with the catalogue's data (the API read in-process): each section's newest
 * listings, or, once the visitor searches or filters, a page of results.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<TLoaderData> {
  const filters = filtersOf(new URL(request.url).searchParams);
  const read = async (query: string): Promise<TCataloguePage | null> => {
    const res = await context.api(`/api/marketplace/listings?${query}`);
    return res.ok ? ((await res.json()) as TCataloguePage) : null;
  };
  if (isFiltered(filters)) {
    return { filtered: true, results: await read(apiQueryOf(filters, RESULTS_PAGE_SIZE)), sections: {} };
  }
  const pages = await Promise.all(
    SECTION_IDS.map((id) => read(apiQueryOf(filters, SECTION_PREVIEW, { category: id, sort: 'newest' }))),
  );
  const sections: TLoaderData['sections'] = {};
  SECTION_IDS.forEach((id, i) => {
    if (pages[i]) sections[id] = pages[i];
  });
  return { filtered: false, results: null, sections };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Marketplace') },
  {
    name: 'description',
    content:
      'School supplies, educational resources, technology and services from business partners checked by the Sekolo team. Buy securely, or register to sell to schools and families.',
  },
];

const SECTION_ICONS: Record<TMarketplaceSectionId, LucideIcon> = {
  supplies: Package,
  resources: GraduationCap,
  technology: Laptop,
  services: Wrench,
};

/**
 * Where the partners' products are on sale, for everyone: beside the basket. It was
 * "Sign in to browse", to /login, where a signed-in user found only "You're already logged in".
 */
const PRODUCTS_PATH = paths.basket;

function SearchBox() {
  const [search] = useSearchParams();
  return (
    <Form method="get" role="search" className="mx-auto mt-8 flex max-w-xl gap-2" action={paths.marketplace}>
      <label htmlFor="marketplace-q" className="sr-only">
        Search the marketplace
      </label>
      <input
        id="marketplace-q"
        name="q"
        type="search"
        defaultValue={search.get('q') ?? ''}
        placeholder="Search calculators, uniforms, tutors…"
        className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900"
      />
      <Button type="submit" size="lg">
        Search
      </Button>
    </Form>
  );
}

function Catalogue() {
  const data = useLoaderData<typeof loader>();
  if (data.filtered) return <Results results={data.results} />;
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-16 sm:px-6 sm:py-24">
      {MARKETPLACE_SECTIONS.map((section) => (
        <MarketplaceSection key={section.id} section={section} listings={data.sections[section.id]} />
      ))}
    </div>
  );
}

const fieldClass = 'h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900';

function Filters() {
  const [search] = useSearchParams();
  const value = (key: string) => search.get(key) ?? '';
  return (
    <Form
      method="get"
      aria-label="Filter the results"
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <input type="hidden" name="q" value={value('q')} />
      <label className="text-sm font-medium text-slate-700">
        Section
        <select name="category" defaultValue={value('category')} className={fieldClass}>
          <option value="">All sections</option>
          {MARKETPLACE_SECTIONS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700">
        Province
        <select name="province" defaultValue={value('province')} className={fieldClass}>
          <option value="">Anywhere</option>
          {REGIONS_BY_COUNTRY.south_africa.map((r) => (
            <option key={r.id} value={r.id}>
              {r.label}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700">
        Seller
        <select name="sellerType" defaultValue={value('sellerType')} className={fieldClass}>
          <option value="">All sellers</option>
          {SELLER_TYPE_OPTIONS.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700">
        Rating
        <select name="minRating" defaultValue={value('minRating')} className={fieldClass}>
          <option value="">Any rating</option>
          {[4, 3, 2].map((n) => (
            <option key={n} value={String(n)}>
              {n} stars and up
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700">
        Lowest price (R)
        <input name="minPrice" inputMode="decimal" defaultValue={value('minPrice')} className={fieldClass} />
      </label>
      <label className="text-sm font-medium text-slate-700">
        Highest price (R)
        <input name="maxPrice" inputMode="decimal" defaultValue={value('maxPrice')} className={fieldClass} />
      </label>
      <label className="text-sm font-medium text-slate-700">
        Sort by
        <select name="sort" defaultValue={value('sort')} className={fieldClass}>
          {SORT_OPTIONS.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-end">
        <Button type="submit" className="w-full">
          Apply filters
        </Button>
      </div>
    </Form>
  );
}

function Results({ results }: { results: TCataloguePage | null }) {
  const [search] = useSearchParams();
  const q = search.get('q') ?? '';
  const pages = results ? Math.max(1, Math.ceil(results.total / results.pageSize)) : 1;
  // A broad search counts up to 1 000 matches: past them there is a next page while pages are full.
  const hasNext = results
    ? results.page < pages || (results.totalCapped && results.items.length === results.pageSize)
    : false;
  return (
    <section aria-labelledby="results-title" className="mx-auto max-w-7xl space-y-6 px-4 py-12 sm:px-6">
      <h2 id="results-title" className="text-2xl font-bold text-slate-900">
        {q ? `Results for “${q}”` : 'Listings'}
      </h2>
      <Filters />
      {!results ? (
        <p role="alert" className="text-red-700">
          The marketplace could not be searched just now. Please try again.
        </p>
      ) : results.items.length === 0 ? (
        <p className="text-slate-700">Nothing matches yet. Try fewer words or another section.</p>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {results.totalCapped
              ? `${formatCount(results.total)}+ listings`
              : results.total === 1
                ? '1 listing'
                : `${results.total} listings`}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Listings">
            {results.items.map((item) => (
              <ListingCard key={item.id} item={item} />
            ))}
          </ul>
          {pages > 1 || hasNext ? (
            <nav aria-label="Pages" className="flex items-center justify-center gap-4">
              {results.page > 1 ? (
                <Link to={hrefWith(search, { page: String(results.page - 1) })}>Previous page</Link>
              ) : null}
              <span>{results.totalCapped ? `Page ${results.page}` : `Page ${results.page} of ${pages}`}</span>
              {hasNext ? <Link to={hrefWith(search, { page: String(results.page + 1) })}>Next page</Link> : null}
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}

export default function MarketplacePage() {
  return (
    <>
      <PageHero
        eyebrow="Marketplace"
        title="Everything your school buys, from people you can trust"
        lead="The Sekolo marketplace connects schools and families with checked suppliers, tutors and service providers. Compare offers, pay securely and rate what you receive."
      >
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={PRODUCTS_PATH}>Browse products</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to={paths.auth.register}>Become a Business Partner</Link>
          </Button>
        </div>
        <SearchBox />
        <nav aria-label="Marketplace sections" className="mt-10">
          <ul className="flex flex-wrap justify-center gap-2">
            {MARKETPLACE_SECTIONS.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-700 hover:text-brand-800"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHero>

      <Catalogue />

      <HowItWorks />

      <CtaBand
        title="Sell to schools across South Africa"
        text="Register as a Business Partner: tutors and course providers, service providers, product vendors and consultants all start in the same place."
        secondary={{ label: 'See partner fees', to: `${paths.pricing}#business-partners` }}
      />
    </>
  );
}

function MarketplaceSection({ section, listings }: { section: IMarketplaceSection; listings?: TCataloguePage }) {
  const Icon = SECTION_ICONS[section.id];
  const titleId = `${section.id}-title`;
  return (
    <section
      id={section.id}
      aria-labelledby={titleId}
      className="scroll-mt-32 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 lg:grid lg:grid-cols-5 lg:gap-12"
    >
      <div className="lg:col-span-2">
        <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h2 id={titleId} className="mt-5 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {section.title}
        </h2>
        <p className="mt-2 text-lg font-medium text-brand-800">{section.summary}</p>
        <p className="mt-4 leading-7 text-slate-600">{section.description}</p>
        <p className="mt-4 text-sm text-slate-600">
          <span className="font-semibold text-slate-800">Who sells here: </span>
          {section.sellers}
        </p>
      </div>
      <div className="mt-8 lg:col-span-3 lg:mt-0">
        <h3 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">{section.categoriesHeading}</h3>
        <ul className="mt-4 flex flex-wrap gap-2">
          {section.categories.map((category) => (
            <li key={category.id} className="rounded-full bg-slate-100 px-3 py-1.5 text-sm text-slate-800">
              {category.label}
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild>
            <Link to={PRODUCTS_PATH}>
              Browse products<span className="sr-only"> in {section.title}</span>
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={paths.auth.register}>
              Sell {section.id === 'services' ? 'your services' : 'here'}
              <span className="sr-only"> in {section.title}</span>
            </Link>
          </Button>
        </div>
      </div>
      {listings && listings.items.length > 0 ? (
        <div className="mt-8 lg:col-span-5">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={`Newest in ${section.title}`}>
            {listings.items.map((item) => (
              <ListingCard key={item.id} item={item} />
            ))}
          </ul>
          <p className="mt-4">
            <Link to={`${paths.marketplace}?category=${section.id}`} className="font-semibold text-brand-700 underline">
              All {listings.totalCapped ? `${formatCount(listings.total)}+` : listings.total} in {section.title}
            </Link>
          </p>
        </div>
      ) : null}
    </section>
  );
}

function HowItWorks() {
  const points: { icon: LucideIcon; title: string; text: string }[] = [
    {
      icon: BadgeCheck,
      title: 'Checked partners',
      text: 'Every business partner sends registration documents and proof of banking, and our team reviews them before the listing goes live.',
    },
    {
      icon: LockKeyhole,
      title: 'Secure payment',
      text: `Pay online through Sekolo. A ${formatPercentFromBps(PROCESSING_FEE_BPS)} processing fee is shown before you pay, and the seller is paid out only through a verified bank account.`,
    },
    {
      icon: Star,
      title: 'Ratings that count',
      text: `Buyers rate what they receive. Partners commit to answering enquiries within ${SLA.inquiryResponseHours} hours and to keeping a rating of at least ${SLA.minimumRating} out of ${SLA.ratingScale}.`,
    },
  ];
  return (
    <section aria-labelledby="marketplace-how-title" className="bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeader id="marketplace-how-title" eyebrow="Buying with confidence" title="How the marketplace works" />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {points.map((point) => (
            <li key={point.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <point.icon className="size-6 text-brand-700" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{point.title}</h3>
              <p className="mt-2 text-slate-600">{point.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center text-slate-700">
          Questions about buying or selling?{' '}
          <Link to={`${paths.legal.knowledgeBase}#marketplace`} className="font-semibold text-brand-700 underline">
            Read the knowledge base
          </Link>
        </p>
      </div>
    </section>
  );
}
