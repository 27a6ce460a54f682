import { Download } from 'lucide-react';
import { financeContracts as finance } from '@sekolo/shared/contracts/finance';
import { urlOf } from '~/lib/api-client';

/**
 * The accountant's downloads: every transaction, and the journal in the layouts Sage (Pastel) and
 * Xero import. Plain links: the browser saves the file the server sends.
 */
export function FinanceExports() {
  const links = [
    { href: urlOf(finance.transactionsCsv, { query: {} }), label: 'Transactions CSV' },
    { href: urlOf(finance.journalCsv, { query: { format: 'sage' } }), label: 'Journal for Sage' },
    { href: urlOf(finance.journalCsv, { query: { format: 'xero' } }), label: 'Journal for Xero' },
  ];
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Exports">
      {links.map((link) => (
        <li key={link.label}>
          <a
            href={link.href}
            download
            className="inline-flex h-9 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            <Download className="size-4" aria-hidden="true" />
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
