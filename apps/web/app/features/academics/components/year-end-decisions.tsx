import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  PROMOTION_DECISIONS,
  promotionDecisionLabel,
  type TPromotion,
  type TPromotionDecision,
} from '@sekolo/shared/schemas/assessment';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { errorMessage } from '~/lib/server-field-errors';
import { promotionsQuery, useDecidePromotion } from '../api/report-card-queries';

/**
 * A register class's year-end decisions: each learner's suggested decision from the year marks,
 * and the decision taken, which a school admin or the class's class teacher takes or changes (with
 * a reason when it is not the suggested one). On the report cards screen and the year-end page.
 */
export function YearEndDecisions({ year, classId, className }: { year: number; classId: string; className: string }) {
  const id = useId();
  const promotions = useQuery(promotionsQuery(year, classId));
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Year-end decisions: {className}
      </h2>
      <p className="text-sm text-slate-600">
        Suggested from the year marks by the phase’s promotion requirements. A decision other than the suggested one
        needs a reason; every decision is recorded.
      </p>
      {promotions.isPending ? (
        <LoadingSpinner />
      ) : promotions.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(promotions.error)}
        </p>
      ) : promotions.data.length === 0 ? (
        <p className="text-sm text-slate-600">The class has no learners.</p>
      ) : (
        <ul className="space-y-3">
          {promotions.data.map((p) => (
            <DecisionRow key={`${p.learnerId}:${p.decision ?? ''}:${p.decidedAt ?? ''}`} year={year} promotion={p} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DecisionRow({ year, promotion }: { year: number; promotion: TPromotion }) {
  const id = useId();
  const decide = useDecidePromotion();
  const [decision, setDecision] = useState<TPromotionDecision>(promotion.decision ?? promotion.suggested);
  const [reason, setReason] = useState(promotion.reason);
  const needsReason = decision !== promotion.suggested;
  return (
    <li className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium text-slate-900">{promotion.learnerName}</p>
        <p className="text-sm text-slate-700">
          Suggested: <strong>{promotionDecisionLabel(promotion.suggested)}</strong>
          {promotion.decision
            ? ` · Decided: ${promotionDecisionLabel(promotion.decision)}${promotion.decidedBy ? ` by ${promotion.decidedBy}` : ''}`
            : ' · Not decided yet'}
        </p>
      </div>
      {promotion.unmet.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-brand-800">
            {promotion.unmet.length} {promotion.unmet.length === 1 ? 'requirement' : 'requirements'} not met
          </summary>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-700">
            {promotion.unmet.map((u) => (
              <li key={u}>{u}</li>
            ))}
          </ul>
        </details>
      )}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          decide.mutate({ learnerId: promotion.learnerId, year, decision, reason });
        }}
      >
        <div className="w-full space-y-1.5 sm:w-44">
          <Label htmlFor={`${id}-decision`}>Decision for {promotion.learnerName}</Label>
          <NativeSelect
            id={`${id}-decision`}
            value={decision}
            onChange={(e) => setDecision(e.target.value as TPromotionDecision)}
          >
            {PROMOTION_DECISIONS.map((d) => (
              <option key={d.id} value={d.id}>
                {d.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="w-full min-w-0 flex-1 space-y-1.5 sm:w-auto">
          <Label htmlFor={`${id}-reason`}>Reason{needsReason ? '' : ' (optional)'}</Label>
          <Input
            id={`${id}-reason`}
            value={reason}
            maxLength={300}
            required={needsReason}
            aria-invalid={decide.isError || undefined}
            aria-describedby={decide.isError ? `${id}-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={decide.isPending}>
          Save<span className="sr-only"> the decision for {promotion.learnerName}</span>
        </Button>
      </form>
      {decide.isError && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-800">
          {errorMessage(decide.error)}
        </p>
      )}
    </li>
  );
}
