import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CAMPAIGN_STATE_LABELS } from '@sekolo/shared/schemas/campaigns';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { paths } from '~/config/paths';
import { errorMessage } from '~/lib/server-field-errors';
import { ownCampaignsQuery, useCreateCampaign } from '../api/charity-queries';
import { CampaignForm } from './campaign-form';
import { CampaignProgress } from './campaign-progress';

/** The charity's campaigns with their progress, and a new campaign. */
export function CharityCampaigns() {
  const campaigns = useQuery(ownCampaignsQuery);
  const create = useCreateCampaign();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Campaigns</h1>
        {!adding ? <Button onClick={() => setAdding(true)}>New campaign</Button> : null}
      </div>
      {adding ? (
        <Card>
          <CardHeader>
            <CardTitle>New campaign</CardTitle>
          </CardHeader>
          <CardContent>
            <CampaignForm
              submitLabel="Create campaign"
              pending={create.isPending}
              error={create.error}
              onSubmit={(input) =>
                create.mutate(input, { onSuccess: (made) => navigate(paths.charity.campaign(made.id)) })
              }
            />
          </CardContent>
        </Card>
      ) : null}
      {campaigns.isPending ? (
        <LoadingSpinner />
      ) : campaigns.error ? (
        <p role="alert">{errorMessage(campaigns.error)}</p>
      ) : campaigns.data.length === 0 ? (
        <p className="text-slate-600">No campaigns yet. Start one: a goal, a story and a picture.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Your campaigns">
          {campaigns.data.map((campaign) => (
            <li key={campaign.id} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-start justify-between gap-2">
                <h2 className="text-lg font-semibold text-slate-900">
                  <Link to={paths.charity.campaign(campaign.id)} className="hover:underline">
                    {campaign.title}
                  </Link>
                </h2>
                <Badge>{CAMPAIGN_STATE_LABELS[campaign.state]}</Badge>
              </div>
              <CampaignProgress
                raisedCents={campaign.raisedCents}
                goalCents={campaign.goalCents}
                donationCount={campaign.donationCount}
                compact
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
