import { NavLink } from 'react-router';
import { paths } from '~/config/paths';
import { cn } from '~/lib/cn';

const SECTIONS = [
  { to: paths.finance.overview, label: 'Overview', end: true },
  { to: paths.finance.feeStructures, label: 'Fee structures' },
  { to: paths.finance.invoiceRun, label: 'Invoice run' },
  { to: paths.finance.accounts, label: 'Family accounts' },
  { to: paths.finance.bankImport, label: 'Bank statement' },
  { to: paths.finance.debtors, label: 'Debtors' },
  { to: paths.finance.payouts, label: 'Payouts' },
  { to: paths.finance.exemptions, label: 'Exemptions' },
] as const;

/**
 * The frame of every finance page: its heading and the finance sections as links (each its own
 * address, so Back and a shared link work). On a phone the links scroll sideways in one row.
 */
export function FinancePage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-6">
      <nav aria-label="Finance" className="-mx-1 overflow-x-auto">
        <ul className="flex min-w-max gap-1 rounded-xl bg-slate-100 p-1">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={'end' in section}
                className={({ isActive }) =>
                  cn(
                    'inline-flex rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-700 hover:text-slate-900',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                    isActive && 'bg-white text-slate-900 shadow-sm',
                  )
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {description && <p className="text-sm text-slate-600">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}

/** A query's three other states, the same on every finance page. */
export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <p className="font-semibold text-slate-900">{title}</p>
      {children && <div className="mt-1 text-sm text-slate-600">{children}</div>}
    </div>
  );
}

/** A figure and its label, for the overview's key numbers. */
export function Kpi({ label, value, note, testId }: { label: string; value: string; note?: string; testId?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {note && <dd className="mt-1 text-xs text-slate-600">{note}</dd>}
    </div>
  );
}
