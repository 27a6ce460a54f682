import { useId, useState } from 'react';
import { Lock } from 'lucide-react';
import type { TServiceLevelAgreementStep } from '@sekolo/shared/schemas/registration/business-partner';
import { BUSINESS_PARTNER_MESSAGES } from '@sekolo/shared/schemas/registration/business-partner';
import { SERVICE_LEVEL_AGREEMENT_DOCUMENT } from '~/content/legal/service-level-agreement';
import { Label } from '~/components/ui/label';
import { LegalScrollBox } from '../../components/legal-scroll-box';
import { WizardNav } from '../../components/wizard-nav';
import { nextLabelFor } from '../../lib/next-label';
import type { IWizardStepProps } from '../../lib/wizard-types';
import { useSlaUnlock } from './use-sla-unlock';

/**
 * Business partner step 4, Service Level Agreement (spec 2.9, 4, 9): the SLA text in a scroll
 * box; its acceptance box unlocks when the reader scrolls within 100 px of the end, clicks the
 * checkbox row, or after 5 seconds. 'Continue to Terms & Conditions' waits for the tick.
 */
export function ServiceLevelAgreementStep({
  step,
  data,
  onComplete,
  onBack,
  submitting,
}: IWizardStepProps<TServiceLevelAgreementStep>) {
  const id = useId();
  const alreadyAccepted = data?.acceptedSLA === true;
  const { unlocked, bindScrollBox, onRowClick } = useSlaUnlock();
  const [accepted, setAccepted] = useState(alreadyAccepted);
  const enabled = unlocked || alreadyAccepted;

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (accepted) void onComplete({ acceptedSLA: true });
      }}
    >
      <p className="text-slate-600">
        Please read the Service Level Agreement between Sekolo and its business partners. It sets out payouts, support,
        response times and ratings.
      </p>
      <div
        ref={(element) => bindScrollBox((element?.firstElementChild as HTMLElement | null) ?? null)}
        data-testid="sla-scroll-box"
      >
        <LegalScrollBox id={`${id}-sla`} document={SERVICE_LEVEL_AGREEMENT_DOCUMENT} />
      </div>
      {/* Clicking anywhere on the row unlocks the box (spec 4), then a click ticks it. */}
      <div
        className="flex items-start gap-3 rounded-xl border border-slate-200 p-4"
        onClick={onRowClick}
        data-testid="sla-accept-row"
      >
        <input
          id={`${id}-accept`}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-brand-700 disabled:cursor-not-allowed"
          checked={accepted}
          disabled={!enabled || submitting}
          onChange={(event) => setAccepted(event.currentTarget.checked)}
          aria-describedby={enabled ? undefined : `${id}-hint`}
        />
        <div className="space-y-1">
          <Label htmlFor={`${id}-accept`} className="font-normal">
            I have read and accept the Service Level Agreement
          </Label>
          {!enabled && (
            <p id={`${id}-hint`} className="flex items-center gap-1.5 text-sm text-slate-600">
              <Lock className="size-3.5" aria-hidden="true" />
              Scroll to the end of the agreement to accept it.
            </p>
          )}
          {enabled && !accepted && <p className="sr-only">{BUSINESS_PARTNER_MESSAGES.slaRequired}</p>}
        </div>
      </div>
      <WizardNav
        step={step}
        onBack={onBack}
        nextLabel={nextLabelFor('business_partner', step)}
        nextDisabled={!accepted}
        submitting={submitting}
      />
    </form>
  );
}
