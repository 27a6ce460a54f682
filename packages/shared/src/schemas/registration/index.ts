import type { z } from 'zod';
import { REGISTRATION_STEPS } from '../../constants/registration.ts';
import type { TRegistrationRole } from '../../constants/roles.ts';
import { BUSINESS_PARTNER_STEP_SCHEMAS } from './business-partner.ts';
import { CHARITY_STEP_SCHEMAS } from './charity.ts';
import { CUSTOMER_STEP_SCHEMAS } from './customer.ts';
import { SCHOOL_STEP_SCHEMAS } from './school.ts';
import { YOUNG_ENTREPRENEUR_STEP_SCHEMAS } from './young-entrepreneur.ts';

/**
 * The registry of wizard step schemas (wizard contract): user type -> step number -> zod schema,
 * shared by the wizard forms and the server (PUT /api/applications/me, submit). A step without
 * data (e.g. 'Awaiting Payment') maps to null. The step files in this folder (owner: wizard /
 * partner-forms helpers) fill the entries; the applications module only calls
 * `validateRegistrationStep` and `missingRegistrationSteps`.
 */
export type TStepSchemas = Readonly<Record<number, z.ZodType | null>>;

export const REGISTRATION_STEP_SCHEMAS: Readonly<Partial<Record<TRegistrationRole, TStepSchemas>>> = {
  school_admin: SCHOOL_STEP_SCHEMAS,
  // Owner: partner-forms (business-partner.ts / charity.ts in this folder).
  business_partner: BUSINESS_PARTNER_STEP_SCHEMAS,
  charity: CHARITY_STEP_SCHEMAS,
  young_entrepreneur: YOUNG_ENTREPRENEUR_STEP_SCHEMAS,
  // The customer's two steps are a profile completion, saved by PUT /api/customer-profile/me.
  customer: CUSTOMER_STEP_SCHEMAS,
};

/**
 * Where the wizard leaves for the checkout and which step's completion submits the application
 * (wizard contract). School and business partner pay: their terms step saves and goes to
 * /subscription-checkout, and the awaiting-payment step, submitted on the return with the payment
 * reference, submits the application. Charity and young entrepreneur pay nothing and submit at
 * their terms step. A customer has no application: the last step completes the profile.
 */
export const REGISTRATION_FLOW = {
  school_admin: { paymentStep: 3, submitStep: 4 },
  business_partner: { paymentStep: 5, submitStep: 6 },
  charity: { paymentStep: null, submitStep: 3 },
  young_entrepreneur: { paymentStep: null, submitStep: 5 },
  customer: { paymentStep: null, submitStep: 2 },
} as const satisfies Record<TRegistrationRole, { paymentStep: number | null; submitStep: number }>;

/** The step after which the wizard goes to /subscription-checkout, or null for types that pay nothing. */
export function paymentStepFor(userType: string | null | undefined): number | null {
  return userType != null && Object.hasOwn(REGISTRATION_FLOW, userType)
    ? REGISTRATION_FLOW[userType as TRegistrationRole].paymentStep
    : null;
}

/** The step whose completion submits the application (the last step for unknown types). */
export function submitStepFor(userType: string | null | undefined): number {
  return userType != null && Object.hasOwn(REGISTRATION_FLOW, userType)
    ? REGISTRATION_FLOW[userType as TRegistrationRole].submitStep
    : stepCount(userType ?? '') || 1;
}

export type TStepValidation =
  { success: true; data: unknown } | { success: false; message: string; fields: Record<string, string> };

export const REGISTRATION_STEP_MESSAGES = {
  unknownStep: (step: number) => `Invalid step ${step}`,
  notAnObject: 'An error occurred processing your data. Please try again.',
} as const;

/** Steps a user type has; 0 for an unknown type. */
function stepCount(userType: string): number {
  return Object.hasOwn(REGISTRATION_STEPS, userType) ? REGISTRATION_STEPS[userType as TRegistrationRole].length : 0;
}

/** The schema of a step: a zod schema, null for a step without data, undefined when none is registered. */
export function registrationStepSchema(userType: string, step: number): z.ZodType | null | undefined {
  const schemas = REGISTRATION_STEP_SCHEMAS[userType as TRegistrationRole];
  return schemas ? schemas[step] : undefined;
}

/**
 * Validates one step's data. Field keys are the dotted paths inside the step (e.g.
 * 'bankingDetails.accountName'); the message is the first field's message, as the forms show it.
 */
export function validateRegistrationStep(userType: string, step: number, data: unknown): TStepValidation {
  if (!Number.isInteger(step) || step < 1 || step > stepCount(userType)) {
    const message = REGISTRATION_STEP_MESSAGES.unknownStep(step);
    return { success: false, message, fields: { step: message } };
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    const message = REGISTRATION_STEP_MESSAGES.notAnObject;
    return { success: false, message, fields: { step: message } };
  }
  const schema = registrationStepSchema(userType, step);
  if (!schema) return { success: true, data };
  const result = schema.safeParse(data);
  if (result.success) return { success: true, data: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'step';
    fields[key] ??= issue.message;
  }
  return { success: false, message: Object.values(fields)[0] ?? REGISTRATION_STEP_MESSAGES.notAnObject, fields };
}

/** Steps with a schema (not null) that `stepData` lacks: what a final submission still needs. */
export function missingRegistrationSteps(userType: string, stepData: Record<string, unknown>): number[] {
  const schemas = REGISTRATION_STEP_SCHEMAS[userType as TRegistrationRole] ?? {};
  return Object.entries(schemas)
    .filter(([step, schema]) => schema && stepData[step] === undefined)
    .map(([step]) => Number(step))
    .sort((a, b) => a - b);
}
