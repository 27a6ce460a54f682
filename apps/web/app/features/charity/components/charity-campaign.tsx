import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft } from 'lucide-react';
import { CAMPAIGN_STATE_LABELS, MAX_CAMPAIGN_IMAGES } from '@sekolo/shared/schemas/campaigns';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { paths } from '~/config/paths';
import { errorMessage } from '~/lib/server-field-errors';
import {
  ownCampaignQuery,
  useAddCampaignImage,
  useCampaignState,
  useRemoveCampaignImage,
  useUpdateCampaign,
} from '../api/charity-queries';
import { CampaignForm } from './campaign-form';
import { CampaignProgress } from './campaign-progress';
import { CharityDonorsTable } from './charity-donors';

/** One campaign: its details, pictures, state (draft, active, ended) and donors. */
export function CharityCampaign({ campaignId }: { campaignId: string }) {
  const campaign = useQuery(ownCampaignQuery(campaignId));
  const update = useUpdateCampaign(campaignId);
  const state = useCampaignState(campaignId);
  const addImage = useAddCampaignImage(campaignId);
  const removeImage = useRemoveCampaignImage(campaignId);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [saved, setSaved] = useState(false);

  if (campaign.isPending) return <LoadingSpinner />;
  if (campaign.error) return <p role="alert">{errorMessage(campaign.error)}</p>;
  const c = campaign.data;
  return (
    <div className="space-y-6">
      <Link
        to={paths.charity.campaigns}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
        Campaigns
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{c.title}</h1>
        <Badge>{CAMPAIGN_STATE_LABELS[c.state]}</Badge>
      </div>
      <CampaignProgress raisedCents={c.raisedCents} goalCents={c.goalCents} donationCount={c.donationCount} />
      <div className="flex flex-wrap gap-2">
        {c.state !== 'active' ? (
          <Button onClick={() => state.mutate('active')} disabled={state.isPending}>
            {c.state === 'draft' ? 'Go live' : 'Open again'}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => state.mutate('ended')} disabled={state.isPending}>
            End campaign
          </Button>
        )}
        {c.state !== 'draft' ? (
          <Button asChild variant="ghost">
            <Link to={paths.fundingCampaign(c.slug)}>View public page</Link>
          </Button>
        ) : null}
      </div>
      {state.error ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(state.error)}</AlertDescription>
        </Alert>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Pictures</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {c.images.length === 0 ? (
            <p className="text-slate-600">Add a picture before the campaign goes live.</p>
          ) : null}
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Pictures">
            {c.images.map((image) => (
              <li key={image.id} className="space-y-1">
                <img src={image.thumbUrl} alt={image.alt} className="aspect-[3/2] w-full rounded-lg object-cover" />
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => removeImage.mutate(image.id)}
                  aria-label={`Remove picture ${image.alt}`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          {c.images.length < MAX_CAMPAIGN_IMAGES ? (
            <form
              className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
              onSubmit={(event) => {
                event.preventDefault();
                if (file)
                  addImage.mutate(
                    { file, alt },
                    {
                      onSuccess: () => {
                        setFile(null);
                        setAlt('');
                        (event.target as HTMLFormElement).reset();
                      },
                    },
                  );
              }}
            >
              <FormField id="campaign-image" label="Picture (PNG, JPEG or WebP, up to 10 MB)">
                <Input
                  type="file"
                  accept="image/png,image/jpeg,image/webp"
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                />
              </FormField>
              <FormField id="campaign-image-alt" label="What it shows" optional>
                <Input value={alt} maxLength={200} onChange={(e) => setAlt(e.target.value)} />
              </FormField>
              <Button type="submit" disabled={!file || addImage.isPending}>
                Add picture
              </Button>
            </form>
          ) : null}
          {addImage.error ? (
            <Alert variant="destructive">
              <AlertDescription>{errorMessage(addImage.error)}</AlertDescription>
            </Alert>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Details</CardTitle>
        </CardHeader>
        <CardContent>
          <CampaignForm
            key={`${c.id}-${c.title}-${c.goalCents}`}
            campaign={c}
            submitLabel="Save"
            pending={update.isPending}
            error={update.error}
            onSubmit={(input) => update.mutate(input, { onSuccess: () => setSaved(true) })}
          />
          {saved && !update.isPending ? (
            <p role="status" className="mt-2 text-sm text-emerald-800">
              Saved.
            </p>
          ) : null}
        </CardContent>
      </Card>

      <section aria-labelledby="campaign-donors" className="space-y-3">
        <h2 id="campaign-donors" className="text-xl font-bold text-slate-900">
          Donors
        </h2>
        <CharityDonorsTable campaignId={c.id} />
      </section>
    </div>
  );
}
