import { Link, data, useLoaderData } from 'react-router';
import type { TPublicCampaignCard } from '@sekolo/shared/schemas/campaigns';
import { CampaignProgress } from '~/features/charity/components/campaign-progress';
import { pageTitle } from '~/content/site';
import { paths } from '~/config/paths';
import type { Route } from './+types/funding';

/** The active campaigns, read on the server. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const res = await context.api('/api/funding/campaigns');
  if (!res.ok) throw data('The campaigns could not be loaded.', { status: 502 });
  const { campaigns } = (await res.json()) as { campaigns: TPublicCampaignCard[] };
  return { campaigns, origin: new URL(request.url).origin };
}

const DESCRIPTION = 'Give to South African charities raising money for schools and learners, through Sekolo.';

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const url = `${loaded?.origin ?? ''}${paths.funding}`;
  return [
    { title: pageTitle('Funding and donations') },
    { name: 'description', content: DESCRIPTION },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: 'Funding and donations | Sekolo' },
    { property: 'og:description', content: DESCRIPTION },
    { property: 'og:url', content: url },
    { tagName: 'link', rel: 'canonical', href: url },
  ];
};

/** /funding: charities' active campaigns (D24). */
export default function FundingPage() {
  const { campaigns } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10 sm:px-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Funding and donations</h1>
        <p className="max-w-3xl text-lg text-slate-700">
          Approved charities raise money for books, meals, transport and more. Give once, in your name or anonymously;
          charities with section 18A approval send you a tax receipt.
        </p>
      </header>
      {campaigns.length === 0 ? (
        <p className="text-slate-600">No campaigns are raising money right now.</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Campaigns">
          {campaigns.map((campaign) => (
            <li key={campaign.slug} className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
              {campaign.image ? (
                <img
                  src={campaign.image.thumbUrl}
                  alt={campaign.image.alt}
                  width={480}
                  height={320}
                  loading="lazy"
                  className="aspect-[3/2] w-full object-cover"
                />
              ) : null}
              <div className="space-y-3 p-4">
                <h2 className="text-lg font-semibold text-slate-900">
                  <Link to={paths.fundingCampaign(campaign.slug)} className="hover:underline">
                    {campaign.title}
                  </Link>
                </h2>
                <p className="text-sm text-slate-600">by {campaign.charityName}</p>
                {campaign.summary ? <p className="text-sm text-slate-700">{campaign.summary}</p> : null}
                <CampaignProgress
                  raisedCents={campaign.raisedCents}
                  goalCents={campaign.goalCents}
                  donationCount={campaign.donationCount}
                  compact
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
