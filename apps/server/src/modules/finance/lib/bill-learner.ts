import { percentOf } from '@sekolo/shared/domain/money';
import { instalmentCount, splitInstalments, type TInstalmentPlan } from '@sekolo/shared/schemas/finance';
import { formatPercentBps } from './format.ts';
import type { TNewInvoice, TNewInvoiceLine } from './money.ts';

/**
 * What one learner is billed by an invoice run, as pure arithmetic: every instalment of the
 * grade's items (and the optional items the learner takes) that falls in the run's window, not yet
 * billed, and not before the learner's fees start; less the learner's concessions in a fixed
 * order (exemption, sibling discount, bursary), each rounded once with percentOf.
 */

export type TBillItem = {
  id: string;
  name: string;
  kind: string;
  amountCents: number;
  plan: TInstalmentPlan;
  dueDates: string[];
  /** Standard-rated for VAT (a VAT-registered school's item), kept on each line it bills. */
  vatApplicable?: boolean;
};
export type TBillConcessions = {
  /** 1 for the eldest billed child of the family, 2 for the next, ... */
  siblingRank: number;
  siblingSecondBps: number;
  siblingThirdPlusBps: number;
  /** A granted exemption's share (10 000 for a full one), 0 when none. */
  exemptionBps: number;
  bursaries: { name: string; kind: 'percent' | 'amount'; percentBps: number | null; amountCents: number | null }[];
};

export type TBillInput = {
  learnerId: string;
  learnerName: string;
  accountId: string;
  year: number;
  issuedOn: string;
  runId: string | null;
  items: TBillItem[];
  /** The run's window: instalments due in [from, to]. */
  window: { from: string; to: string };
  /** The day fees start for a learner who joined mid-year, or null. */
  feesFrom: string | null;
  /** `${itemId}:${instalment}` of what the learner was already billed. */
  billed: Set<string>;
  concessions: TBillConcessions;
};

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

export function billLearner(input: TBillInput): TNewInvoice[] {
  const { concessions: c } = input;
  const join = input.feesFrom && input.feesFrom.startsWith(`${input.year}-`) ? input.feesFrom : null;
  const monthsLeft = join ? 13 - Number(join.slice(5, 7)) : 12;
  const siblingBps = c.siblingRank === 2 ? c.siblingSecondBps : c.siblingRank >= 3 ? c.siblingThirdPlusBps : 0;
  // The amount bursaries spread over the instalments of the tuition (or first compulsory) item.
  const spreadItem = input.items.find((i) => i.kind === 'tuition') ?? input.items.find((i) => i.kind !== 'optional');
  const byDue = new Map<string, TNewInvoiceLine[]>();

  for (const item of input.items) {
    const count = instalmentCount(item.plan);
    const parts = splitInstalments(item.amountCents, count);
    for (let n = 1; n <= count; n++) {
      let dueOn = item.dueDates[n - 1]!;
      let gross = parts[n - 1]!;
      if (join && dueOn < monthStart(join)) {
        // A yearly amount is prorated by the months left; an instalment of a month or term before the learner joined is not billed.
        if (item.plan !== 'once') continue;
        gross = Math.round((gross * monthsLeft) / 12);
        dueOn = join;
      }
      if (dueOn < input.window.from || dueOn > input.window.to) continue;
      if (input.billed.has(`${item.id}:${n}`)) continue;
      const discounts: { label: string; amountCents: number }[] = [];
      let left = gross;
      const take = (label: string, amount: number) => {
        const cut = Math.min(Math.max(amount, 0), left);
        if (cut > 0) {
          discounts.push({ label, amountCents: cut });
          left -= cut;
        }
      };
      if (item.kind !== 'optional') {
        if (c.exemptionBps >= 10_000) take('Fee exemption', left);
        else if (c.exemptionBps > 0)
          take(`Fee exemption (${formatPercentBps(c.exemptionBps)})`, percentOf(left, c.exemptionBps));
        if (siblingBps > 0)
          take(
            `Sibling discount (${c.siblingRank === 2 ? '2nd' : `${c.siblingRank}${c.siblingRank === 3 ? 'rd' : 'th'}`} child, ${formatPercentBps(siblingBps)})`,
            percentOf(left, siblingBps),
          );
        for (const b of c.bursaries) {
          if (b.kind === 'percent' && b.percentBps) take(b.name, percentOf(left, b.percentBps));
          if (b.kind === 'amount' && b.amountCents && item.id === spreadItem?.id)
            take(b.name, splitInstalments(b.amountCents, count)[n - 1]!);
        }
      }
      const line: TNewInvoiceLine = {
        itemId: item.id,
        instalment: n,
        instalments: count,
        description: count > 1 ? `${item.name} (${n} of ${count})` : item.name,
        itemKind: item.kind,
        grossCents: gross,
        discountCents: gross - left,
        discounts,
        vatApplicable: item.vatApplicable ?? false,
      };
      byDue.set(dueOn, [...(byDue.get(dueOn) ?? []), line]);
    }
  }
  return [...byDue.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([dueOn, lines]) => ({
      accountId: input.accountId,
      learnerId: input.learnerId,
      year: input.year,
      issuedOn: input.issuedOn,
      dueOn,
      runId: input.runId,
      lines,
    }));
}
