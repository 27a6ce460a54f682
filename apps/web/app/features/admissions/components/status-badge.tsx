import { cn } from '~/lib/cn';
import { admissionStatusLabel, statusTone } from '../lib/format';

/** An application's status as a coloured label (the text says it; the colour only helps). */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span
      data-testid="admission-status"
      className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', statusTone(status), className)}
    >
      {admissionStatusLabel(status)}
    </span>
  );
}
