import { formatZar } from '@sekolo/shared/domain/money';

/** Raised of goal as a bar and in words, with the number of donations. */
export function CampaignProgress({
  raisedCents,
  goalCents,
  donationCount,
  compact = false,
}: {
  raisedCents: number;
  goalCents: number;
  donationCount: number;
  compact?: boolean;
}) {
  const percent = Math.min(100, Math.round((raisedCents / goalCents) * 100));
  return (
    <div className="space-y-1.5" data-testid="campaign-progress">
      <div
        role="progressbar"
        aria-label="Raised of the goal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${percent}%` }} />
      </div>
      <p className={compact ? 'text-sm text-slate-700' : 'text-base text-slate-800'}>
        <strong className="font-semibold text-slate-900">{formatZar(raisedCents)}</strong> raised of{' '}
        {formatZar(goalCents)} · {donationCount} {donationCount === 1 ? 'donation' : 'donations'}
      </p>
    </div>
  );
}
