import { Download, XCircle } from 'lucide-react';
import { formatZar } from '@sekolo/shared/domain/money';
import type { TPaymentListItem } from '@sekolo/shared/schemas/payments';
import { paymentsContracts } from '@sekolo/shared/contracts/payments';
import { Alert, AlertTitle } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { urlOf } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { useMyPayments } from '../api/my-payments';

const STATUS: Record<TPaymentListItem['order']['status'], string> = {
  paid: 'Paid',
  pending: 'Awaiting payment',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

function dateOf(iso: string): string {
  return new Intl.DateTimeFormat('en-ZA', {
    timeZone: 'Africa/Johannesburg',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(iso));
}

/** /payments (spec 2.2): the user's payments, each paid one with its lines and its PDF tax invoice. */
export function PaymentsList() {
  const query = useMyPayments();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payments and invoices</CardTitle>
        <CardDescription>Amounts include VAT at 15%. Download a tax invoice for any paid amount.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingSpinner label="Loading your payments..." />
        ) : query.isError ? (
          <Alert variant="destructive" role="alert">
            <XCircle aria-hidden="true" />
            <AlertTitle>{errorMessage(query.error)}</AlertTitle>
          </Alert>
        ) : query.data.payments.length === 0 ? (
          <p className="text-slate-600">You have not made any payments yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Date
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Description
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Reference
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">
                    Amount
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Invoice
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {query.data.payments.map(({ order, invoice }) => (
                  <tr key={order.id} data-testid="payment-row">
                    <td className="py-3 pr-4 whitespace-nowrap">{dateOf(order.paidAt ?? order.createdAt)}</td>
                    <td className="py-3 pr-4">
                      {order.description}
                      {invoice && invoice.lines.length > 1 && (
                        <ul
                          className="mt-1 space-y-0.5 text-xs text-slate-600"
                          aria-label={`Lines of ${invoice.number}`}
                        >
                          {invoice.lines.map((line, index) => (
                            <li key={index} className="flex justify-between gap-3">
                              <span>
                                {line.quantity > 1 ? `${line.quantity} × ${line.description}` : line.description}
                              </span>
                              <span className="whitespace-nowrap tabular-nums">{formatZar(line.totalCents)}</span>
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td className="py-3 pr-4 font-mono text-xs">{order.reference}</td>
                    <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">
                      {formatZar(order.amountCents)}
                    </td>
                    <td className="py-3 pr-4">
                      <Badge>{STATUS[order.status]}</Badge>
                    </td>
                    <td className="py-3">
                      {invoice ? (
                        <a
                          href={urlOf(paymentsContracts.invoicePdf, { params: { invoiceId: invoice.id } })}
                          download={`${invoice.number}.pdf`}
                          className="inline-flex items-center gap-1 font-medium whitespace-nowrap text-brand-700 underline"
                        >
                          <Download className="size-4" aria-hidden="true" />
                          {invoice.number}
                        </a>
                      ) : (
                        <span className="text-slate-500">{order.status === 'paid' ? 'No charge' : '-'}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
