import { schoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import { formatZar } from '@sekolo/shared/domain/money';
import { PLATFORM_COMMISSION_BPS, PROCESSING_FEE_BPS } from '@sekolo/shared/constants/fees';

/** 680 bps → "6.8%", as the pricing page and the terms write the rates. */
export function percentLabel(bps: number): string {
  return `${bps / 100}%`;
}

/**
 * What an online payment of `amountCents` towards school fees costs and what the school gets
 * (spec 9): the parent pays the amount plus the processing fee, the school receives the amount
 * less the platform's commission. Shown before the parent pays.
 */
export function PayBreakdown({ amountCents, schoolName }: { amountCents: number; schoolName: string }) {
  const b = schoolPaymentBreakdown(amountCents);
  return (
    <dl
      className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-slate-50 text-sm"
      data-testid="pay-breakdown"
    >
      <div className="flex justify-between gap-4 px-3 py-2">
        <dt className="text-slate-700">Towards your account</dt>
        <dd className="tabular-nums text-slate-900" data-testid="pay-amount">
          {formatZar(b.grossCents)}
        </dd>
      </div>
      <div className="flex justify-between gap-4 px-3 py-2">
        <dt className="text-slate-700">Processing fee ({percentLabel(PROCESSING_FEE_BPS)})</dt>
        <dd className="tabular-nums text-slate-900" data-testid="pay-fee">
          {formatZar(b.processingFeeCents)}
        </dd>
      </div>
      <div className="flex justify-between gap-4 px-3 py-2 font-semibold">
        <dt className="text-slate-900">You pay</dt>
        <dd className="tabular-nums text-slate-900" data-testid="pay-total">
          {formatZar(b.parentPaysCents)}
        </dd>
      </div>
      <div className="flex justify-between gap-4 px-3 py-2">
        <dt className="text-slate-700">
          {schoolName} receives (after the {percentLabel(PLATFORM_COMMISSION_BPS)} platform commission)
        </dt>
        <dd className="tabular-nums text-slate-900" data-testid="pay-school-receives">
          {formatZar(b.schoolReceivesCents)}
        </dd>
      </div>
    </dl>
  );
}
