import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatZar } from '@sekolo/shared/domain/money';
import { marketplaceContracts as mp } from '@sekolo/shared/contracts/marketplace';
import {
  LISTING_STATUS_LABELS,
  MARKETPLACE_SECTIONS,
  type TListingKind,
  type TOwnListing,
} from '@sekolo/shared/schemas/marketplace';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { Textarea } from '~/components/ui/textarea';
import { call, callWithForm } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { paths } from '~/config/paths';

const PAGE_SIZE = 20;
const selectClass = 'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900';

type TDraft = {
  title: string;
  description: string;
  kind: TListingKind;
  category: string;
  subcategory: string;
  price: string;
  unlimited: boolean;
  stock: string;
  variants: { id?: string; label: string; stock: string }[];
};

function draftOf(listing: TOwnListing | null, kind: TListingKind): TDraft {
  if (!listing)
    return {
      title: '',
      description: '',
      kind,
      category: kind === 'service' ? 'services' : 'supplies',
      subcategory: '',
      price: '',
      unlimited: kind === 'service',
      stock: '1',
      variants: [],
    };
  return {
    title: listing.title,
    description: listing.description,
    kind: listing.kind,
    category: listing.category,
    subcategory: listing.subcategory,
    price: (listing.priceCents / 100).toFixed(2).replace('.', ','),
    unlimited: listing.stock === null,
    stock: String(listing.stock ?? 0),
    variants: listing.variants.map((v) => ({
      id: v.id,
      label: v.label,
      stock: v.stock === null ? '' : String(v.stock),
    })),
  };
}

/** Rand as typed ("1 068,00", "1068.5") in cents, or NaN. */
function centsOf(rand: string): number {
  const value = Number(rand.replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
}

function bodyOf(draft: TDraft) {
  return {
    title: draft.title,
    description: draft.description,
    kind: draft.kind,
    category: draft.category as 'supplies',
    subcategory: draft.subcategory,
    priceCents: centsOf(draft.price),
    stock: draft.unlimited ? null : Number.parseInt(draft.stock || '0', 10),
    variants: draft.variants.map((v) => ({
      ...(v.id ? { id: v.id } : {}),
      label: v.label,
      stock: v.stock.trim() === '' ? null : Number.parseInt(v.stock, 10),
    })),
  };
}

/**
 * The business dashboard's Listings: the seller's products and services in every state, a form to
 * create or edit one (section, category, price with VAT, stock or unlimited, sizes with their own
 * stock), pictures (resized by the server) and publishing.
 */
export function SellerListings() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TOwnListing | 'new' | null>(null);
  const listings = useQuery({
    queryKey: ['marketplace', 'own-listings', page],
    queryFn: () => call(mp.ownList, { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['marketplace', 'own-listings'] });

  if (listings.isPending) return <LoadingSpinner label="Loading your listings..." />;
  if (listings.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(listings.error)}
      </p>
    );
  const { items, total, allowedKinds } = listings.data;
  if (editing) {
    return (
      <ListingEditor
        listing={editing === 'new' ? null : editing}
        allowedKinds={allowedKinds}
        onDone={() => {
          setEditing(null);
          void refresh();
        }}
        onSaved={(saved) => {
          setEditing(saved);
          void refresh();
        }}
      />
    );
  }
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Listings</h1>
        <Button onClick={() => setEditing('new')}>New listing</Button>
      </div>
      {total === 0 ? (
        <p className="text-slate-700">No listings yet. Create one, add a picture and publish it.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="seller-listings">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Listing
                </th>
                <th scope="col" className="px-4 py-3">
                  Price
                </th>
                <th scope="col" className="px-4 py-3">
                  Stock
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((listing) => (
                <tr key={listing.id} className="border-t border-slate-100">
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-3">
                      {listing.images[0] ? (
                        <img src={listing.images[0].thumbUrl} alt="" className="size-10 rounded object-cover" />
                      ) : (
                        <span className="size-10 rounded bg-slate-100" />
                      )}
                      <span className="font-medium text-slate-900">{listing.title}</span>
                    </div>
                  </td>
                  <td className="px-4 py-3">{formatZar(listing.priceCents)}</td>
                  <td className="px-4 py-3">
                    {listing.variants.length > 0
                      ? listing.variants.map((v) => `${v.label}: ${v.stock ?? '∞'}`).join(', ')
                      : (listing.stock ?? 'Unlimited')}
                  </td>
                  <td className="px-4 py-3">
                    <Badge variant={listing.status === 'published' ? 'brand' : 'neutral'}>
                      {LISTING_STATUS_LABELS[listing.status]}
                    </Badge>
                    {listing.publicationNote ? (
                      <span className="mt-1 block text-xs text-amber-900">{listing.publicationNote}</span>
                    ) : null}
                    {listing.unpublishedByOperator ? (
                      <span className="mt-1 block text-xs text-red-800">
                        Taken off sale by Sekolo: {listing.unpublishedByOperator.reason}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Button variant="secondary" size="sm" onClick={() => setEditing(listing)}>
                      Edit<span className="sr-only"> {listing.title}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center gap-3">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

function ListingEditor({
  listing,
  allowedKinds,
  onDone,
  onSaved,
}: {
  listing: TOwnListing | null;
  allowedKinds: TListingKind[];
  onDone: () => void;
  onSaved: (listing: TOwnListing) => void;
}) {
  const [draft, setDraft] = useState<TDraft>(() => draftOf(listing, allowedKinds[0] ?? 'product'));
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const set = <K extends keyof TDraft>(key: K, value: TDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const section = MARKETPLACE_SECTIONS.find((s) => s.id === draft.category);
  const sections = MARKETPLACE_SECTIONS.filter((s) => (draft.kind === 'service') === (s.id === 'services'));

  const save = useMutation({
    mutationFn: () =>
      listing
        ? call(mp.ownUpdate, { params: { id: listing.id }, body: bodyOf(draft) })
        : call(mp.ownCreate, { body: bodyOf(draft) }),
    onSuccess: (saved) => {
      setProblem(null);
      // A young entrepreneur's change to an approved listing waits for their guardian: the note says so.
      setNotice(
        listing
          ? `Listing saved.${saved.publicationNote ? ` ${saved.publicationNote}` : ''}`
          : 'Listing created as a draft. Add a picture, then publish it.',
      );
      onSaved(saved);
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  const status = useMutation({
    mutationFn: (next: 'published' | 'draft' | 'archived') =>
      call(mp.ownStatus, { params: { id: listing!.id }, body: { status: next } }),
    onSuccess: (saved, next) => {
      setProblem(null);
      // A young entrepreneur's listing waits for their guardian: the note says so.
      setNotice(
        next === 'published' && saved.status !== 'published' && saved.publicationNote
          ? saved.publicationNote
          : `Listing ${LISTING_STATUS_LABELS[saved.status].toLowerCase()}.`,
      );
      onSaved(saved);
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('alt', draft.title);
      form.append('file', file);
      return callWithForm(mp.ownImageAdd, form, { params: { id: listing!.id } });
    },
    onSuccess: (saved) => {
      setProblem(null);
      setNotice('Picture added.');
      onSaved(saved);
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  const removeImage = useMutation({
    mutationFn: (imageId: string) => call(mp.ownImageRemove, { params: { id: listing!.id, imageId } }),
    onSuccess: (saved) => onSaved(saved),
    onError: (error) => setProblem(errorMessage(error)),
  });

  return (
    <div className="max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {listing ? `Edit ${listing.title}` : 'New listing'}
        </h1>
        <Button variant="secondary" onClick={onDone}>
          Back to listings
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
          {notice}
        </p>
      ) : null}
      <form
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-6"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        {allowedKinds.length > 1 ? (
          <FormField id="listing-kind" label="What you sell">
            <select
              id="listing-kind"
              className={selectClass}
              value={draft.kind}
              onChange={(e) => {
                const kind = e.target.value as TListingKind;
                setDraft((d) => ({
                  ...d,
                  kind,
                  category: kind === 'service' ? 'services' : 'supplies',
                  subcategory: '',
                }));
              }}
            >
              <option value="product">A product</option>
              <option value="service">A service</option>
            </select>
          </FormField>
        ) : null}
        <FormField id="listing-title" label="Title">
          <Input id="listing-title" value={draft.title} onChange={(e) => set('title', e.target.value)} required />
        </FormField>
        <FormField id="listing-description" label="Description" optional>
          <Textarea
            id="listing-description"
            rows={5}
            value={draft.description}
            onChange={(e) => set('description', e.target.value)}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="listing-section" label="Section">
            <select
              id="listing-section"
              className={selectClass}
              value={draft.category}
              onChange={(e) => setDraft((d) => ({ ...d, category: e.target.value, subcategory: '' }))}
            >
              {sections.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="listing-subcategory" label="Category">
            <select
              id="listing-subcategory"
              className={selectClass}
              value={draft.subcategory}
              onChange={(e) => set('subcategory', e.target.value)}
            >
              <option value="">Choose…</option>
              {section?.subcategories.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <FormField id="listing-price" label="Price in rand, VAT included" hint="For example 1 068,00">
          <Input
            id="listing-price"
            inputMode="decimal"
            value={draft.price}
            onChange={(e) => set('price', e.target.value)}
            required
          />
        </FormField>
        {draft.variants.length === 0 ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-900">Stock</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={draft.unlimited} onChange={(e) => set('unlimited', e.target.checked)} />
              Unlimited (a service, or made to order)
            </label>
            {!draft.unlimited ? (
              <FormField id="listing-stock" label="Units in stock">
                <Input
                  id="listing-stock"
                  type="number"
                  min={0}
                  value={draft.stock}
                  onChange={(e) => set('stock', e.target.value)}
                />
              </FormField>
            ) : null}
          </fieldset>
        ) : null}
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">Sizes or options, each with its own stock</legend>
          {draft.variants.map((variant, i) => (
            <div key={variant.id ?? `new-${i}`} className="flex flex-wrap items-end gap-2">
              <FormField id={`variant-${i}-label`} label={`Option ${i + 1}`}>
                <Input
                  id={`variant-${i}-label`}
                  value={variant.label}
                  onChange={(e) =>
                    set(
                      'variants',
                      draft.variants.map((v, j) => (j === i ? { ...v, label: e.target.value } : v)),
                    )
                  }
                />
              </FormField>
              <FormField id={`variant-${i}-stock`} label="Stock (empty: unlimited)">
                <Input
                  id={`variant-${i}-stock`}
                  type="number"
                  min={0}
                  value={variant.stock}
                  onChange={(e) =>
                    set(
                      'variants',
                      draft.variants.map((v, j) => (j === i ? { ...v, stock: e.target.value } : v)),
                    )
                  }
                />
              </FormField>
              <Button
                type="button"
                variant="secondary"
                onClick={() =>
                  set(
                    'variants',
                    draft.variants.filter((_, j) => j !== i),
                  )
                }
              >
                Remove<span className="sr-only"> option {i + 1}</span>
              </Button>
            </div>
          ))}
          <Button
            type="button"
            variant="secondary"
            onClick={() => set('variants', [...draft.variants, { label: '', stock: '' }])}
          >
            Add an option
          </Button>
        </fieldset>
        <Button type="submit" disabled={save.isPending}>
          {listing ? 'Save listing' : 'Create listing'}
        </Button>
      </form>

      {listing ? (
        <section
          aria-labelledby="listing-pictures"
          className="space-y-3 rounded-xl border border-slate-200 bg-white p-6"
        >
          <h2 id="listing-pictures" className="text-lg font-semibold text-slate-900">
            Pictures
          </h2>
          {listing.images.length > 0 ? (
            <ul className="flex flex-wrap gap-3" aria-label="Pictures of this listing">
              {listing.images.map((image, i) => (
                <li key={image.id} className="space-y-1">
                  <img src={image.thumbUrl} alt={image.alt} className="size-28 rounded-lg object-cover" />
                  <Button variant="secondary" size="sm" onClick={() => removeImage.mutate(image.id)}>
                    Remove<span className="sr-only"> picture {i + 1}</span>
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">No pictures yet: a listing needs one before it is published.</p>
          )}
          <FormField
            id="listing-picture"
            label="Add a picture"
            hint="PNG, JPEG or WebP, up to 10 MB. We resize it for the page."
          >
            <input
              id="listing-picture"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              disabled={upload.isPending}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) upload.mutate(file);
                e.target.value = '';
              }}
            />
          </FormField>
          {upload.isPending ? <LoadingSpinner label="Uploading the picture..." /> : null}
        </section>
      ) : null}

      {listing ? (
        <section aria-labelledby="listing-status" className="space-y-3 rounded-xl border border-slate-200 bg-white p-6">
          <h2 id="listing-status" className="text-lg font-semibold text-slate-900">
            Status: {LISTING_STATUS_LABELS[listing.status]}
          </h2>
          {listing.publicationNote ? <p className="text-sm text-amber-900">{listing.publicationNote}</p> : null}
          <div className="flex flex-wrap gap-3">
            {listing.status !== 'published' ? (
              <Button onClick={() => status.mutate('published')} disabled={status.isPending}>
                Publish
              </Button>
            ) : (
              <>
                <Button asChild variant="secondary">
                  <a href={paths.marketplaceListing(listing.id)}>View on the marketplace</a>
                </Button>
                <Button variant="secondary" onClick={() => status.mutate('draft')} disabled={status.isPending}>
                  Unpublish
                </Button>
              </>
            )}
            {listing.status !== 'archived' ? (
              <Button variant="secondary" onClick={() => status.mutate('archived')} disabled={status.isPending}>
                Archive
              </Button>
            ) : null}
          </div>
        </section>
      ) : null}
    </div>
  );
}
