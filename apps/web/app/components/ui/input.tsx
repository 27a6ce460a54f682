import { cn } from '~/lib/cn';
import { useFieldControl } from './form-field';

export function Input({ className, type = 'text', ...props }: React.ComponentProps<'input'>) {
  const field = useFieldControl();
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        'flex h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm transition-colors placeholder:text-slate-500 sm:text-sm',
        'focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-700/30',
        'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-70',
        'aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-600/30',
        'file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-brand-800',
        className,
      )}
      {...field}
      {...props}
    />
  );
}
