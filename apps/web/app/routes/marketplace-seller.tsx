import { Link, data, useLoaderData } from 'react-router';
import { REGIONS_BY_COUNTRY } from '@sekolo/shared/constants/enumerations';
import type { TCataloguePage, TSellerPage } from '@sekolo/shared/schemas/marketplace';
import type { TPublicService } from '@sekolo/shared/schemas/bookings';
import { ProviderServiceList } from '~/features/bookings/components/provider-service-list';
import { ListingCard } from '~/features/marketplace/components/listing-card';
import { OrganisationLogo } from '~/features/directory/components/organisation-logo';
import { ReviewsList } from '~/features/marketplace/components/reviews-list';
import { pageTitle } from '~/content/site';
import { paths } from '~/config/paths';
import type { Route } from './+types/marketplace-seller';

/** A seller and their published listings, read on the server. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const res = await context.api(`/api/marketplace/sellers/${encodeURIComponent(params.slug)}`);
  if (res.status === 404 || res.status === 400) throw data('There is no such seller.', { status: 404 });
  if (!res.ok) throw data('The seller could not be loaded.', { status: 502 });
  const page = (await res.json()) as TSellerPage;
  const listings = await context.api(`/api/marketplace/listings?seller=${page.seller.id}&sort=newest&pageSize=24`);
  const bookable = await context.api(`/api/bookings/providers/${encodeURIComponent(params.slug)}/services`);
  return {
    page,
    listings: listings.ok ? ((await listings.json()) as TCataloguePage) : null,
    services: bookable.ok ? ((await bookable.json()) as { services: TPublicService[] }).services : [],
    origin: new URL(request.url).origin,
  };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return [{ title: pageTitle('Seller not found') }];
  const { seller } = loaded.page;
  const description = seller.tagLine || seller.about.slice(0, 160) || `${seller.name} sells on the Sekolo marketplace.`;
  const url = `${loaded.origin}${paths.marketplaceSeller(seller.slug)}`;
  return [
    { title: pageTitle(seller.name) },
    { name: 'description', content: description },
    { property: 'og:type', content: 'profile' },
    { property: 'og:title', content: seller.name },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { tagName: 'link', rel: 'canonical', href: url },
  ];
};

/** /marketplace/sellers/:slug: who sells, where, their rating and reviews, and what they sell. */
export default function MarketplaceSellerPage() {
  const { page, listings, services } = useLoaderData<typeof loader>();
  const { seller } = page;
  const province = REGIONS_BY_COUNTRY.south_africa.find((r) => r.id === seller.province)?.label ?? seller.province;
  return (
    <div className="mx-auto max-w-6xl space-y-10 px-4 py-10 sm:px-6">
      <header className="space-y-2">
        <p className="text-sm text-slate-600">
          <Link to={paths.marketplace} className="underline">
            Marketplace
          </Link>
        </p>
        <div className="flex items-center gap-4">
          {seller.logoUrl ? <OrganisationLogo name={seller.name} logoUrl={seller.logoUrl} /> : null}
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{seller.name}</h1>
        </div>
        {seller.tagLine ? <p className="text-lg text-slate-700">{seller.tagLine}</p> : null}
        <p className="text-slate-700">
          {[seller.town, province].filter(Boolean).join(', ')}
          {seller.ratingAverage !== null
            ? ` · ${seller.ratingAverage.toFixed(1)} out of 5 from ${seller.ratingCount} ${seller.ratingCount === 1 ? 'review' : 'reviews'}`
            : ' · No reviews yet'}
        </p>
        {seller.about ? <p className="max-w-3xl whitespace-pre-line text-slate-700">{seller.about}</p> : null}
      </header>
      {services.length > 0 ? <ProviderServiceList services={services} /> : null}
      <section aria-labelledby="seller-listings-title">
        <h2 id="seller-listings-title" className="mb-4 text-2xl font-bold text-slate-900">
          On sale
        </h2>
        {listings && listings.items.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Listings">
            {listings.items.map((item) => (
              <ListingCard key={item.id} item={item} />
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">Nothing on sale right now.</p>
        )}
      </section>
      <section aria-labelledby="seller-reviews-title">
        <h2 id="seller-reviews-title" className="mb-4 text-2xl font-bold text-slate-900">
          Reviews
        </h2>
        <ReviewsList reviews={page.reviews} />
      </section>
    </div>
  );
}
