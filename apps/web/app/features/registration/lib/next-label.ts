import { REGISTRATION_STEPS, type IWizardStep } from '@sekolo/shared/constants/registration';
import type { TRegistrationRole } from '@sekolo/shared/constants/roles';

/** The forward button of a step: the spec's label where one is named, else 'Continue'. */
export function nextLabelFor(userType: string, step: number, fallback = 'Continue'): string {
  if (!Object.hasOwn(REGISTRATION_STEPS, userType)) return fallback;
  const steps: readonly IWizardStep[] = REGISTRATION_STEPS[userType as TRegistrationRole];
  return steps[step - 1]?.nextLabel ?? fallback;
}
