import { ChevronDown } from 'lucide-react';
import { cn } from '~/lib/cn';
import { useFieldControl } from './form-field';

/** A styled native <select>: keyboard, screen reader and mobile pickers work as the platform does. */
export function NativeSelect({ className, children, ...props }: React.ComponentProps<'select'>) {
  const field = useFieldControl();
  return (
    <div data-slot="native-select" className="relative">
      <select
        className={cn(
          'flex h-10 w-full min-w-0 appearance-none rounded-lg border border-slate-300 bg-white py-2 pr-9 pl-3 text-base text-slate-900 shadow-sm transition-colors sm:text-sm',
          'focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-700/30',
          'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-70',
          'aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-600/30',
          className,
        )}
        {...field}
        {...props}
      >
        {children}
      </select>
      <ChevronDown className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
    </div>
  );
}
