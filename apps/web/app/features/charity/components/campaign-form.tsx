import { useState } from 'react';
import { CAMPAIGN_MESSAGES, type TCampaignInput, type TOwnCampaign } from '@sekolo/shared/schemas/campaigns';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Textarea } from '~/components/ui/textarea';
import { errorMessage } from '~/lib/server-field-errors';
import { randToCents } from './donate-form';

/** A campaign's title, summary, story, goal and dates: for a new campaign and for editing one. */
export function CampaignForm({
  campaign,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  campaign?: TOwnCampaign;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (input: TCampaignInput) => void;
}) {
  const [title, setTitle] = useState(campaign?.title ?? '');
  const [summary, setSummary] = useState(campaign?.summary ?? '');
  const [story, setStory] = useState(campaign?.story ?? '');
  const [goal, setGoal] = useState(campaign ? String(campaign.goalCents / 100) : '');
  const [startsOn, setStartsOn] = useState(campaign?.startsOn ?? todayInSouthAfrica());
  const [endsOn, setEndsOn] = useState(campaign?.endsOn ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const goalCents = randToCents(goal);
    const found: Record<string, string> = {};
    if (!title.trim()) found.title = CAMPAIGN_MESSAGES.titleRequired;
    if (goalCents === null || goalCents < 10_000 || goalCents > 1_000_000_000) found.goal = CAMPAIGN_MESSAGES.goalRange;
    if (!startsOn) found.startsOn = CAMPAIGN_MESSAGES.startRequired;
    if (endsOn && startsOn && endsOn < startsOn) found.endsOn = CAMPAIGN_MESSAGES.endBeforeStart;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onSubmit({ title, summary, story, goalCents: goalCents!, startsOn, endsOn: endsOn || null });
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <FormField id="campaign-title" label="Title" error={errors.title}>
        <Input value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} />
      </FormField>
      <FormField id="campaign-summary" label="Summary" hint="One or two sentences for the campaign list." optional>
        <Input value={summary} maxLength={240} onChange={(e) => setSummary(e.target.value)} />
      </FormField>
      <FormField id="campaign-story" label="Story" optional>
        <Textarea rows={6} value={story} maxLength={10_000} onChange={(e) => setStory(e.target.value)} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id="campaign-goal" label="Goal (R)" error={errors.goal}>
          <Input inputMode="decimal" value={goal} onChange={(e) => setGoal(e.target.value)} placeholder="120000" />
        </FormField>
        <FormField id="campaign-start" label="Starts on" error={errors.startsOn}>
          <Input type="date" value={startsOn} onChange={(e) => setStartsOn(e.target.value)} />
        </FormField>
        <FormField id="campaign-end" label="Ends on" error={errors.endsOn} optional>
          <Input type="date" value={endsOn} onChange={(e) => setEndsOn(e.target.value)} />
        </FormField>
      </div>
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(error)}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" disabled={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}
