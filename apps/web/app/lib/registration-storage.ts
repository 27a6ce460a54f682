import { z } from 'zod';

/**
 * The wizard's state in local storage under `registrationData` (spec 2.2, 3 "Registration state";
 * wizard contract). Read by the wizard, written by the wizard and by /payment-success on the
 * return from the checkout. The password is NEVER stored: it is dropped on every read and write.
 */
export const REGISTRATION_DATA_KEY = 'registrationData';

const ZStepValues = z.record(z.string(), z.unknown());

export const ZRegistrationData = z.looseObject({
  userType: z.string().min(1),
  basicInfo: z
    .looseObject({
      firstName: z.string().optional().default(''),
      lastName: z.string().optional().default(''),
      email: z.string().optional().default(''),
    })
    .transform(({ password: _password, confirmPassword: _confirm, ...rest }) => rest),
  currentStep: z.coerce.number().int().min(1),
  totalSteps: z.coerce.number().int().min(1),
  formData: ZStepValues.optional().default({}),
  /** Keyed by step number ('1', '2', ...). */
  stepData: z.record(z.string(), ZStepValues).optional().default({}),
  packageData: z.looseObject({ id: z.string() }).nullable().optional(),
  paymentData: z.unknown().optional(),
  transactionRef: z.string().optional(),
  fromSubscriptionCheckout: z.boolean().optional(),
  /** When this copy was last changed (ISO); the server draft wins when it is newer. */
  savedAt: z.string().optional(),
});
export type TRegistrationData = z.output<typeof ZRegistrationData>;

export type TStoredRegistration =
  { status: 'missing' } | { status: 'unreadable' } | { status: 'ok'; data: TRegistrationData };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Parses a stored value; anything that is not JSON or lacks the required fields is 'unreadable'. */
export function parseRegistrationData(raw: string | null | undefined): TStoredRegistration {
  if (raw == null || raw === '') return { status: 'missing' };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { status: 'unreadable' };
  }
  const result = ZRegistrationData.safeParse(json);
  return result.success ? { status: 'ok', data: result.data } : { status: 'unreadable' };
}

export function readRegistrationData(): TStoredRegistration {
  return parseRegistrationData(storage()?.getItem(REGISTRATION_DATA_KEY));
}

/** Validates the shape of navigation state the same way (e.g. the state /payment-success passes). */
export function registrationDataFromState(state: unknown): TRegistrationData | null {
  if (state == null || typeof state !== 'object') return null;
  const result = ZRegistrationData.safeParse(state);
  return result.success ? result.data : null;
}

/** Writes the data without any password and stamps `savedAt`; returns what was written. */
export function writeRegistrationData(data: TRegistrationData, now: Date = new Date()): TRegistrationData {
  const { password: _password, confirmPassword: _confirm, ...basicInfo } = data.basicInfo as Record<string, unknown>;
  const next = { ...data, basicInfo, savedAt: now.toISOString() } as TRegistrationData;
  try {
    storage()?.setItem(REGISTRATION_DATA_KEY, JSON.stringify(next));
  } catch (error) {
    // A full or blocked storage must not stop the wizard: the server keeps the draft too.
    console.error('Could not save registration data locally', error);
  }
  return next;
}

export function clearRegistrationData(): void {
  try {
    storage()?.removeItem(REGISTRATION_DATA_KEY);
    storage()?.removeItem(REGISTRATION_STEP_DRAFTS_KEY);
  } catch {
    // Nothing to clear.
  }
}

/**
 * The unfinished steps' form values of a wizard that has no application on the server (the
 * customer's profile completion), under `registrationStepDrafts`, for one account and user
 * type. Applicants' drafts live on the server with their application (files included).
 */
export const REGISTRATION_STEP_DRAFTS_KEY = 'registrationStepDrafts';

export type TStepDrafts = Record<string, Record<string, unknown>>;

const ZStoredStepDrafts = z.object({
  userType: z.string(),
  email: z.string(),
  drafts: z.record(z.string(), ZStepValues),
});

export function readStepDrafts(owner: { userType: string; email: string }): TStepDrafts {
  try {
    const raw = storage()?.getItem(REGISTRATION_STEP_DRAFTS_KEY);
    const parsed = raw ? ZStoredStepDrafts.safeParse(JSON.parse(raw)) : null;
    if (!parsed?.success) return {};
    const mine =
      parsed.data.userType === owner.userType && parsed.data.email.toLowerCase() === owner.email.toLowerCase();
    return mine ? parsed.data.drafts : {};
  } catch {
    return {};
  }
}

export function writeStepDrafts(owner: { userType: string; email: string }, drafts: TStepDrafts): void {
  try {
    storage()?.setItem(REGISTRATION_STEP_DRAFTS_KEY, JSON.stringify({ ...owner, drafts }));
  } catch (error) {
    console.error('Could not save the unfinished step locally', error);
  }
}
