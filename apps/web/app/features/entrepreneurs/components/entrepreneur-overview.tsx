import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatZar } from '@sekolo/shared/domain/money';
import { entrepreneursContracts as api } from '@sekolo/shared/contracts/entrepreneurs';
import { SHOP_STATUS_LABELS } from '@sekolo/shared/schemas/entrepreneurs';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { paths } from '~/config/paths';
import { useState } from 'react';
import { APPROVAL_STATUS_LABELS, Stat, approvalTitle, dateFormat } from './shop-money';
import { ChangeList } from './change-list';
import { ShopDetailsForm } from './shop-details-form';

/**
 * The entrepreneur dashboard's first screen: the shop and whether it is live, what waits for the
 * guardian's approval (with a way to send the guardian a fresh link), and this month's sales.
 */
export function EntrepreneurOverview() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const overview = useQuery({ queryKey: ['entrepreneur', 'overview'], queryFn: () => call(api.overview) });
  const remind = useMutation({
    mutationFn: () => call(api.remind),
    onSuccess: (data) => queryClient.setQueryData(['entrepreneur', 'overview'], data),
  });

  if (overview.isPending) return <LoadingSpinner label="Loading your shop..." />;
  if (overview.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(overview.error)}
      </p>
    );
  const { shop, approvals, liveListings, ordersThisMonth, salesThisMonthCents, balanceCents } = overview.data;
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{shop.name}</h1>
          <Badge variant={shop.status === 'approved' ? 'brand' : 'accent'}>{SHOP_STATUS_LABELS[shop.status]}</Badge>
        </div>
        <p className="text-slate-700">{shop.description}</p>
        <p className="text-sm text-slate-600">
          {shop.category} · Guardian: {shop.guardianName}
          {shop.status === 'approved' ? (
            <>
              {' · '}
              <a className="text-brand-700 underline" href={paths.marketplaceSeller(shop.slug)}>
                Your shop on the marketplace
              </a>
            </>
          ) : null}
        </p>
        {editing ? (
          <ShopDetailsForm shop={shop} onDone={() => setEditing(false)} />
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            Edit shop details
          </Button>
        )}
        {shop.status !== 'approved' ? (
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {shop.status === 'declined'
              ? `${shop.guardianName} declined the shop. Ask again once you have talked it through.`
              : `Your shop goes live once ${shop.guardianName} approves it. We e-mailed them a link.`}
          </p>
        ) : null}
      </div>

      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Sales this month" value={formatZar(salesThisMonthCents)} />
        <Stat label="Orders this month" value={String(ordersThisMonth)} />
        <Stat label="Listings on sale" value={String(liveListings)} />
        <Stat label="Owed to your shop" value={formatZar(balanceCents)} />
      </dl>

      <section aria-labelledby="pending-title" className="space-y-3">
        <h2 id="pending-title" className="text-lg font-semibold text-slate-900">
          Waiting for your guardian
        </h2>
        {approvals.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing is waiting for {shop.guardianName}.</p>
        ) : (
          <ul
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
            data-testid="pending-approvals"
          >
            {approvals.map((approval) => (
              <li key={approval.id} className="space-y-2 px-4 py-3 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-slate-900">{approvalTitle(approval, shop.name)}</span>
                  <span className="text-slate-600">
                    {APPROVAL_STATUS_LABELS[approval.status]} · asked{' '}
                    {dateFormat.format(new Date(approval.requestedAt))}
                  </span>
                </div>
                {approval.changes ? <ChangeList changes={approval.changes} /> : null}
              </li>
            ))}
          </ul>
        )}
        {approvals.length > 0 || shop.status === 'declined' ? (
          <div className="space-y-2">
            <Button variant="secondary" onClick={() => remind.mutate()} disabled={remind.isPending}>
              E-mail {shop.guardianName} a new link
            </Button>
            {remind.isSuccess ? (
              <p role="status" className="text-sm text-emerald-800">
                We sent {shop.guardianName} a new link.
              </p>
            ) : null}
            {remind.isError ? (
              <p role="alert" className="text-sm text-red-800">
                {errorMessage(remind.error)}
              </p>
            ) : null}
          </div>
        ) : null}
      </section>

      <nav aria-label="Your shop" className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.dashboard.entrepreneurListings}>Manage listings</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={paths.dashboard.entrepreneurOrders}>See orders</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={paths.dashboard.entrepreneurEarnings}>Earnings</Link>
        </Button>
      </nav>
    </div>
  );
}
