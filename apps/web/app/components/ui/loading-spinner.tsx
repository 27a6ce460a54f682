import { cn } from '~/lib/cn';

export function LoadingSpinner({ className, label = 'Loading...' }: { className?: string; label?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex flex-col items-center justify-center gap-3 py-16', className)}>
      <span className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" aria-hidden="true" />
      <span className="text-sm text-slate-600">{label}</span>
    </div>
  );
}
