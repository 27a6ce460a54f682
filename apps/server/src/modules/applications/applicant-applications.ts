import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { stepTitleFor, stepTotalFor } from '@sekolo/shared/constants/registration';
import {
  APPLICATION_MESSAGES,
  MAX_STEP_DRAFT_BYTES,
  PAID_APPLICATION_TYPES,
  applicationName,
  isApplicationType,
  type TApplicationType,
  type TSaveApplicationDraft,
} from '@sekolo/shared/schemas/applications';
import { missingRegistrationSteps, validateRegistrationStep } from '@sekolo/shared/schemas/registration/index';
import type { AppDeps } from '../../platform/http/app-types.ts';
import type { DbExecutor } from '../../platform/db/client.ts';
import { applications, guardianConsents, type TStepData } from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import type { TSessionUser } from '../../platform/auth/guards.ts';
import { findPaidRegistrationOrder } from '../payments/index.ts';
import { assertUploadsOwnedBy } from '../uploads/index.ts';
import { guardianConsentMail, submittedMail } from './application-mails.ts';
import { toApplicantView, type TApplicationRow } from './application-view.ts';
import { childAndShopOf, guardianOf, referencedFiles } from './step-data.ts';

type TDeps = Pick<AppDeps, 'database' | 'mailer' | 'config'>;

/** Days a guardian has to confirm consent. */
export const GUARDIAN_CONSENT_DAYS = 14;

const EDITABLE = new Set(['draft', 'changes_requested']);

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** An applicant applying for one of the reviewed types; anyone else is refused. */
export function assertApplicant(user: TSessionUser): TApplicationType {
  if (user.status !== 'applicant') throw forbidden(APPLICATION_MESSAGES.notApplicant);
  if (!isApplicationType(user.role)) throw forbidden(APPLICATION_MESSAGES.notApplicationType);
  return user.role;
}

export async function findApplicationOfUser(db: DbExecutor, userId: string): Promise<TApplicationRow | null> {
  const [row] = await db.select().from(applications).where(eq(applications.userId, userId));
  return row ?? null;
}

/**
 * Validates each step given with the registry's schemas and answers what they parse to (the
 * stored form); 400 with the first message and every field keyed '<step>.<path>'.
 */
function assertStepsValid(userType: string, stepData: Record<string, unknown>): TStepData {
  const fields: Record<string, string> = {};
  const parsed: TStepData = {};
  let message: string | null = null;
  for (const [step, data] of Object.entries(stepData).sort(([a], [b]) => Number(a) - Number(b))) {
    const result = validateRegistrationStep(userType, Number(step), data);
    if (result.success) parsed[step] = result.data as Record<string, unknown>;
    else {
      message ??= result.message;
      for (const [key, value] of Object.entries(result.fields)) fields[`${step}.${key}`] = value;
    }
  }
  if (message) throw badRequest(message, fields);
  return parsed;
}

/** Drafts without the steps named in `steps`. */
function withoutDrafts(drafts: TStepData, steps: readonly string[]): TStepData {
  return Object.fromEntries(Object.entries(drafts).filter(([step]) => !steps.includes(step)));
}

/**
 * PUT /api/applications/me: the wizard's draft after every step, merged by step number. A step
 * completed here drops its unfinished draft (the completed values are the newer ones).
 */
export async function saveApplicationDraft(deps: TDeps, user: TSessionUser, input: TSaveApplicationDraft) {
  const userType = assertApplicant(user);
  const total = stepTotalFor(userType);
  if (input.currentStep > total)
    throw badRequest(`Invalid step ${input.currentStep}`, { currentStep: `Invalid step ${input.currentStep}` });
  const parsed = assertStepsValid(userType, input.stepData);
  return deps.database.db.transaction((tx) =>
    changeApplication(tx, user.id, { userType, currentStep: input.currentStep, stepData: parsed }, (current) => ({
      currentStep: input.currentStep,
      stepData: { ...current.stepData, ...parsed },
      stepDrafts: withoutDrafts(current.stepDrafts, Object.keys(parsed)),
      updatedAt: new Date(),
    })),
  );
}

/**
 * The applicant's application changed by `change` under its row lock, or, when there is none yet,
 * made with `first`; a concurrent first save that won the insert is locked and changed instead.
 * Refused once the application is no longer editable (submitted, decided).
 */
async function changeApplication(
  tx: DbExecutor,
  userId: string,
  first: Omit<typeof applications.$inferInsert, 'userId'>,
  change: (current: TApplicationRow) => Partial<typeof applications.$inferInsert>,
) {
  const lock = async () =>
    (await tx.select().from(applications).where(eq(applications.userId, userId)).for('update'))[0];
  let current = await lock();
  if (!current) {
    const [created] = await tx
      .insert(applications)
      .values({ userId, ...first })
      .onConflictDoNothing({ target: applications.userId })
      .returning();
    if (created) return toApplicantView(created);
    current = (await lock())!;
  }
  if (!EDITABLE.has(current.status)) throw conflict(APPLICATION_MESSAGES.locked);
  const [updated] = await tx
    .update(applications)
    .set(change(current))
    .where(eq(applications.userId, userId))
    .returning();
  return toApplicantView(updated!);
}

/**
 * PUT /api/applications/me/drafts/:step: the unfinished step's form values as the applicant left
 * them, saved while they type and right after each upload, so a reload or another device finds
 * them. Replaces that step's earlier draft (a retry saves the same). The step's schema is not
 * applied (that waits for the step's completion), but every file it names must be a live upload
 * of the applicant's, and the draft is bounded in size. Leaves `currentStep` and `updatedAt` (the
 * last completed step) alone; creates the application on the first save.
 */
export async function saveStepDraft(
  deps: TDeps,
  user: TSessionUser,
  input: { step: number; values: Record<string, unknown> },
) {
  const userType = assertApplicant(user);
  const total = stepTotalFor(userType);
  if (input.step > total) throw badRequest(`Invalid step ${input.step}`, { step: `Invalid step ${input.step}` });
  let nul = false;
  const json = JSON.stringify(input.values, (name, value: unknown) => {
    // PostgreSQL's jsonb cannot hold U+0000, in a value or a name.
    if (name.includes('\0') || (typeof value === 'string' && value.includes('\0'))) nul = true;
    return value;
  });
  if (Buffer.byteLength(json) > MAX_STEP_DRAFT_BYTES) {
    throw new AppError(413, 'DRAFT_TOO_LARGE', APPLICATION_MESSAGES.draftTooLarge);
  }
  if (nul) throw badRequest(APPLICATION_MESSAGES.draftUnreadable);
  const key = String(input.step);
  return deps.database.db.transaction(async (tx) => {
    const files = referencedFiles({ [key]: input.values });
    if (files.length)
      await assertUploadsOwnedBy(
        tx,
        user.id,
        files.map((f) => f.id),
      );
    return changeApplication(
      tx,
      user.id,
      { userType, currentStep: input.step, stepDrafts: { [key]: input.values } },
      (current) => ({ stepDrafts: { ...current.stepDrafts, [key]: input.values } }),
    );
  });
}

/**
 * POST /api/applications/me/submit (applications contract). The row lock makes repeated and
 * concurrent submits wait for each other; only the one that moves the application to 'submitted'
 * records it and sends mail, the others answer the same application.
 */
export async function submitApplication(
  deps: TDeps,
  user: TSessionUser,
  input: { idempotencyKey: string; ip: string | null },
) {
  const userType = assertApplicant(user);
  const application = await transaction(deps.database.db, async (tx): Promise<TApplicationRow> => {
    const [row] = await tx.select().from(applications).where(eq(applications.userId, user.id)).for('update');
    if (!row) throw notFound(APPLICATION_MESSAGES.noApplication);
    // Already submitted (or decided), or a replay of the key that submitted it: the same answer.
    if (!EDITABLE.has(row.status) || row.submissionKey === input.idempotencyKey) return row;

    assertStepsValid(userType, row.stepData);
    const [missing] = missingRegistrationSteps(userType, row.stepData);
    if (missing !== undefined) {
      const message = APPLICATION_MESSAGES.stepMissing(missing, stepTitleFor(userType, missing) ?? `Step ${missing}`);
      throw badRequest(message, { [String(missing)]: message });
    }
    const files = referencedFiles(row.stepData);
    if (files.length) await assertUploadsOwnedBy(tx, user.id, [...new Set(files.map((f) => f.id))]);
    if (
      (PAID_APPLICATION_TYPES as readonly string[]).includes(userType) &&
      !(await findPaidRegistrationOrder(tx, user.id))
    ) {
      throw new AppError(402, 'PAYMENT_REQUIRED', APPLICATION_MESSAGES.paymentRequired);
    }

    const now = new Date();
    const [submitted] = await tx
      .update(applications)
      .set({
        status: 'submitted',
        submittedAt: now,
        submissionKey: input.idempotencyKey,
        // What is submitted is step_data; unfinished edits are void once it is locked.
        stepDrafts: {},
        decidedBy: null,
        decidedAt: null,
        decisionReason: null,
        updatedAt: now,
      })
      .where(eq(applications.id, row.id))
      .returning();

    let consentToken: string | null = null;
    const guardian = userType === 'young_entrepreneur' ? guardianOf(row.stepData) : null;
    if (guardian) {
      consentToken = randomBytes(32).toString('base64url');
      await tx.insert(guardianConsents).values({
        applicationId: row.id,
        tokenHash: hashToken(consentToken),
        guardianName: guardian.name,
        guardianEmail: guardian.email,
        relation: guardian.relation,
        expiresAt: new Date(now.getTime() + GUARDIAN_CONSENT_DAYS * 24 * 60 * 60 * 1000),
      });
    }
    await recordAudit(tx, {
      action: 'application.submitted',
      actorUserId: user.id,
      target: `application:${row.id}`,
      ip: input.ip,
      details: {
        userType,
        resubmission: row.status === 'changes_requested',
        guardianConsentRequested: Boolean(guardian),
      },
    });
    const mails = [submittedMail(user, { userType, name: applicationName(submitted!.stepData), reference: row.id })];
    if (consentToken && guardian) {
      const { childName, shopName } = childAndShopOf(submitted!.stepData, user.name);
      mails.push(
        guardianConsentMail({
          guardianEmail: guardian.email,
          guardianName: guardian.name,
          childName,
          shopName,
          url: `${deps.config.publicUrl}/guardian-consent?token=${consentToken}`,
        }),
      );
    }
    // The submission and its e-mails (the guardian's consent request among them) commit together.
    await deps.mailer.sendMany(mails, { within: tx });
    return submitted!;
  });
  return toApplicantView(application);
}
