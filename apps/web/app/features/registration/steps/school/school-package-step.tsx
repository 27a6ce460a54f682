import { useId, useState } from 'react';
import { Check, MessageSquare, Star } from 'lucide-react';
import { Link } from 'react-router';
import { FREE_TRIAL_DAYS, SCHOOL_PACKAGES, isSchoolPackageId } from '@sekolo/shared/constants/packages';
import { formatZarWhole } from '@sekolo/shared/domain/money';
import { SCHOOL_MESSAGES, type TSchoolPackageStep } from '@sekolo/shared/schemas/registration/school';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { WizardNav } from '../../components/wizard-nav';
import { nextLabelFor } from '../../lib/next-label';
import type { IWizardStepProps } from '../../lib/wizard-types';
import { paths } from '~/config/paths';

/**
 * School step 2, 'Choose Your Package' (spec 2.9, 4, 9): nine cards in three rows of three, the
 * recommended one marked, single choice; continue is disabled until one is chosen.
 */
export function SchoolPackageStep({
  step,
  data,
  onComplete,
  onBack,
  submitting,
  onDraftChange,
}: IWizardStepProps<TSchoolPackageStep>) {
  const id = useId();
  const [selected, setSelected] = useState<string | null>(isSchoolPackageId(data?.packageId) ? data.packageId : null);
  const [showError, setShowError] = useState(false);

  function next() {
    if (!isSchoolPackageId(selected)) {
      setShowError(true);
      return;
    }
    void onComplete({ packageId: selected });
  }

  return (
    <div className="space-y-8">
      <div>
        <h3 className="text-xl font-semibold text-slate-900" id={`${id}-title`}>
          Choose Your Package
        </h3>
        <p className="mt-1 text-slate-600">
          Monthly prices in rand, VAT included. Every package has the same features and a {FREE_TRIAL_DAYS} day free
          trial; they differ by the number of students and the support you get.
        </p>
      </div>
      <div role="radiogroup" aria-labelledby={`${id}-title`} className="grid gap-4 md:grid-cols-3">
        {SCHOOL_PACKAGES.map((pkg) => {
          const checked = selected === pkg.id;
          return (
            <label
              key={pkg.id}
              className={cn(
                'relative flex cursor-pointer flex-col gap-3 rounded-2xl border bg-white p-5 shadow-sm transition-colors',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700',
                checked ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-200 hover:border-brand-300',
              )}
            >
              <input
                type="radio"
                name={`${id}-package`}
                value={pkg.id}
                checked={checked}
                onChange={() => {
                  setSelected(pkg.id);
                  onDraftChange?.({ packageId: pkg.id });
                  setShowError(false);
                }}
                className="absolute inset-0 size-full cursor-pointer appearance-none rounded-2xl opacity-0"
              />
              <div className="flex items-start justify-between gap-2">
                <span className="text-lg font-semibold text-slate-900">{pkg.name}</span>
                {pkg.recommended && (
                  <Badge variant="accent">
                    <Star className="size-3.5" aria-hidden="true" />
                    Recommended
                  </Badge>
                )}
              </div>
              <p>
                <span className="text-2xl font-bold text-slate-900">{formatZarWhole(pkg.priceCents)}</span>
                <span className="text-sm text-slate-600"> / month</span>
              </p>
              <ul className="space-y-1 text-sm text-slate-700">
                <li>Up to {pkg.students.toLocaleString('en-ZA')} students</li>
                <li>{pkg.supportLevel}</li>
                {pkg.includeSMS && <li>SMS messaging included</li>}
              </ul>
              <span
                aria-hidden="true"
                className={cn(
                  'mt-auto inline-flex items-center gap-1 text-sm font-semibold',
                  checked ? 'text-brand-700' : 'text-slate-500',
                )}
              >
                {checked ? (
                  <>
                    <Check className="size-4" /> Selected
                  </>
                ) : (
                  'Select'
                )}
              </span>
            </label>
          );
        })}
      </div>
      {showError && (
        <p role="alert" className="text-sm text-red-700">
          {SCHOOL_MESSAGES.packageRequired}
        </p>
      )}
      <div className="flex flex-col items-start gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold text-slate-900">Need a custom solution?</p>
          <p className="text-sm text-slate-700">
            More than 50,000 students, several campuses or special requirements? Talk to our specialists.
          </p>
        </div>
        <Button asChild variant="secondary">
          <Link to={paths.contactSpecialists}>
            <MessageSquare aria-hidden="true" />
            Contact our specialists
          </Link>
        </Button>
      </div>
      <WizardNav
        step={step}
        onBack={onBack}
        nextLabel={nextLabelFor('school_admin', step)}
        onNext={next}
        nextDisabled={selected === null}
        submitting={submitting}
      />
    </div>
  );
}
