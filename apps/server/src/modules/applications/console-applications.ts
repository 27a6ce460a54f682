import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  APPLICATION_MESSAGES,
  applicationName,
  applicationStatusLabel,
  type TConsoleApplicationDetail,
  type TConsoleApplicationList,
  type TConsoleApplicationsQuery,
  type ZConsoleApplicationsQuery,
} from '@sekolo/shared/schemas/applications';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/http/app-types.ts';
import type { DbExecutor } from '../../platform/db/client.ts';
import { applications, guardianConsents, organizations, users } from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import type { TMailMessage } from '../../platform/mail/mailer.ts';
import { ensureOrganizationWithMember, slugify, type TOrganizationType } from '../../platform/tenancy/organizations.ts';
import {
  attachSubscriptionToOrganization,
  findSubscription,
  packageById,
  registrationPaymentOf,
} from '../payments/index.ts';
import { attachUploadsToOrganization } from '../uploads/index.ts';
import { approvedMail, changesRequestedMail, rejectedMail } from './application-mails.ts';
import { toApplicationView } from './application-view.ts';
import { referencedFiles, stepsOf } from './step-data.ts';

type TDeps = Pick<AppDeps, 'database' | 'mailer' | 'config'>;

/** The organisation an approval creates for each application type. */
export const ORGANIZATION_TYPE_BY_APPLICATION: Record<string, TOrganizationType> = {
  school_admin: 'school',
  business_partner: 'business',
  charity: 'charity',
  young_entrepreneur: 'shop',
};

const applicantColumns = { id: users.id, name: users.name, email: users.email };

/** GET /api/console/applications: the review queue, oldest submission first, by page. */
export async function listConsoleApplications(
  db: DbExecutor,
  query: z.output<typeof ZConsoleApplicationsQuery>,
): Promise<TConsoleApplicationList> {
  const filters: SQL[] = [];
  if (query.type) filters.push(eq(applications.userType, query.type));
  if (query.status !== 'all') filters.push(eq(applications.status, query.status));
  const where = filters.length ? and(...filters) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(applications).where(where);
  const rows = await db
    .select({ application: applications, applicant: applicantColumns })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(where)
    .orderBy(sql`${applications.submittedAt} asc nulls last`, asc(applications.createdAt), asc(applications.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: rows.map(({ application, applicant }) => ({
      id: application.id,
      userType: application.userType,
      status: application.status,
      name: applicationName(application.stepData),
      applicant,
      submittedAt: application.submittedAt?.toISOString() ?? null,
      updatedAt: application.updatedAt.toISOString(),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
export type { TConsoleApplicationsQuery };

/** GET /api/console/applications/:id: every field by step, the documents, the guardian consent. */
export async function getConsoleApplication(
  db: DbExecutor,
  input: { id: string; actorUserId: string; ip: string | null },
): Promise<TConsoleApplicationDetail> {
  const [found] = await db
    .select({
      application: applications,
      applicant: { ...applicantColumns, firstName: users.firstName, lastName: users.lastName, status: users.status },
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(eq(applications.id, input.id));
  if (!found) throw notFound(APPLICATION_MESSAGES.notFound);
  const { application: row, applicant } = found;
  const [decidedBy] = row.decidedBy
    ? await db.select(applicantColumns).from(users).where(eq(users.id, row.decidedBy))
    : [];
  const [organization] = row.organizationId
    ? await db
        .select({ id: organizations.id, name: organizations.name, type: organizations.type })
        .from(organizations)
        .where(eq(organizations.id, row.organizationId))
    : [];
  const [consent] = await db
    .select()
    .from(guardianConsents)
    .where(eq(guardianConsents.applicationId, row.id))
    .orderBy(desc(guardianConsents.createdAt))
    .limit(1);
  if (row.userType === 'young_entrepreneur') {
    // Reads of a child's record are audited.
    await recordAudit(db, {
      action: 'application.viewed',
      actorUserId: input.actorUserId,
      target: `application:${row.id}`,
      ip: input.ip,
      details: { userType: row.userType },
    });
  }
  const payment = await registrationPaymentOf(db, row.userId);
  const subscription =
    row.userType === 'school_admin'
      ? await findSubscription(db, { organizationId: row.organizationId, userId: row.userId })
      : null;
  return {
    application: {
      ...toApplicationView(row),
      payment: { ...payment, at: payment.at?.toISOString() ?? null },
      subscription: subscription
        ? {
            packageId: subscription.packageId,
            packageName: packageById(subscription.packageId)?.name ?? subscription.packageId,
            status: subscription.status,
            amountCents: subscription.amountCents,
            nextBillingDate: subscription.nextBillingDate,
            cancelAt: subscription.cancelAt,
          }
        : null,
      applicant,
      decidedBy: decidedBy ?? null,
      organization: organization ?? null,
      submissionKey: row.submissionKey,
      name: applicationName(row.stepData),
      steps: stepsOf(row.userType, row.stepData),
      documents: referencedFiles(row.stepData).map((file) => ({ ...file, url: `/api/uploads/${file.id}` })),
      guardianConsent: consent
        ? {
            guardianName: consent.guardianName,
            guardianEmail: consent.guardianEmail,
            relation: consent.relation,
            requestedAt: consent.createdAt.toISOString(),
            consentedAt: consent.consentedAt?.toISOString() ?? null,
          }
        : null,
    },
  };
}

export type TDecision =
  { action: 'approve' } | { action: 'reject'; reason: string } | { action: 'request_changes'; reason: string };

/** The package a school applicant chose in the wizard's Package Selection step. */
function chosenPackageId(stepData: Record<string, Record<string, unknown>>): string | null {
  const packageId = stepData['2']?.packageId;
  return typeof packageId === 'string' ? packageId : null;
}

/** A free slug for a new organisation: the name's, or with a short suffix when it is taken. */
async function freeSlug(db: DbExecutor, name: string, applicationId: string): Promise<string> {
  const base = slugify(name);
  const [taken] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, base));
  return taken ? `${base.slice(0, 51)}-${applicationId.slice(0, 8)}` : base;
}

/**
 * Approve, reject or request changes. Only a submitted application can be decided (409
 * otherwise). The decision, the organisation and member on approval, the account's activation and
 * the audit events and the applicant's e-mail commit together; SMTP delivers the mail after the commit.
 */
export async function decideApplication(
  deps: TDeps,
  input: { id: string; decision: TDecision; actorUserId: string; ip: string | null },
) {
  const { decision } = input;
  const row = await transaction(deps.database.db, async (tx) => {
    const [found] = await tx.select().from(applications).where(eq(applications.id, input.id)).for('update');
    if (!found) throw notFound(APPLICATION_MESSAGES.notFound);
    if (found.status !== 'submitted')
      throw conflict(APPLICATION_MESSAGES.notSubmitted(applicationStatusLabel(found.status)));
    const [applicant] = await tx
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        firstName: users.firstName,
        role: users.role,
        status: users.status,
      })
      .from(users)
      .where(eq(users.id, found.userId))
      .for('update');
    if (!applicant) throw notFound(APPLICATION_MESSAGES.notFound);
    const now = new Date();
    let mail: TMailMessage;
    let organizationId: string | null = null;

    if (decision.action === 'approve') {
      if (found.userType === 'young_entrepreneur') {
        const [consent] = await tx
          .select({ consentedAt: guardianConsents.consentedAt })
          .from(guardianConsents)
          .where(eq(guardianConsents.applicationId, found.id))
          .orderBy(desc(guardianConsents.consentedAt))
          .limit(1);
        if (!consent?.consentedAt) throw conflict(APPLICATION_MESSAGES.guardianConsentMissing);
      }
      const type = ORGANIZATION_TYPE_BY_APPLICATION[found.userType] ?? 'business';
      const name = applicationName(found.stepData) || applicant.name;
      organizationId = await ensureOrganizationWithMember(tx, {
        name,
        type,
        slug: await freeSlug(tx, name, found.id),
        userId: applicant.id,
        role: found.userType,
      });
      await tx
        .update(users)
        .set({ role: found.userType, status: 'active', updatedAt: now })
        .where(eq(users.id, applicant.id));
      // The submitted documents become the organisation's registration record: its admins may read them.
      await attachUploadsToOrganization(tx, {
        ownerUserId: applicant.id,
        organizationId,
        ids: referencedFiles(found.stepData).map((file) => file.id),
      });
      // The school gets the package its wizard chose: the subscription set up at checkout, else one
      // started now; the first charge falls due 14 days from today.
      if (found.userType === 'school_admin')
        await attachSubscriptionToOrganization(tx, {
          userId: applicant.id,
          organizationId,
          packageId: chosenPackageId(found.stepData),
        });
      await recordAudit(tx, {
        action: 'user.role_changed',
        actorUserId: input.actorUserId,
        target: `user:${applicant.id}`,
        ip: input.ip,
        details: {
          fromRole: applicant.role,
          toRole: found.userType,
          fromStatus: applicant.status,
          toStatus: 'active',
          reason: 'application approved',
        },
      });
      await recordAudit(tx, {
        action: 'organization.created',
        actorUserId: input.actorUserId,
        target: `organization:${organizationId}`,
        ip: input.ip,
        details: { name, type, applicationId: found.id, adminUserId: applicant.id },
      });
      mail = approvedMail(applicant, { organizationName: name, loginUrl: `${deps.config.publicUrl}/login` });
    } else if (decision.action === 'reject') {
      mail = rejectedMail(applicant, { reason: decision.reason, contactUrl: `${deps.config.publicUrl}/contact` });
    } else {
      mail = changesRequestedMail(applicant, {
        reason: decision.reason,
        wizardUrl: `${deps.config.publicUrl}/registration-steps`,
      });
    }

    const status =
      decision.action === 'approve' ? 'approved' : decision.action === 'reject' ? 'rejected' : 'changes_requested';
    const reason = decision.action === 'approve' ? null : decision.reason;
    const [updated] = await tx
      .update(applications)
      .set({
        status,
        decidedBy: input.actorUserId,
        decidedAt: now,
        decisionReason: reason,
        ...(organizationId ? { organizationId } : {}),
        updatedAt: now,
      })
      .where(eq(applications.id, found.id))
      .returning();
    await recordAudit(tx, {
      action: `application.${status}`,
      actorUserId: input.actorUserId,
      target: `application:${found.id}`,
      ip: input.ip,
      details: {
        userType: found.userType,
        applicantUserId: applicant.id,
        ...(reason ? { reason } : {}),
        ...(organizationId ? { organizationId } : {}),
      },
    });
    // The decision and its e-mail commit together (the outbox pattern): no decision goes unannounced.
    await deps.mailer.send(mail, { within: tx });
    return updated!;
  });
  return toApplicationView(row);
}
