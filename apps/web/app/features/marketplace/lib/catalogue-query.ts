/**
 * The catalogue's address: what the visitor chose (search, section, price in rand, province, seller
 * type, rating, sort, page) in the page's query string, and the API query it makes. No zod here: the
 * public pages keep their first-paint JavaScript small; the server checks the query.
 */

export type TCatalogueFilters = {
  q: string;
  category: string;
  subcategory: string;
  minPrice: string;
  maxPrice: string;
  province: string;
  sellerType: string;
  minRating: string;
  sort: string;
  page: number;
};

export function filtersOf(search: URLSearchParams): TCatalogueFilters {
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return {
    q: (search.get('q') ?? '').trim().slice(0, 100),
    category: search.get('category') ?? '',
    subcategory: search.get('subcategory') ?? '',
    minPrice: search.get('minPrice') ?? '',
    maxPrice: search.get('maxPrice') ?? '',
    province: search.get('province') ?? '',
    sellerType: search.get('sellerType') ?? '',
    minRating: search.get('minRating') ?? '',
    sort: search.get('sort') ?? '',
    page: Number.isFinite(page) && page > 0 && page <= 1000 ? page : 1,
  };
}

/** Whether the visitor searched or filtered (else the page shows each section). */
export function isFiltered(f: TCatalogueFilters): boolean {
  return Boolean(
    f.q ||
    f.category ||
    f.subcategory ||
    f.minPrice ||
    f.maxPrice ||
    f.province ||
    f.sellerType ||
    f.minRating ||
    f.sort ||
    f.page > 1,
  );
}

function randToCents(value: string): string | null {
  const rand = Number(value.replace(',', '.').replace(/\s/g, ''));
  return value && Number.isFinite(rand) && rand >= 0 ? String(Math.round(rand * 100)) : null;
}

/** The API query (GET /api/marketplace/listings) for these filters. */
export function apiQueryOf(f: TCatalogueFilters, pageSize: number, overrides: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  if (f.q) query.set('q', f.q);
  if (/^(supplies|resources|technology|services)$/.test(f.category)) query.set('category', f.category);
  if (/^[a-z_]{1,60}$/.test(f.subcategory)) query.set('subcategory', f.subcategory);
  const min = randToCents(f.minPrice);
  const max = randToCents(f.maxPrice);
  if (min) query.set('minPriceCents', min);
  if (max) query.set('maxPriceCents', max);
  if (/^[a-z_]{1,60}$/.test(f.province)) query.set('province', f.province);
  if (/^(business|young_entrepreneur|charity)$/.test(f.sellerType)) query.set('sellerType', f.sellerType);
  if (/^[1-5]$/.test(f.minRating)) query.set('minRating', f.minRating);
  if (/^(relevance|newest|price_asc|price_desc|rating)$/.test(f.sort)) query.set('sort', f.sort);
  query.set('page', String(f.page));
  query.set('pageSize', String(pageSize));
  for (const [key, value] of Object.entries(overrides)) query.set(key, value);
  return query.toString();
}

/** The page's own address with one filter changed (and back to page 1 unless the page is what changes). */
export function hrefWith(search: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(search);
  if (!('page' in changes)) next.delete('page');
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  const text = next.toString();
  return text ? `?${text}` : '?';
}
