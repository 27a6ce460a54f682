import { ROADWORTHY_STATUSES, type TRoadworthyStatus } from '@sekolo/shared/schemas/transport';
import { cn } from '~/lib/cn';

const TONE: Record<TRoadworthyStatus, string> = {
  valid: 'bg-emerald-100 text-emerald-900',
  expiring: 'bg-amber-100 text-amber-900',
  expired: 'bg-red-100 text-red-900',
};

/** A vehicle's roadworthy certificate at a glance: Roadworthy, Expires soon or Expired. */
export function RoadworthyBadge({ status, className }: { status: TRoadworthyStatus; className?: string }) {
  const label = ROADWORTHY_STATUSES.find((s) => s.id === status)?.label ?? status;
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        TONE[status],
        className,
      )}
    >
      {label}
    </span>
  );
}
