import type { TCommissionTier } from '@sekolo/shared/constants/fees';
import type { TBusinessPartnerType } from '@sekolo/shared/constants/roles';
import { partnerFeeSummary } from './partner-fee-summary';

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div
      className={
        strong
          ? 'flex justify-between gap-4 border-t border-slate-200 py-2 font-semibold text-slate-900'
          : 'flex justify-between gap-4 py-1.5 text-slate-700'
      }
    >
      <dt>{label}</dt>
      <dd className="text-right tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The registration fee, the recurring fees and the commission for the chosen roles and tier. */
export function PartnerFeeTable({
  types,
  tier,
}: {
  types: readonly TBusinessPartnerType[];
  tier: TCommissionTier | undefined;
}) {
  const summary = partnerFeeSummary(types, tier);
  return (
    <div className="space-y-5 text-sm">
      <div>
        <h4 className="font-semibold text-slate-900">Registration fee (once-off)</h4>
        <dl className="mt-1">
          {summary.registrationLines.map((line) => (
            <Row key={line.label} {...line} />
          ))}
          <Row label="Registration fee" value={summary.registrationFee} strong testId="partner-registration-fee" />
        </dl>
      </div>
      <div>
        <h4 className="font-semibold text-slate-900">Recurring fees</h4>
        <dl className="mt-1">
          {summary.recurringLines.map((line) => (
            <Row key={line.label} {...line} />
          ))}
          {summary.multiRoleHalved && (
            <p className="py-1 text-slate-600">With more than one role, your recurring fees are halved.</p>
          )}
          <Row label="You pay" value={summary.recurring} strong testId="partner-recurring-fee" />
        </dl>
      </div>
      <div>
        <h4 className="font-semibold text-slate-900">Commission</h4>
        <p className="mt-1 text-slate-700" data-testid="partner-commission">
          {summary.commission}
        </p>
      </div>
    </div>
  );
}
