import type { TApprovalView } from '@sekolo/shared/schemas/entrepreneurs';

/** What a change to an approved listing or shop alters: what buyers see now, and after approval. */
export function ChangeList({ changes }: { changes: NonNullable<TApprovalView['changes']> }) {
  if (changes.length === 0) return <p className="text-sm text-slate-600">Nothing buyers see changes.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[18rem] text-left text-sm">
        <caption className="sr-only">The changes asked for</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              What
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Buyers see now
            </th>
            <th scope="col" className="py-1 font-medium">
              After your approval
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-800">
          {changes.map((change) => (
            <tr key={change.label} data-testid="approval-change">
              <th scope="row" className="py-1 pr-3 align-top font-medium">
                {change.label}
              </th>
              <td className="py-1 pr-3 align-top whitespace-pre-line">{change.before}</td>
              <td className="py-1 align-top font-semibold whitespace-pre-line">{change.after}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
