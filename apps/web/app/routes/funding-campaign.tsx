import { Link, data, useLoaderData } from 'react-router';
import type { TPublicCampaign } from '@sekolo/shared/schemas/campaigns';
import { formatZar } from '@sekolo/shared/domain/money';
import { formatDateOfInstant, formatLongDate } from '@sekolo/shared/domain/sa-calendar';
import { CampaignProgress } from '~/features/charity/components/campaign-progress';
import { DonateForm } from '~/features/charity/components/donate-form';
import { OrganisationLogo } from '~/features/directory/components/organisation-logo';
import { useSession } from '~/features/auth/hooks/use-session';
import { followCheckoutRedirect } from '~/features/payments/lib/follow-redirect';
import { pageTitle } from '~/content/site';
import { paths } from '~/config/paths';
import type { Route } from './+types/funding-campaign';

/** A campaign's page, read on the server. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const res = await context.api(`/api/funding/campaigns/${encodeURIComponent(params.slug)}`);
  if (res.status === 404 || res.status === 400) throw data('There is no such campaign.', { status: 404 });
  if (!res.ok) throw data('The campaign could not be loaded.', { status: 502 });
  return { campaign: (await res.json()) as TPublicCampaign, origin: new URL(request.url).origin };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return [{ title: pageTitle('Campaign not found') }];
  const { campaign, origin } = loaded;
  const description =
    campaign.summary || `${campaign.charityName} is raising ${formatZar(campaign.goalCents)} on Sekolo.`;
  const url = `${origin}${paths.fundingCampaign(campaign.slug)}`;
  const image = campaign.images[0];
  return [
    { title: pageTitle(campaign.title) },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: campaign.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(image ? [{ property: 'og:image', content: `${origin}${image.url}` }] : []),
    { tagName: 'link', rel: 'canonical', href: url },
  ];
};

/** /funding/:slug: a campaign's story, progress, donors and the donation form (D24). */
export default function FundingCampaignPage() {
  const { campaign } = useLoaderData<typeof loader>();
  const session = useSession();
  const [cover, ...more] = campaign.images;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <p className="mb-4 text-sm text-slate-600">
        <Link to={paths.funding} className="underline">
          Funding and donations
        </Link>
      </p>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <article className="space-y-6">
          <header className="flex items-start gap-4">
            {campaign.charity.logoUrl ? (
              <OrganisationLogo name={campaign.charity.name} logoUrl={campaign.charity.logoUrl} />
            ) : null}
            <div className="space-y-2">
              <h1 className="text-3xl font-bold tracking-tight text-slate-900">{campaign.title}</h1>
              <p className="text-slate-700">
                by{' '}
                {campaign.charity.profilePath ? (
                  <Link to={campaign.charity.profilePath} className="font-bold underline">
                    {campaign.charity.name}
                  </Link>
                ) : (
                  <strong>{campaign.charity.name}</strong>
                )}
                {campaign.charity.town ? `, ${campaign.charity.town}` : ''}
              </p>
            </div>
          </header>
          {cover ? (
            <img
              src={cover.url}
              alt={cover.alt}
              width={1200}
              height={800}
              className="aspect-[3/2] w-full rounded-xl object-cover"
            />
          ) : null}
          <CampaignProgress
            raisedCents={campaign.raisedCents}
            goalCents={campaign.goalCents}
            donationCount={campaign.donationCount}
          />
          <p className="text-sm text-slate-600">
            From {formatLongDate(campaign.startsOn)}
            {campaign.endsOn ? ` to ${formatLongDate(campaign.endsOn)}` : ''}
          </p>
          {campaign.summary ? <p className="text-lg text-slate-800">{campaign.summary}</p> : null}
          {campaign.story ? <div className="max-w-3xl whitespace-pre-line text-slate-700">{campaign.story}</div> : null}
          {more.length > 0 ? (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="More pictures">
              {more.map((image) => (
                <li key={image.id}>
                  <img
                    src={image.thumbUrl}
                    alt={image.alt}
                    width={480}
                    height={320}
                    loading="lazy"
                    className="aspect-[3/2] w-full rounded-lg object-cover"
                  />
                </li>
              ))}
            </ul>
          ) : null}
          <section aria-labelledby="donors-title" className="space-y-3">
            <h2 id="donors-title" className="text-xl font-bold text-slate-900">
              Recent donations
            </h2>
            {campaign.recentDonors.length === 0 ? (
              <p className="text-slate-600">Be the first to give.</p>
            ) : (
              <ul className="divide-y divide-slate-200" aria-label="Recent donations">
                {campaign.recentDonors.map((donor, index) => (
                  <li key={index} className="py-2">
                    <p className="text-slate-900">
                      <strong>{donor.name}</strong> gave {formatZar(donor.amountCents)}
                      <span className="text-sm text-slate-600"> · {formatDateOfInstant(donor.paidAt)}</span>
                    </p>
                    {donor.message ? <p className="text-sm text-slate-700">“{donor.message}”</p> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </article>
        <aside>
          {campaign.state === 'active' ? (
            <DonateForm
              slug={campaign.slug}
              presetsCents={campaign.presetsCents}
              s18aReceipts={campaign.charity.s18aReceipts}
              charityName={campaign.charity.name}
              monthly={campaign.monthly}
              session={session}
              followRedirect={followCheckoutRedirect}
            />
          ) : (
            <p className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-slate-700">
              This campaign has ended. Thank you to everyone who gave.
            </p>
          )}
        </aside>
      </div>
    </div>
  );
}
