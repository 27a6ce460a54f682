/**
 * A parent's or guardian's consent to processing a learner's data (POPIA treats
 * everyone under 18 as a child). Staff record a signed paper form; a guardian with an account gives
 * it online on the parent dashboard. The browser's forms and the API check with these schemas.
 */

import { z } from 'zod';
import { PRIVACY_POLICY_VERSION, PRIVACY_POLICY_VERSIONS } from '../constants/privacy.ts';
import { isIsoDate, todayInSouthAfrica } from '../domain/sa-calendar.ts';

/**
 * given: a guardian's consent to the current policy version stands; outdated: consents stand only
 * for an older version; missing: none stands (never given, or every one withdrawn).
 */
export const LEARNER_CONSENT_STATUSES = ['given', 'missing', 'outdated'] as const;
export type TLearnerConsentStatus = (typeof LEARNER_CONSENT_STATUSES)[number];

export const LEARNER_CONSENT_METHODS = ['online', 'paper'] as const;
export type TLearnerConsentMethod = (typeof LEARNER_CONSENT_METHODS)[number];

export const CONSENT_MESSAGES = {
  guardianRequired: 'Please choose the parent or guardian who signed the form',
  guardianNotLinked: 'This guardian is not linked to the learner.',
  policyVersionRequired: 'Please choose the privacy policy version the signed form refers to',
  signedOnRequired: 'Please enter the date the form was signed',
  signedOnInvalid: 'Please enter the date signed as YYYY-MM-DD',
  signedOnFuture: 'The date signed cannot be in the future',
  signedOnBeforePolicy: 'The form cannot have been signed before the policy version it refers to',
  agreeRequired: 'Please tick the box to confirm that you give your consent',
  policyChanged:
    'The privacy policy has changed since you opened this page. Please reload the page and read the new version.',
  alreadyRecorded: 'This guardian’s consent to this policy version is already recorded and has not been withdrawn.',
  consentNotFound: 'There is no such consent for this learner.',
  alreadyWithdrawn: 'This consent has already been withdrawn.',
  nothingToWithdraw: 'You have not given a consent for this child that could be withdrawn.',
  childNotFound: 'This child is not linked to your account.',
} as const;

const M = CONSENT_MESSAGES;

/** Staff record a consent a guardian signed on paper. */
export const ZPaperConsentSchema = z
  .object({
    guardianId: z.uuid({ error: M.guardianRequired }),
    policyVersion: z.enum(PRIVACY_POLICY_VERSIONS, { error: M.policyVersionRequired }),
    signedOn: z
      .string({ error: M.signedOnRequired })
      .trim()
      .min(1, M.signedOnRequired)
      .refine(isIsoDate, M.signedOnInvalid)
      .refine((value) => !isIsoDate(value) || value <= todayInSouthAfrica(), M.signedOnFuture),
  })
  .superRefine((value, ctx) => {
    // The version is the policy's publication date: no one signed it before it existed.
    if (isIsoDate(value.signedOn) && value.signedOn < value.policyVersion)
      ctx.addIssue({ code: 'custom', path: ['signedOn'], message: M.signedOnBeforePolicy });
  });
export type TPaperConsentInput = z.input<typeof ZPaperConsentSchema>;
export type TPaperConsentValues = z.output<typeof ZPaperConsentSchema>;

/** A guardian consents online: to the version they were shown, which must still be the current one. */
export const ZOnlineConsentSchema = z.object({
  policyVersion: z.literal(PRIVACY_POLICY_VERSION, { error: M.policyChanged }),
  agreed: z.literal(true, { error: M.agreeRequired }),
});
export type TOnlineConsentInput = z.input<typeof ZOnlineConsentSchema>;

/** One consent in a learner's history, as staff see it. */
const ZLearnerConsent = z.object({
  id: z.string(),
  guardianId: z.string().nullable(),
  guardianName: z.string(),
  method: z.enum(LEARNER_CONSENT_METHODS),
  policyVersion: z.string(),
  givenAt: z.string(),
  recordedByName: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  withdrawnByName: z.string().nullable(),
});
export type TLearnerConsent = z.infer<typeof ZLearnerConsent>;

/** GET /api/school/learners/:id/consents: the status and the whole history, newest first. */
export const ZLearnerConsents = z.object({
  status: z.enum(LEARNER_CONSENT_STATUSES),
  policyVersion: z.string(),
  consents: z.array(ZLearnerConsent),
});
export type TLearnerConsents = z.infer<typeof ZLearnerConsents>;

/** One of the signed-in guardian's children on the parent dashboard's consent card. */
const ZChildConsent = z.object({
  learnerId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  preferredName: z.string(),
  schoolName: z.string(),
  status: z.enum(LEARNER_CONSENT_STATUSES),
  /** This guardian's own standing consent for the current version, which they may withdraw. */
  mine: z.object({ id: z.string(), givenAt: z.string(), method: z.enum(LEARNER_CONSENT_METHODS) }).nullable(),
  /** Another guardian's standing consent for the current version, when this guardian has none. */
  givenByOther: z.object({ guardianName: z.string(), givenAt: z.string() }).nullable(),
});
export type TChildConsent = z.infer<typeof ZChildConsent>;
export const ZMyChildrenConsents = z.object({ policyVersion: z.string(), children: z.array(ZChildConsent) });
export type TMyChildrenConsents = z.infer<typeof ZMyChildrenConsents>;

/** What a guardian consents to, shown above the checkbox (and the same words on the paper form). */
export function learnerConsentText(childName: string, schoolName: string): string {
  const child = childName.trim() || 'my child';
  const school = schoolName.trim() || 'the school';
  return (
    `I am a parent or legal guardian of ${child}. I consent to ${school} and Sekolo processing ${child}'s ` +
    `personal information (name, date of birth, identity number, home language and address, class and grade, ` +
    `attendance, timetable, school work and any medical notes) to run ${child}'s schooling and keep me informed, ` +
    `as the privacy policy describes. Only the school staff who need it and ${child}'s own parents or guardians ` +
    `see it, and every time staff open or export ${child}'s record it is logged. I may withdraw this consent at ` +
    `any time on my parent dashboard or by telling the school.`
  );
}
