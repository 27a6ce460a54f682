import { Suspense, lazy } from 'react';
import { Link, data, useLoaderData } from 'react-router';
import { Star } from 'lucide-react';
import { formatZar } from '@sekolo/shared/domain/money';
import type { TListingDetail } from '@sekolo/shared/schemas/marketplace';
import { ReviewsList } from '~/features/marketplace/components/reviews-list';
import { pageTitle } from '~/content/site';
import { paths } from '~/config/paths';
import type { Route } from './+types/marketplace-listing';

const AddToBasket = lazy(() => import('~/features/basket/components/add-to-basket'));

/** A published listing, read on the server (the API in-process), with the site's address for Open Graph. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const res = await context.api(`/api/marketplace/listings/${encodeURIComponent(params.id)}`);
  if (res.status === 404 || res.status === 400) throw data('There is no such listing.', { status: 404 });
  if (!res.ok) throw data('The listing could not be loaded.', { status: 502 });
  return { listing: (await res.json()) as TListingDetail, origin: new URL(request.url).origin };
}

function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}…` : flat;
}

/** Title, description and Open Graph tags in the HTML the server sends, before any script runs. */
export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return [{ title: pageTitle('Listing not found') }];
  const { listing, origin } = loaded;
  const description = summary(listing.description) || `${listing.title} from ${listing.seller.name} on Sekolo.`;
  const url = `${origin}${paths.marketplaceListing(listing.id)}`;
  return [
    { title: pageTitle(listing.title) },
    { name: 'description', content: description },
    { property: 'og:type', content: 'product' },
    { property: 'og:title', content: listing.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(listing.images[0] ? [{ property: 'og:image', content: `${origin}${listing.images[0].url}` }] : []),
    { property: 'product:price:amount', content: (listing.priceCents / 100).toFixed(2) },
    { property: 'product:price:currency', content: 'ZAR' },
    { tagName: 'link', rel: 'canonical', href: url },
  ];
};

/** /marketplace/listings/:id: pictures, description, price (VAT included), seller, rating, reviews, stock. */
export default function MarketplaceListingPage() {
  const { listing } = useLoaderData<typeof loader>();
  const [first, ...others] = listing.images;
  const stockText =
    listing.variants.length > 0
      ? null
      : listing.stock === null
        ? listing.kind === 'service'
          ? null
          : 'In stock'
        : listing.stock === 0
          ? 'Sold out'
          : `${listing.stock} in stock`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link to={paths.marketplace} className="underline">
          Marketplace
        </Link>{' '}
        /{' '}
        <Link to={`${paths.marketplace}?category=${listing.category}`} className="underline">
          {listing.category.charAt(0).toUpperCase() + listing.category.slice(1)}
        </Link>
      </nav>
      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <div className="space-y-3">
          {first ? (
            <img
              src={first.url}
              alt={first.alt}
              className="w-full rounded-2xl border border-slate-200 object-contain"
            />
          ) : (
            <div className="aspect-[4/3] rounded-2xl bg-slate-100" />
          )}
          {others.length > 0 ? (
            <ul className="grid grid-cols-4 gap-2" aria-label="More pictures">
              {others.map((image) => (
                <li key={image.id}>
                  <a href={image.url}>
                    <img
                      src={image.thumbUrl}
                      alt={image.alt}
                      loading="lazy"
                      className="aspect-square rounded-lg object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="space-y-4">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{listing.title}</h1>
          <p className="text-3xl font-bold text-slate-900" data-testid="listing-price">
            {formatZar(listing.priceCents)} <span className="text-sm font-normal text-slate-600">VAT included</span>
          </p>
          <p className="flex items-center gap-2 text-slate-700">
            {listing.ratingAverage !== null ? (
              <>
                <Star className="size-5 fill-amber-400 text-amber-500" aria-hidden="true" />
                {listing.ratingAverage.toFixed(1)} out of 5 ({listing.ratingCount}{' '}
                {listing.ratingCount === 1 ? 'review' : 'reviews'})
              </>
            ) : (
              'No reviews yet'
            )}
          </p>
          <p className="text-slate-700">
            Sold by{' '}
            <Link to={paths.marketplaceSeller(listing.seller.slug)} className="font-semibold underline">
              {listing.seller.name}
            </Link>
            {listing.seller.ratingAverage !== null ? ` (${listing.seller.ratingAverage.toFixed(1)} out of 5)` : ''}
          </p>
          {stockText ? <p className="font-medium text-slate-800">{stockText}</p> : null}
          <Suspense fallback={<div className="h-11" />}>
            <AddToBasket
              listingId={listing.id}
              title={listing.title}
              priceCents={listing.priceCents}
              stock={listing.stock}
              variants={listing.variants}
            />
          </Suspense>
          <div>
            <h2 className="mt-6 text-lg font-semibold text-slate-900">Description</h2>
            <p className="mt-2 whitespace-pre-line text-slate-700">{listing.description}</p>
          </div>
        </div>
      </div>
      <section aria-labelledby="reviews-title" className="mt-12">
        <h2 id="reviews-title" className="mb-4 text-2xl font-bold text-slate-900">
          Reviews
        </h2>
        <ReviewsList reviews={listing.reviews} />
      </section>
    </div>
  );
}
