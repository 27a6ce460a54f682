import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { formatZar } from '@sekolo/shared/domain/money';
import { entrepreneursContracts as api } from '@sekolo/shared/contracts/entrepreneurs';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { call, urlOf } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { paths } from '~/config/paths';
import { ApprovalDecision } from './approval-decision';
import { ChangeList } from './change-list';
import { RecentOrders } from './recent-orders';
import { EarningsSummary, approvalTitle } from './shop-money';

/**
 * /guardian/shop-approval?token=...: the consenting guardian reads what their young entrepreneur
 * asks to put on sale (the shop or one listing), approves or declines with a reason, and sees the
 * shop's sales and payouts while the link works. The link answers once.
 */
export function ShopApprovalPanel({ token }: { token: string | null }) {
  const view = useQuery({
    queryKey: ['shop-approval', token],
    queryFn: () => call(api.linkView, { params: { token: token ?? '' } }),
    enabled: Boolean(token),
    retry: false,
  });
  const decide = useMutation({
    mutationFn: (body: { decision: 'approve' | 'decline'; reason: string }) =>
      call(api.linkDecide, { params: { token: token ?? '' }, body }),
  });

  if (!token) return <Problem title="This link is incomplete" text="Please open the link from the e-mail again." />;
  if (view.isPending) return <LoadingSpinner label="Loading the request..." />;
  if (view.isError) return <Problem title="We could not find this request" text={errorMessage(view.error)} />;
  const data = decide.data ?? view.data;
  const { approval, shop, childName } = data;
  const title = approvalTitle(approval, shop.name);
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <p className="text-sm font-semibold text-brand-700">{childName}’s shop on Sekolo</p>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {approval.changes ? (
          <div className="space-y-3">
            {approval.subject === 'listing' && approval.status === 'pending' ? (
              <img
                src={urlOf(api.linkPicture, { params: { token } })}
                alt={approval.listing?.title ?? ''}
                className="max-h-64 rounded-lg border border-slate-200 object-contain"
              />
            ) : null}
            <ChangeList changes={approval.changes} />
          </div>
        ) : approval.subject === 'shop' ? (
          <p className="text-slate-700">
            {shop.description} ({shop.category})
          </p>
        ) : approval.listing ? (
          <div className="space-y-1 text-slate-700">
            {approval.status === 'pending' ? (
              <img
                src={urlOf(api.linkPicture, { params: { token } })}
                alt={approval.listing.title}
                className="max-h-64 rounded-lg border border-slate-200 object-contain"
              />
            ) : null}
            <p>{approval.listing.description}</p>
            <p className="font-semibold">{formatZar(approval.listing.priceCents)}</p>
            <p className="text-sm text-slate-600">in {shop.name}</p>
          </div>
        ) : null}
      </div>
      {approval.status === 'pending' ? (
        <section aria-labelledby="decide-title" className="space-y-3 rounded-xl border border-slate-200 bg-white p-6">
          <h2 id="decide-title" className="font-semibold text-slate-900">
            Your decision
          </h2>
          <p className="text-sm text-slate-700">
            {approval.changes
              ? `Until you approve these changes, buyers keep seeing the version you approved before. If you decline, it stays so and ${childName} reads your reason.`
              : `Nothing goes on sale before you approve it. If you decline, ${childName} reads your reason and can change it.`}
          </p>
          <ApprovalDecision what={title} pending={decide.isPending} onDecide={(d) => decide.mutate(d)} />
          {decide.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {errorMessage(decide.error)}
            </p>
          ) : null}
        </section>
      ) : approval.status === 'approved' ? (
        <Outcome ok title="Approved: thank you">
          {approval.changes
            ? 'Buyers see the changes now.'
            : approval.subject === 'shop'
              ? `${shop.name} is now live.`
              : 'The listing is now on sale.'}
        </Outcome>
      ) : approval.status === 'declined' ? (
        <Outcome title="Declined">{`${childName} will read your reason: ${approval.reason ?? ''}`}</Outcome>
      ) : (
        <Outcome title="This link has expired">
          Your young entrepreneur can send you a new one from their dashboard, or sign in and open Shop approvals.
        </Outcome>
      )}
      {data.earnings ? <EarningsSummary earnings={data.earnings} title={`${shop.name}: sales and payouts`} /> : null}
      {data.earnings ? (
        <div className="space-y-2">
          <h2 className="text-lg font-semibold text-slate-900">Latest orders</h2>
          <RecentOrders orders={data.recentOrders} />
        </div>
      ) : null}
      <p className="text-sm text-slate-600">
        Have an account with this e-mail address?{' '}
        <a className="text-brand-700 underline" href={paths.dashboard.shopApprovals}>
          Sign in to Shop approvals
        </a>{' '}
        to see everything waiting for you.
      </p>
    </div>
  );
}

function Outcome({ ok = false, title, children }: { ok?: boolean; title: string; children: React.ReactNode }) {
  return (
    <div role="status" className="flex gap-3 rounded-xl border border-slate-200 bg-white p-6">
      {ok ? (
        <CheckCircle2 className="size-8 shrink-0 text-emerald-600" aria-hidden="true" />
      ) : (
        <XCircle className="size-8 shrink-0 text-slate-500" aria-hidden="true" />
      )}
      <div>
        <h2 className="font-semibold text-slate-900">{title}</h2>
        <p className="text-sm text-slate-700">{children}</p>
      </div>
    </div>
  );
}

function Problem({ title, text }: { title: string; text: string }) {
  return (
    <div role="alert" className="space-y-2">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-700">{text}</p>
    </div>
  );
}
