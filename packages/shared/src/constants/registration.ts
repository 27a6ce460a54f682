/**
 * Register screen and wizard texts. The spec's step titles and totals disagree between places
 * (spec 2.9 / 9); we fix one canonical set, and the register screen, the wizard and the
 * checkout hand-off all use `stepTotalFor` so they can no longer drift apart.
 */

import type { TRegistrationRole } from './roles.ts';

export interface IWizardStep {
  readonly title: string;
  /** The step's primary button, where the spec names it. */
  readonly nextLabel?: string;
}

export const REGISTRATION_STEPS = {
  school_admin: [
    { title: 'School Information', nextLabel: 'Continue to Package Selection' },
    { title: 'Package Selection' },
    { title: 'Terms & Conditions' },
    { title: 'Payment Details' },
    { title: 'Application Submission', nextLabel: 'Finish' },
  ],
  customer: [
    { title: 'Additional Information', nextLabel: 'Continue' },
    { title: 'Terms & Conditions', nextLabel: 'Complete Registration' },
  ],
  young_entrepreneur: [
    { title: 'Shop Information', nextLabel: 'Continue to Personal Information' },
    { title: 'Personal Information', nextLabel: 'Continue to Guardian Information' },
    { title: 'Guardian Information' },
    { title: 'Document Upload', nextLabel: 'Continue' },
    { title: 'Terms & Conditions' },
  ],
  business_partner: [
    { title: 'Business Information' },
    { title: 'Products & Services' },
    { title: 'Fees & Commission', nextLabel: 'Continue to Service Level Agreement' },
    { title: 'Service Level Agreement', nextLabel: 'Continue to Terms & Conditions' },
    { title: 'Terms & Payment' },
    { title: 'Awaiting Payment' },
    { title: 'Application Complete' },
  ],
  charity: [
    { title: 'Charity Details', nextLabel: 'Continue to Products' },
    { title: 'Products & Services' },
    { title: 'Terms & Package' },
    { title: 'Awaiting Payment' },
    { title: 'Application Complete' },
  ],
} as const satisfies Record<TRegistrationRole, readonly IWizardStep[]>;

/** Total steps for a user type; any other type has a single step, as in the spec. */
export function stepTotalFor(userType: string | null | undefined): number {
  if (userType != null && Object.hasOwn(REGISTRATION_STEPS, userType)) {
    return REGISTRATION_STEPS[userType as TRegistrationRole].length;
  }
  return 1;
}

/** Title of step `step` (1-based), or `undefined` for a step the type does not have. */
export function stepTitleFor(userType: string | null | undefined, step: number): string | undefined {
  if (userType == null || !Object.hasOwn(REGISTRATION_STEPS, userType)) return undefined;
  const steps: readonly IWizardStep[] = REGISTRATION_STEPS[userType as TRegistrationRole];
  return Number.isInteger(step) ? steps[step - 1]?.title : undefined;
}

/** Young entrepreneur document step: the button text until all required documents are uploaded. */
export const UPLOAD_REQUIRED_DOCUMENTS_LABEL = 'Upload Required Documents';

export const WIZARD_BACK_TO_REGISTRATION_LABEL = 'Back to Registration';
export const WIZARD_PREVIOUS_STEP_LABEL = 'Previous Step';

/** The back control reads 'Back to Registration' on step 1, else 'Previous Step' (spec 2.9). */
export function wizardBackLabel(step: number): string {
  return step <= 1 ? WIZARD_BACK_TO_REGISTRATION_LABEL : WIZARD_PREVIOUS_STEP_LABEL;
}

/** Toast after each step (spec 4). */
export function stepCompletedMessage(step: number, total: number): string {
  return `Step ${step} of ${total} completed successfully.`;
}

/**
 * Role cards on the register screen (spec 2.8), in card order. The spec gives the customer and
 * school_admin descriptions; the other three descriptions are ours.
 */
export const ROLE_CARDS = [
  { role: 'customer', title: 'Customer', description: 'Purchase products or services' },
  { role: 'school_admin', title: 'School Admin', description: 'School administrator' },
  {
    role: 'business_partner',
    title: 'Business Partner',
    description: 'Tutors, course providers, service providers, product vendors and consultants',
  },
  { role: 'charity', title: 'Charity', description: 'Non-profit organisations raising funds and support' },
  {
    role: 'young_entrepreneur',
    title: 'Young Entrepreneur',
    description: 'Learners opening their own shop with guardian consent',
  },
] as const satisfies readonly { role: TRegistrationRole; title: string; description: string }[];

export const BUSINESS_PARTNER_REGISTRATION_NOTE =
  'Tutors, product vendors and service providers must register as Business Partners.';

/** 'Register' for customers, whose account is created at once; 'Continue to Application' otherwise. */
export function registerButtonLabel(role: string | null | undefined): string {
  return role === 'customer' ? 'Register' : 'Continue to Application';
}
