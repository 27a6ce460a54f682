import { cn } from '~/lib/cn';

/** The centred card every sign-in, sign-up and recovery screen sits in. */
export function AuthPageShell({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className="bg-slate-50 px-4 py-12 sm:py-16">
      <div
        className={cn(
          'mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8',
          className,
        )}
      >
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description && <div className="mt-2 text-sm text-slate-600">{description}</div>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
