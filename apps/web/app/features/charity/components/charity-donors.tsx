import { useQuery } from '@tanstack/react-query';
import { formatZar } from '@sekolo/shared/domain/money';
import { formatDateOfInstant } from '@sekolo/shared/domain/sa-calendar';
import { Badge } from '~/components/ui/badge';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { donorsQuery } from '../api/charity-queries';

/** The charity's donors (of one campaign or all): anonymous gifts show as Anonymous. */
export function CharityDonorsTable({ campaignId }: { campaignId?: string }) {
  const donors = useQuery(donorsQuery(campaignId));
  if (donors.isPending) return <LoadingSpinner />;
  if (donors.error) return <p role="alert">{errorMessage(donors.error)}</p>;
  const { donors: list, totalCents, count, monthlyDonorCount, monthlyTotalCents } = donors.data;
  if (count === 0) return <p className="text-slate-600">No donations yet.</p>;
  return (
    <div className="space-y-2">
      <p className="text-slate-700" data-testid="donors-total">
        {count} {count === 1 ? 'donation' : 'donations'}, {formatZar(totalCents)} in all.
        {monthlyDonorCount > 0
          ? ` ${monthlyDonorCount} monthly ${monthlyDonorCount === 1 ? 'donor gives' : 'donors give'} ${formatZar(monthlyTotalCents)} a month.`
          : ''}
      </p>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">Donors</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                Date
              </th>
              <th scope="col" className="px-3 py-2">
                Donor
              </th>
              {campaignId ? null : (
                <th scope="col" className="px-3 py-2">
                  Campaign
                </th>
              )}
              <th scope="col" className="px-3 py-2 text-right">
                Amount
              </th>
              <th scope="col" className="px-3 py-2">
                Receipt
              </th>
              <th scope="col" className="px-3 py-2">
                Message
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {list.map((d) => (
              <tr key={d.id}>
                <td className="px-3 py-2 whitespace-nowrap">{formatDateOfInstant(d.paidAt)}</td>
                <td className="px-3 py-2">
                  {d.name}
                  {d.monthly ? (
                    <Badge className="ml-2" data-testid="monthly-donor">
                      Monthly
                    </Badge>
                  ) : null}
                  {d.email ? <span className="block text-xs text-slate-600">{d.email}</span> : null}
                </td>
                {campaignId ? null : <td className="px-3 py-2">{d.campaignTitle}</td>}
                <td className="px-3 py-2 text-right whitespace-nowrap">{formatZar(d.amountCents)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{d.receiptNumber ?? '—'}</td>
                <td className="px-3 py-2">{d.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
