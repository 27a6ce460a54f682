import { stepTotalFor } from '@sekolo/shared/constants/registration';
import { getSchoolPackage } from '@sekolo/shared/constants/packages';
import type { TRegistrationData } from '~/lib/registration-storage';

/** The parts of the server draft (GET /api/applications/me) the wizard reconciles with. */
export interface IServerDraft {
  userType: string;
  status: string;
  currentStep: number;
  stepData: Record<string, Record<string, unknown>>;
  updatedAt: string;
}

/** Statuses in which the application can no longer be edited in the wizard. */
export const LOCKED_STATUSES = ['submitted', 'approved', 'rejected'] as const;

/** The chosen package of a school (step 2's packageId) as the checkout and the spec's packageData carry it. */
export function packageDataFor(
  userType: string,
  stepData: Record<string, Record<string, unknown> | undefined>,
): TRegistrationData['packageData'] | undefined {
  if (userType !== 'school_admin') return undefined;
  const pkg = getSchoolPackage(typeof stepData['2']?.packageId === 'string' ? stepData['2'].packageId : null);
  if (!pkg) return undefined;
  return {
    id: pkg.id,
    name: pkg.name,
    priceCents: pkg.priceCents,
    students: pkg.students,
    supportLevel: pkg.supportLevel,
    includeSMS: pkg.includeSMS,
    recommended: pkg.recommended,
  };
}

function formDataOf(stepData: Record<string, Record<string, unknown>>): Record<string, unknown> {
  return Object.keys(stepData)
    .sort((a, b) => Number(a) - Number(b))
    .reduce<Record<string, unknown>>((all, step) => ({ ...all, ...stepData[step] }), {});
}

function time(iso: string | undefined): number {
  const value = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(value) ? 0 : value;
}

/**
 * Which state the wizard opens with (spec 2.2; wizard contract): navigation state, else local
 * storage, unless the server draft is newer (another device); local data of another account or
 * user type is ignored. A fresh start begins at step 1 with the signed-in user's name and email.
 * The return from the checkout (fromSubscriptionCheckout) always wins: it carries the payment.
 */
export function resolveRegistration({
  userType,
  user,
  navState,
  stored,
  server,
}: {
  userType: string;
  user: { email: string; firstName: string | null; lastName: string | null };
  navState: TRegistrationData | null;
  stored: TRegistrationData | null;
  server: IServerDraft | null;
}): { registration: TRegistrationData; submitted: boolean } {
  const totalSteps = stepTotalFor(userType);
  const basicInfo = { firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: user.email };
  const mine = (data: TRegistrationData | null) =>
    data !== null &&
    data.userType === userType &&
    (data.basicInfo.email === '' || data.basicInfo.email.toLowerCase() === user.email.toLowerCase())
      ? data
      : null;
  const local = mine(navState) ?? mine(stored);
  const serverDraft = server && server.userType === userType ? server : null;
  const submitted = serverDraft !== null && (LOCKED_STATUSES as readonly string[]).includes(serverDraft.status);

  if (
    serverDraft &&
    (submitted || !local || (!local.fromSubscriptionCheckout && time(serverDraft.updatedAt) > time(local.savedAt)))
  ) {
    const stepData = serverDraft.stepData ?? {};
    return {
      submitted,
      registration: {
        userType,
        basicInfo,
        currentStep: submitted ? totalSteps : Math.max(1, serverDraft.currentStep),
        totalSteps,
        formData: formDataOf(stepData),
        stepData,
        packageData: packageDataFor(userType, stepData) ?? local?.packageData ?? null,
      },
    };
  }
  if (local)
    return { submitted, registration: { ...local, basicInfo: { ...local.basicInfo, ...basicInfo }, totalSteps } };
  return {
    submitted,
    registration: { userType, basicInfo, currentStep: 1, totalSteps, formData: {}, stepData: {} },
  };
}
