import type { ComponentType } from 'react';
import type { TRegistrationData } from '~/lib/registration-storage';

export type { TRegistrationData } from '~/lib/registration-storage';

/**
 * What the wizard gives every step component (wizard contract). A step renders its form and its
 * buttons (use `WizardNav` from ../components/wizard-nav for the back and forward buttons); the
 * wizard renders the header, the progress bar, the toasts, and saves locally and on the server.
 *
 * - `data`: what to prefill the form with: the step's unfinished draft (the form's own values as the
 *   applicant left them, e.g. before a reload), else what the step saved when it was completed.
 * - `onComplete(values)`: the step's validated output (the shared schema's `z.output`); the wizard
 *   saves it, then advances, goes to the checkout, or submits. A second call while one runs is ignored.
 * - `onBack()`: 'Back to Registration' on step 1 (to /register, data kept), else 'Previous Step'.
 * - `submitting`: true while the wizard saves or submits; disable the forward button.
 * - `onDraftChange(values)`: call with the form's whole values on every change (`useFormDraft` does
 *   it for a react-hook-form form); the wizard saves them as the step's draft (after a pause, at once
 *   when a file was uploaded or removed, and when a field loses focus). Not validated: the step's
 *   schema applies only on `onComplete`. A file the applicant removes is deleted by the wizard.
 */
export interface IWizardStepProps<T> {
  step: number;
  total: number;
  data: Partial<T> | undefined;
  registration: TRegistrationData;
  onComplete: (data: T) => Promise<void> | void;
  onBack: () => void;
  submitting: boolean;
  onDraftChange?: (values: Record<string, unknown>) => void;
}

// Step components differ in T; the registry keeps them side by side.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TWizardStepComponent = ComponentType<IWizardStepProps<any>>;

/** userType -> step number -> component. Steps without a component render 'Invalid step {n}' (school) or nothing. */
export type TWizardStepComponents = Readonly<Record<number, TWizardStepComponent>>;
