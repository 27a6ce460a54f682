import { useEffect, useRef } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { cn } from '~/lib/cn';

/**
 * What replaces a form once it has been sent. Focus moves to the title so keyboard and screen
 * reader users land on the confirmation instead of on a control that no longer exists.
 */
export function SuccessPanel({ title, className, children, ...props }: React.ComponentProps<'section'> & { title: string }) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    titleRef.current?.focus();
  }, []);
  return (
    <section
      data-slot="success-panel"
      role="status"
      aria-live="polite"
      className={cn('rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-950 sm:p-8', className)}
      {...props}
    >
      <CheckCircle2 className="size-8 text-emerald-700" aria-hidden="true" />
      <h2 ref={titleRef} tabIndex={-1} className="mt-3 text-xl font-semibold tracking-tight focus:outline-none">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-sm leading-6">{children}</div>
    </section>
  );
}
