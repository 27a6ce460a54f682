import { cn } from '~/lib/cn';
import { useFieldControl } from './form-field';

export function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  const field = useFieldControl();
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'flex min-h-28 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm transition-colors placeholder:text-slate-500 sm:text-sm',
        'focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-700/30',
        'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-70',
        'aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-600/30',
        className,
      )}
      {...field}
      {...props}
    />
  );
}
