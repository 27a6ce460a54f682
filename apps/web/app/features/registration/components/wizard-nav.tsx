import { ArrowLeft, ArrowRight, Loader2 } from 'lucide-react';
import { wizardBackLabel } from '@sekolo/shared/constants/registration';
import { Button } from '~/components/ui/button';

/**
 * The buttons under every wizard step: back ('Back to Registration' on step 1, 'Previous Step'
 * after; spec 2.9) and the step's forward button, a submit button of the step's form unless
 * `onNext` is given.
 */
export function WizardNav({
  step,
  onBack,
  nextLabel,
  onNext,
  nextDisabled,
  submitting,
  hideBack,
}: {
  step: number;
  onBack: () => void;
  nextLabel: string;
  /** For steps without a form; otherwise the button submits the surrounding form. */
  onNext?: () => void;
  nextDisabled?: boolean;
  submitting?: boolean;
  hideBack?: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
      {hideBack ? (
        <span />
      ) : (
        <Button variant="secondary" onClick={onBack} disabled={submitting}>
          <ArrowLeft aria-hidden="true" />
          {wizardBackLabel(step)}
        </Button>
      )}
      <Button
        type={onNext ? 'button' : 'submit'}
        onClick={onNext}
        disabled={nextDisabled || submitting}
        aria-busy={submitting || undefined}
        size="lg"
      >
        {submitting && <Loader2 className="animate-spin" aria-hidden="true" />}
        {nextLabel}
        {!submitting && <ArrowRight aria-hidden="true" />}
      </Button>
    </div>
  );
}

/** A titled group of fields inside a step. */
export function WizardSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section className="space-y-4">
      <div>
        <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {children}
    </section>
  );
}
