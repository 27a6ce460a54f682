import { useCallback, useEffect } from 'react';
import { AlertCircle } from 'lucide-react';
import { Link } from 'react-router';
import { stepTitleFor } from '@sekolo/shared/constants/registration';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { UploadReleaseContext } from '~/components/upload/upload-release';
import type { TRegistrationData } from '~/lib/registration-storage';
import { useRegistrationWizard, type IWizardUser } from '../hooks/use-registration-wizard';
import type { TDraftStatus } from '../lib/draft-saver';
import { STEP_COMPONENTS } from '../steps/step-components';
import { WizardNav } from './wizard-nav';
import { paths } from '~/config/paths';

/** 'Step n of total' and the progress bar (spec 2.9). */
export function WizardHeader({ step, total, title }: { step: number; total: number; title?: string }) {
  const percent = Math.round((Math.min(Math.max(step, 0), total) / total) * 100);
  return (
    <div className="space-y-3">
      <div className="flex items-baseline justify-between gap-4">
        <p className="text-sm font-semibold text-brand-700" data-testid="wizard-step-counter">
          Step {step} of {total}
        </p>
        <p className="text-sm text-slate-600">{percent}% complete</p>
      </div>
      <div
        role="progressbar"
        aria-label="Application progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-valuetext={`Step ${step} of ${total}`}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-700 transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
      {title && <h2 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h2>}
    </div>
  );
}

const DRAFT_STATUS_TEXT: Record<TDraftStatus, string> = {
  idle: '',
  saving: 'Saving your changes…',
  saved: 'Changes saved',
  error: 'Your latest changes are not saved yet. We will try again.',
};

/** Whether the unfinished step is saved (it is restored after a reload or on another device). */
function DraftStatus({ status }: { status: TDraftStatus }) {
  return (
    <p
      data-testid="wizard-draft-status"
      data-status={status}
      className={status === 'error' ? 'text-sm text-amber-800' : 'text-sm text-slate-500'}
    >
      {DRAFT_STATUS_TEXT[status]}
    </p>
  );
}

/** Shown instead of the steps once the application is submitted (or decided). */
function SubmittedPanel({ status, reason }: { status: string; reason?: string | null }) {
  const rejected = status === 'rejected';
  return (
    <div className="space-y-4 text-center">
      <h2 className="text-2xl font-bold text-slate-900">
        {rejected ? 'Application not approved' : 'Application submitted'}
      </h2>
      <p className="text-slate-600">
        {status === 'approved'
          ? 'Your application is approved. Sign out and in again to open your dashboard.'
          : rejected
            ? `Our team could not approve your application${reason ? `: ${reason}` : '.'} Contact us if you have questions.`
            : "Thank you for completing your application. We'll review it and get back to you shortly."}
      </p>
      <Button asChild>
        <Link to={rejected ? paths.contact : paths.home}>{rejected ? 'Contact us' : 'Return to Home'}</Link>
      </Button>
    </div>
  );
}

/**
 * The registration wizard (spec 2.9, 4): header with 'Step n of total' and a progress bar,
 * the current step's form, saving after every step, the checkout hand-off and the submission.
 */
export function RegistrationWizard({
  userType,
  user,
  finish,
}: {
  userType: string;
  user: IWizardUser;
  /** For the customer's profile completion: saves the profile instead of submitting an application. */
  finish?: (registration: TRegistrationData) => Promise<void>;
}) {
  const wizard = useRegistrationWizard({ userType, user, finish });
  const { registration, phase, total, application, changeDraft } = wizard;
  const step = registration?.currentStep ?? 1;
  const onDraftChange = useCallback(
    (values: Record<string, unknown>) => changeDraft(step, values),
    [changeDraft, step],
  );
  const Component = STEP_COMPONENTS[userType]?.[step];
  const lockedStep = phase === 'submitted' ? STEP_COMPONENTS[userType]?.[total] : undefined;

  useEffect(() => {
    // Spec 8: an unknown step is logged as an error.
    if (phase === 'ready' && !Component) console.error(`Invalid step ${step} for ${userType}`);
  }, [phase, Component, step, userType]);

  if (phase === 'loading' || !registration) return <LoadingSpinner className="min-h-[40vh]" />;

  if (phase === 'submitted') {
    // A school sees its last step, 'Application Complete' with 'Finish'; the others a status panel.
    const Last = userType === 'school_admin' ? lockedStep : undefined;
    return (
      <div className="space-y-8">
        <WizardHeader step={total} total={total} title={stepTitleFor(userType, total)} />
        {Last ? (
          <Last
            step={total}
            total={total}
            data={undefined}
            registration={registration}
            onComplete={() => {}}
            onBack={wizard.back}
            submitting={false}
          />
        ) : (
          <SubmittedPanel status={application?.status ?? 'submitted'} reason={application?.decisionReason} />
        )}
      </div>
    );
  }

  return (
    <div className="space-y-8">
      <WizardHeader step={step} total={total} title={stepTitleFor(userType, step)} />
      {application?.status === 'changes_requested' && (
        <Alert variant="warning">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>Our team asked for changes</AlertTitle>
          <AlertDescription>
            {application.decisionReason ?? 'Please review your application.'} Update the steps and submit your
            application again.
          </AlertDescription>
        </Alert>
      )}
      {Component ? (
        // A field losing focus saves the step's draft at once (focusout bubbles).
        <div onBlur={wizard.flushDraft}>
          <UploadReleaseContext.Provider value={wizard.releaseFile}>
            <Component
              key={`${userType}-${step}`}
              step={step}
              total={total}
              data={wizard.dataFor(step)}
              registration={registration}
              onComplete={wizard.completeStep}
              onBack={wizard.back}
              submitting={wizard.submitting}
              onDraftChange={onDraftChange}
            />
          </UploadReleaseContext.Provider>
          <DraftStatus status={wizard.draftStatus} />
        </div>
      ) : userType === 'school_admin' ? (
        <div className="space-y-6">
          <p className="font-medium text-red-700">Invalid step {step}</p>
          <WizardNav step={step} onBack={wizard.back} nextLabel="Continue" nextDisabled onNext={() => {}} />
        </div>
      ) : null}
    </div>
  );
}
