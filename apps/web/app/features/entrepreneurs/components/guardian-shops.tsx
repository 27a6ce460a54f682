import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entrepreneursContracts as api } from '@sekolo/shared/contracts/entrepreneurs';
import { SHOP_STATUS_LABELS, type TApprovalView } from '@sekolo/shared/schemas/entrepreneurs';
import { Badge } from '~/components/ui/badge';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { call, urlOf } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { paths } from '~/config/paths';
import { ChangeList } from './change-list';
import { ApprovalDecision } from './approval-decision';
import { RecentOrders } from './recent-orders';
import { APPROVAL_STATUS_LABELS, EarningsSummary, approvalTitle, dateFormat } from './shop-money';

/**
 * A guardian's Shop approvals: each young entrepreneur's shop they consented to (matched by their
 * e-mail address), what waits for their approval, the decisions so far, and the shop's sales.
 */
export function GuardianShops() {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const shops = useQuery({ queryKey: ['entrepreneur', 'guardian'], queryFn: () => call(api.guardianShops) });
  const decide = useMutation({
    mutationFn: (input: { id: string; decision: 'approve' | 'decline'; reason: string }) =>
      call(api.guardianDecide, { params: { id: input.id }, body: { decision: input.decision, reason: input.reason } }),
    onSuccess: (data, input) => {
      queryClient.setQueryData(['entrepreneur', 'guardian'], data);
      setNotice(input.decision === 'approve' ? 'Approved.' : 'Declined: your reason was sent.');
    },
  });

  if (shops.isPending) return <LoadingSpinner label="Loading the shops..." />;
  if (shops.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(shops.error)}
      </p>
    );
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Shop approvals</h1>
      {notice ? (
        <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
          {notice}
        </p>
      ) : null}
      {decide.isError ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {errorMessage(decide.error)}
        </p>
      ) : null}
      {shops.data.shops.length === 0 ? (
        <p className="text-slate-700">
          No young entrepreneur’s shop names you as their consenting guardian with this account’s e-mail address.
        </p>
      ) : null}
      {shops.data.shops.map(({ shop, childName, approvals, earnings, recentOrders }) => {
        const waiting = approvals.filter((a) => a.status === 'pending');
        const decided = approvals.filter((a) => a.status !== 'pending');
        return (
          <section key={shop.organizationId} aria-labelledby={`shop-${shop.organizationId}`} className="space-y-6">
            <div className="space-y-1">
              <div className="flex flex-wrap items-center gap-3">
                <h2 id={`shop-${shop.organizationId}`} className="text-xl font-semibold text-slate-900">
                  {shop.name}
                </h2>
                <Badge variant={shop.status === 'approved' ? 'brand' : 'accent'}>
                  {shop.status === 'pending' ? 'Waiting for you' : SHOP_STATUS_LABELS[shop.status]}
                </Badge>
              </div>
              <p className="text-sm text-slate-600">
                {childName}’s shop · {shop.category}
              </p>
            </div>
            <div className="space-y-3">
              <h3 className="font-semibold text-slate-900">Waiting for your approval</h3>
              {waiting.length === 0 ? (
                <p className="text-sm text-slate-600">Nothing is waiting.</p>
              ) : (
                <ul className="space-y-3">
                  {waiting.map((approval) => (
                    <WaitingItem
                      key={approval.id}
                      approval={approval}
                      shopName={shop.name}
                      description={
                        approval.subject === 'shop' ? shop.description : (approval.listing?.description ?? '')
                      }
                      pending={decide.isPending}
                      onDecide={(d) => decide.mutate({ id: approval.id, ...d })}
                    />
                  ))}
                </ul>
              )}
            </div>
            <EarningsSummary earnings={earnings} title="Sales and payouts" />
            <p className="text-sm">
              <a className="text-brand-700 underline" href={paths.payouts.guardian}>
                Payouts and the bank account they go to
              </a>
            </p>
            <div className="space-y-2">
              <h3 className="font-semibold text-slate-900">Latest orders</h3>
              <RecentOrders orders={recentOrders} />
            </div>
            {decided.length > 0 ? (
              <div className="space-y-2">
                <h3 className="font-semibold text-slate-900">Your decisions</h3>
                <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
                  {decided.map((a) => (
                    <li key={a.id} className="px-4 py-2">
                      {approvalTitle(a, shop.name)}: {APPROVAL_STATUS_LABELS[a.status]}
                      {a.decidedAt ? ` on ${dateFormat.format(new Date(a.decidedAt))}` : ''}
                      {a.reason ? ` (${a.reason})` : ''}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}

function WaitingItem({
  approval,
  shopName,
  description,
  pending,
  onDecide,
}: {
  approval: TApprovalView;
  shopName: string;
  description: string;
  pending: boolean;
  onDecide: (decision: { decision: 'approve' | 'decline'; reason: string }) => void;
}) {
  const title = approvalTitle(approval, shopName);
  return (
    <li className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <p className="font-medium text-slate-900">{title}</p>
      {approval.listing ? (
        <img
          src={urlOf(api.guardianPicture, { params: { id: approval.id } })}
          alt={approval.listing.title}
          className="max-h-48 rounded-lg border border-slate-200 object-contain"
        />
      ) : null}
      {approval.changes ? (
        <ChangeList changes={approval.changes} />
      ) : description ? (
        <p className="text-sm text-slate-700">{description}</p>
      ) : null}
      <p className="text-xs text-slate-500">Asked on {dateFormat.format(new Date(approval.requestedAt))}</p>
      <ApprovalDecision what={title} pending={pending} onDecide={onDecide} />
    </li>
  );
}
