import { REGISTRATION_STEPS } from '@sekolo/shared/constants/registration';
import type { TCommissionTier } from '@sekolo/shared/constants/fees';
import { COMMISSION_TIERS } from '@sekolo/shared/constants/fees';
import type { TBusinessPartnerType } from '@sekolo/shared/constants/roles';
import { normalisePartnerTypes } from '@sekolo/shared/domain/business-partner-types';

/**
 * The wizard's state as the checkout pages read and write it (session contract "Wizard"): local
 * storage `registrationData`, also passed as navigation state. Never the password.
 */
export const REGISTRATION_STORAGE_KEY = 'registrationData';

export type TRegistrationHandoff = {
  userType?: string;
  basicInfo?: { firstName?: string; lastName?: string; email?: string };
  currentStep?: number;
  totalSteps?: number;
  formData?: Record<string, unknown>;
  stepData?: Record<string, Record<string, unknown> | undefined>;
  packageData?: { id?: string; [key: string]: unknown };
  paymentData?: unknown;
  transactionRef?: string;
  fromSubscriptionCheckout?: boolean;
  [key: string]: unknown;
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readRegistrationData(): TRegistrationHandoff | null {
  if (typeof window === 'undefined') return null;
  try {
    const raw = window.localStorage.getItem(REGISTRATION_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isObject(parsed) ? (parsed as TRegistrationHandoff) : null;
  } catch {
    return null;
  }
}

/** Stamps `savedAt` like the wizard's own writer (apps/web/app/lib/registration-storage.ts), so this copy wins over an older server draft. */
export function writeRegistrationData(data: TRegistrationHandoff): void {
  // The password never goes to storage, whatever a caller passed in.
  const basicInfo = isObject(data.basicInfo) ? { ...data.basicInfo } : undefined;
  if (basicInfo) delete (basicInfo as Record<string, unknown>).password;
  try {
    window.localStorage.setItem(REGISTRATION_STORAGE_KEY, JSON.stringify({ ...data, ...(basicInfo ? { basicInfo } : {}), savedAt: new Date().toISOString() }));
  } catch {
    // Storage blocked or full: navigation state still carries it.
  }
}

/** The wizard state handed over by navigation, else the stored one. */
export function registrationFrom(state: unknown): TRegistrationHandoff | null {
  if (isObject(state) && (typeof state.userType === 'string' || isObject(state.stepData))) return state as TRegistrationHandoff;
  return readRegistrationData();
}

/** The steps' data, newest step first (a later step, e.g. the partner's fee step, may revise an earlier choice). */
function stepValues(data: TRegistrationHandoff): Record<string, unknown>[] {
  const stepData = isObject(data.stepData) ? data.stepData : {};
  const steps = Object.keys(stepData)
    .sort((a, b) => Number(b) - Number(a))
    .map((key) => stepData[key])
    .filter(isObject);
  return [...steps, ...(isObject(data.formData) ? [data.formData] : [])];
}

/** The school's chosen package: packageData.id, else the package step's packageId. */
export function chosenPackageId(data: TRegistrationHandoff): string | null {
  if (isObject(data.packageData) && typeof data.packageData.id === 'string') return data.packageData.id;
  for (const step of stepValues(data)) {
    if (typeof step.packageId === 'string') return step.packageId;
  }
  return null;
}

const PARTNER_TYPE_KEYS = ['partnerTypes', 'businessPartnerTypes', 'businessTypes', 'types'];
const TIER_KEYS = ['commissionTier', 'tier', 'feeTier', 'feeStructure'];

/** A partner's chosen types (ids, labels or fragments, read leniently as spec 2.9 says). */
export function chosenPartnerTypes(data: TRegistrationHandoff): TBusinessPartnerType[] {
  for (const source of [data.packageData, ...stepValues(data)]) {
    if (!isObject(source)) continue;
    for (const key of PARTNER_TYPE_KEYS) {
      const value = source[key];
      if (Array.isArray(value) && value.length > 0) return normalisePartnerTypes(value);
    }
  }
  return [];
}

export function chosenCommissionTier(data: TRegistrationHandoff): TCommissionTier | undefined {
  for (const source of [data.packageData, ...stepValues(data)]) {
    if (!isObject(source)) continue;
    for (const key of TIER_KEYS) {
      const value = source[key];
      const tier = COMMISSION_TIERS.find((t) => typeof value === 'string' && (t.id === value || t.id === value.toLowerCase()));
      if (tier) return tier.id;
    }
  }
  return undefined;
}

/** The wizard step that waits for the payment: 'Payment Details' for a school, 'Awaiting Payment' otherwise. */
export function awaitingPaymentStep(userType: string | undefined): number | null {
  if (!userType || !Object.hasOwn(REGISTRATION_STEPS, userType)) return null;
  const steps = REGISTRATION_STEPS[userType as keyof typeof REGISTRATION_STEPS] as readonly { title: string }[];
  const index = steps.findIndex((step) => step.title === 'Awaiting Payment' || step.title === 'Payment Details');
  return index >= 0 ? index + 1 : null;
}

/** The step that hands over to the checkout (one before the awaiting-payment step). */
export function paymentHandoffStep(userType: string | undefined): number | null {
  const awaiting = awaitingPaymentStep(userType);
  return awaiting ? awaiting - 1 : null;
}
