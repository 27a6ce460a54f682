import { applicationStatusLabel } from '@sekolo/shared/schemas/applications';
import { cn } from '~/lib/cn';

const STYLES: Record<string, string> = {
  draft: 'bg-slate-100 text-slate-700',
  submitted: 'bg-amber-100 text-amber-900',
  changes_requested: 'bg-sky-100 text-sky-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
};

export function ApplicationStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span
      data-testid="application-status"
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        STYLES[status],
        className,
      )}
    >
      {applicationStatusLabel(status)}
    </span>
  );
}
