import { ExternalLink, Globe, Mail, MapPin, Phone } from 'lucide-react';
import { Link, data, useLoaderData } from 'react-router';
import { formatLongDate } from '@sekolo/shared/domain/sa-calendar';
import type { TDirectoryProfile } from '@sekolo/shared/schemas/directory';
import type { TCataloguePage } from '@sekolo/shared/schemas/marketplace';
import { OrganisationLogo } from '~/features/directory/components/organisation-logo';
import { kindLabel, regionLabel } from '~/features/directory/lib/labels';
import { ListingCard } from '~/features/marketplace/components/listing-card';
import { CampaignProgress } from '~/features/charity/components/campaign-progress';
import { Button } from '~/components/ui/button';
import { pageTitle } from '~/content/site';
import { paths } from '~/config/paths';
import type { Route } from './+types/directory-profile';

const LISTINGS_SHOWN = 8;

/**
 * One organisation's public profile, read on the server: what it chose to show, and for a business
 * partner its newest listings (the marketplace catalogue filtered to it).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const res = await context.api(`/api/directory/profiles/${encodeURIComponent(params.slug)}`);
  if (res.status === 404 || res.status === 400)
    throw data('There is no such organisation in the directory.', { status: 404 });
  if (!res.ok) throw data('The profile could not be loaded.', { status: 502 });
  const { profile } = (await res.json()) as { profile: TDirectoryProfile };
  let listings: TCataloguePage | null = null;
  if (profile.kind === 'business') {
    const found = await context.api(
      `/api/marketplace/listings?seller=${profile.id}&sort=newest&pageSize=${LISTINGS_SHOWN}`,
    );
    listings = found.ok ? ((await found.json()) as TCataloguePage) : null;
  }
  return { profile, listings, origin: new URL(request.url).origin };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return [{ title: pageTitle('Not in the directory') }];
  const { profile } = loaded;
  const place = [profile.town, regionLabel(profile.province)].filter(Boolean).join(', ');
  const description =
    profile.tagLine || `${profile.name}: ${kindLabel(profile).toLowerCase()}${place ? ` in ${place}` : ''}, on Sekolo.`;
  const url = `${loaded.origin}${paths.directoryProfile(profile.slug)}`;
  return [
    { title: pageTitle(profile.name) },
    { name: 'description', content: description },
    { property: 'og:type', content: 'profile' },
    { property: 'og:title', content: profile.name },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(profile.logoUrl ? [{ property: 'og:image', content: `${loaded.origin}${profile.logoUrl}` }] : []),
    { tagName: 'link', rel: 'canonical', href: url },
  ];
};

function Contacts({ profile }: { profile: TDirectoryProfile }) {
  const rows = [
    profile.email && { icon: Mail, label: 'E-mail', content: <a href={`mailto:${profile.email}`}>{profile.email}</a> },
    profile.phone && {
      icon: Phone,
      label: 'Phone',
      content: <a href={`tel:${profile.phone.replace(/[^+0-9]/g, '')}`}>{profile.phone}</a>,
    },
    profile.website && {
      icon: Globe,
      label: 'Website',
      content: (
        <a href={profile.website} rel="noopener nofollow">
          {profile.website.replace(/^https?:\/\//, '')}
        </a>
      ),
    },
    profile.address && {
      icon: MapPin,
      label: 'Address',
      content: (
        <address className="not-italic">
          {profile.address.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      ),
    },
  ].filter(Boolean) as { icon: typeof Mail; label: string; content: React.ReactNode }[];
  if (rows.length === 0 && !profile.mapUrl) return null;
  return (
    <section
      aria-labelledby="profile-contact-title"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="profile-contact-title" className="text-lg font-semibold text-slate-900">
        Contact
      </h2>
      <dl className="space-y-3">
        {rows.map((row) => (
          <div key={row.label} className="flex gap-3">
            <dt className="flex items-start">
              <row.icon aria-hidden="true" className="mt-0.5 size-4 text-slate-500" />
              <span className="sr-only">{row.label}</span>
            </dt>
            <dd className="min-w-0 text-sm break-words text-slate-800 [&_a]:text-brand-700 [&_a]:underline">
              {row.content}
            </dd>
          </div>
        ))}
      </dl>
      {profile.mapUrl ? (
        <a
          href={profile.mapUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
        >
          View on Google Maps
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : null}
    </section>
  );
}

/** /directory/:slug: the organisation's canonical public page (its shop and admissions pages link from here). */
export default function DirectoryProfilePage() {
  const { profile, listings } = useLoaderData<typeof loader>();
  const place = [profile.town, regionLabel(profile.province)].filter(Boolean).join(', ');
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10 sm:px-6">
      <p className="text-sm text-slate-600">
        <Link to={paths.directory} className="underline">
          Directory
        </Link>
      </p>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <OrganisationLogo name={profile.name} logoUrl={profile.logoUrl} size="lg" />
        <div className="space-y-2">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{kindLabel(profile)}</p>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{profile.name}</h1>
          {profile.tagLine ? <p className="text-lg text-slate-700">{profile.tagLine}</p> : null}
          {place ? <p className="text-slate-600">{place}</p> : null}
          <div className="flex flex-wrap gap-2 pt-2">
            {profile.admissionsPath ? (
              <Button asChild>
                <Link to={profile.admissionsPath}>Apply for admission</Link>
              </Button>
            ) : null}
            {profile.shopPath ? (
              <Button asChild variant="secondary">
                <Link to={profile.shopPath}>Visit the shop</Link>
              </Button>
            ) : null}
          </div>
        </div>
      </header>
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          {profile.about ? (
            <section aria-labelledby="profile-about-title" className="space-y-2">
              <h2 id="profile-about-title" className="text-xl font-bold text-slate-900">
                About
              </h2>
              <p className="whitespace-pre-line text-slate-700">{profile.about}</p>
            </section>
          ) : null}
          {profile.kind === 'business' ? (
            <section aria-labelledby="profile-listings-title" className="space-y-4">
              <h2 id="profile-listings-title" className="text-xl font-bold text-slate-900">
                On the marketplace
              </h2>
              {listings && listings.items.length > 0 ? (
                <>
                  <ul className="grid gap-4 sm:grid-cols-2" aria-label="Listings">
                    {listings.items.map((item) => (
                      <ListingCard key={item.id} item={item} />
                    ))}
                  </ul>
                  {listings.total > listings.items.length && profile.shopPath ? (
                    <Link to={profile.shopPath} className="text-sm font-medium text-brand-700 underline">
                      All {listings.totalCapped ? `${listings.total}+` : listings.total} listings
                    </Link>
                  ) : null}
                </>
              ) : (
                <p className="text-slate-600">Nothing on sale right now.</p>
              )}
            </section>
          ) : null}
          {profile.kind === 'charity' ? (
            <section aria-labelledby="profile-campaigns-title" className="space-y-4">
              <h2 id="profile-campaigns-title" className="text-xl font-bold text-slate-900">
                Campaigns
              </h2>
              {profile.campaigns.length > 0 ? (
                <ul className="grid gap-4 sm:grid-cols-2" aria-label="Campaigns">
                  {profile.campaigns.map((campaign) => (
                    <li
                      key={campaign.slug}
                      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                    >
                      <h3 className="text-lg font-semibold text-slate-900">
                        <Link to={paths.fundingCampaign(campaign.slug)} className="hover:underline">
                          {campaign.title}
                        </Link>
                      </h3>
                      {campaign.summary ? <p className="text-sm text-slate-700">{campaign.summary}</p> : null}
                      <CampaignProgress
                        raisedCents={campaign.raisedCents}
                        goalCents={campaign.goalCents}
                        donationCount={campaign.donationCount}
                        compact
                      />
                      {campaign.endsOn ? (
                        <p className="text-xs text-slate-600">Until {formatLongDate(campaign.endsOn)}</p>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-slate-600">No campaign is taking donations right now.</p>
              )}
            </section>
          ) : null}
        </div>
        <Contacts profile={profile} />
      </div>
    </div>
  );
}
