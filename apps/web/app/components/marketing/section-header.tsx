import { cn } from '~/lib/cn';

/** Eyebrow, h2 and lead paragraph at the top of a page section. */
export function SectionHeader({
  id,
  eyebrow,
  title,
  lead,
  align = 'center',
  className,
}: {
  /** Id of the h2, for `aria-labelledby` on the section. */
  id?: string;
  eyebrow?: string;
  title: string;
  lead?: React.ReactNode;
  align?: 'center' | 'left';
  className?: string;
}) {
  return (
    <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center', className)}>
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {lead && <p className="mt-4 text-lg leading-8 text-pretty text-slate-600">{lead}</p>}
    </div>
  );
}

/** The h1 block at the top of an inner page. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <section className="border-b border-slate-200 bg-linear-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20">
        <div className="mx-auto max-w-3xl text-center">
          {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>}
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">{title}</h1>
          {lead && <p className="mt-5 text-lg leading-8 text-pretty text-slate-600">{lead}</p>}
          {children}
        </div>
      </div>
    </section>
  );
}
