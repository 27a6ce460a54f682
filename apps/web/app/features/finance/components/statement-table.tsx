import { formatZar } from '@sekolo/shared/domain/money';
import type { TStatement } from '@sekolo/shared/schemas/finance';
import { balanceText, formatShortDate } from '../lib/format';

/**
 * A family's statement: every invoice, credit note and payment in date order with the balance
 * after each, between the opening and the closing balance. On a phone each line stacks, the
 * amount and the balance under its description.
 */
export function StatementTable({ statement }: { statement: TStatement }) {
  const opening = statement.from ? `Balance on ${formatShortDate(statement.from)}` : 'Opening balance';
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" data-testid="statement">
        <caption className="sr-only">
          Statement of account {statement.account.accountNumber} to {formatShortDate(statement.to)}
        </caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              Date
            </th>
            <th scope="col" className="px-3 py-2">
              Details
            </th>
            <th scope="col" className="px-3 py-2 text-right max-sm:hidden">
              Debit
            </th>
            <th scope="col" className="px-3 py-2 text-right max-sm:hidden">
              Credit
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Balance
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          <tr>
            <td className="px-3 py-2" />
            <th scope="row" className="px-3 py-2 font-medium text-slate-700">
              {opening}
            </th>
            <td className="max-sm:hidden" />
            <td className="max-sm:hidden" />
            <td className="px-3 py-2 text-right tabular-nums">{balanceText(statement.openingBalanceCents)}</td>
          </tr>
          {statement.lines.map((line, index) => (
            <tr key={`${line.reference}-${index}`} data-kind={line.kind}>
              <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatShortDate(line.date)}</td>
              <td className="px-3 py-2">
                <span className="text-slate-900">{line.description}</span>
                <span className="block text-xs text-slate-600">{line.reference}</span>
                <span className="block text-xs text-slate-700 tabular-nums sm:hidden">
                  {line.debitCents > 0 ? formatZar(line.debitCents) : `−${formatZar(line.creditCents)}`}
                </span>
              </td>
              <td className="px-3 py-2 text-right tabular-nums max-sm:hidden">
                {line.debitCents > 0 ? formatZar(line.debitCents) : ''}
              </td>
              <td className="px-3 py-2 text-right tabular-nums max-sm:hidden">
                {line.creditCents > 0 ? formatZar(line.creditCents) : ''}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{balanceText(line.balanceCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-slate-200 bg-slate-50 font-semibold">
          <tr>
            <td className="px-3 py-2" />
            <th scope="row" className="px-3 py-2 text-slate-900">
              Balance on {formatShortDate(statement.to)}
            </th>
            <td className="max-sm:hidden" />
            <td className="max-sm:hidden" />
            <td className="px-3 py-2 text-right tabular-nums text-slate-900" data-testid="closing-balance">
              {balanceText(statement.closingBalanceCents)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
