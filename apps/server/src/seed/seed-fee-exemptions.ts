import { and, eq, sql } from 'drizzle-orm';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import {
  feeExemptionApplications,
  feeExemptions,
  feeStructures,
  learners,
  users,
} from '../platform/db/schema/index.ts';
import { rowsOf } from '../platform/db/client.ts';
import { uploadTestFile } from '../test/factories/applications.ts';
import { findDemoSchoolId } from './demo-school.ts';
import type { TSeeder } from './seeder.ts';

/** The family whose exemption application waits for the school's decision; the learner exempted automatically (seed-finance). */
const PENDING = 'DHS-0011';
const AUTOMATIC = 'DHS-0009';

/**
 * Fee exemptions at Demo High (a public school): a family's application for a partial exemption
 * waiting for the accountant's decision (captured at the bursar's office, with a payslip), and
 * the child support grant exemption the school recorded as automatic, with the SASSA letter.
 * Runs after the school's fees (seed-finance); once: a school with an application is left alone.
 */
export const seedFeeExemptions: TSeeder = async ({ database, config }) => {
  const { db } = database;
  const schoolId = await findDemoSchoolId(db);
  if (!schoolId) return [];
  const [structure] = await db
    .select({ id: feeStructures.id })
    .from(feeStructures)
    .where(eq(feeStructures.organizationId, schoolId))
    .limit(1);
  if (!structure) return [];
  const [done] = await db
    .select({ id: feeExemptionApplications.id })
    .from(feeExemptionApplications)
    .where(eq(feeExemptionApplications.organizationId, schoolId))
    .limit(1);
  if (done) return [];
  const [accountant] = await db.select().from(users).where(eq(users.email, 'accountant@demo-school.sekolo.test'));
  if (!accountant) return [];
  const year = Number(schoolToday().slice(0, 4));
  const byAdmission = async (admission: string) =>
    (
      await db
        .select()
        .from(learners)
        .where(and(eq(learners.organizationId, schoolId), eq(learners.admissionNumber, admission)))
    )[0];

  const pending = await byAdmission(PENDING);
  if (pending) {
    const payslip = await uploadTestFile(db, config, accountant, 'payslip-and-affidavit.pdf');
    const [fees] = rowsOf<{ total: string | null }>(
      await db.execute(sql`SELECT sum(i.amount_cents) AS total FROM fee_items i JOIN fee_structures s ON s.id = i.structure_id
        WHERE s.organization_id = ${schoolId}::uuid AND s.year = ${year} AND s.grade = ${pending.grade} AND i.kind <> 'optional'`),
    );
    await db.insert(feeExemptionApplications).values({
      organizationId: schoolId,
      learnerId: pending.id,
      applicantUserId: null,
      year,
      requestedExtent: 'partial',
      annualIncomeCents: 168_000_00,
      annualFeesCents: Number(fees?.total ?? 0),
      dependants: 4,
      notes:
        'Paper application handed in at the bursar’s office: the mother works as a domestic worker, the father lost his job at the mine in March.',
      documentIds: [payslip.id],
    });
  }

  const automatic = await byAdmission(AUTOMATIC);
  if (automatic) {
    const letter = await uploadTestFile(db, config, accountant, 'sassa-child-support-grant-letter.pdf');
    await db
      .update(feeExemptions)
      .set({ automatic: true, documentIds: [letter.id] })
      .where(
        and(
          eq(feeExemptions.organizationId, schoolId),
          eq(feeExemptions.learnerId, automatic.id),
          eq(feeExemptions.category, 'social_grant'),
        ),
      );
  }
  return [];
};
