import { and, eq, inArray } from 'drizzle-orm';
import { PRIVACY_POLICY_VERSION } from '@sekolo/shared/constants/privacy';
import { guardians, learnerConsents, learnerGuardians, learners, users } from '../platform/db/schema/index.ts';
import { findDemoSchoolId } from './demo-school.ts';
import type { TSeeder } from './seeder.ts';

/**
 * Guardians who signed the school's paper consent form (phone only: no account, no e-mail, so no
 * mail of the attendance module reaches them). DHS-0002 is left alone: the school e2e spec links
 * its own guardian there. The last one's consent was withdrawn, to show a history.
 */
const PAPER_FAMILIES: { admissionNumber: string; firstName: string; phone: string; relation: string }[] = [
  { admissionNumber: 'DHS-0003', firstName: 'Nomsa', phone: '082 555 0303', relation: 'parent' },
  { admissionNumber: 'DHS-0004', firstName: 'Johannes', phone: '082 555 0404', relation: 'parent' },
  { admissionNumber: 'DHS-0005', firstName: 'Fatima', phone: '082 555 0505', relation: 'parent' },
  { admissionNumber: 'DHS-0006', firstName: 'Bongani', phone: '082 555 0606', relation: 'guardian' },
  { admissionNumber: 'DHS-0007', firstName: 'Elsabe', phone: '082 555 0707', relation: 'parent' },
  { admissionNumber: 'DHS-0008', firstName: 'Priya', phone: '082 555 0808', relation: 'parent' },
  { admissionNumber: 'DHS-0009', firstName: 'Zodwa', phone: '082 555 0909', relation: 'grandparent' },
  { admissionNumber: 'DHS-0010', firstName: 'Willem', phone: '082 555 1010', relation: 'parent' },
];
const WITHDRAWN = 'DHS-0010';

/** A day after the policy's publication and no later than now, `days` before now. */
function daysAgo(days: number, now = new Date()): Date {
  const at = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const published = new Date(`${PRIVACY_POLICY_VERSION}T12:00:00+02:00`);
  return at < published ? (published < now ? published : now) : at;
}

/**
 * Guardians' consents of the demo school: the demo parent consented online for Kabelo
 * (DHS-0001); eight families signed paper forms the admin recorded, one since withdrawn; the other
 * learners have none yet, so the overview and the learner list show who still lacks one. Safe to
 * run again: a learner who has any consent row is left as it is.
 */
export const seedConsents: TSeeder = async ({ database }) => {
  const { db } = database;
  const schoolId = await findDemoSchoolId(db);
  if (!schoolId) return [];
  await db.transaction(async (tx) => {
    const [admin] = await tx.select().from(users).where(eq(users.email, 'admin@demo-school.sekolo.test'));
    const [parent] = await tx.select().from(users).where(eq(users.email, 'parent@demo-school.sekolo.test'));
    const rows = await tx
      .select({ id: learners.id, admissionNumber: learners.admissionNumber, lastName: learners.lastName })
      .from(learners)
      .where(
        and(
          eq(learners.organizationId, schoolId),
          inArray(learners.admissionNumber, ['DHS-0001', ...PAPER_FAMILIES.map((f) => f.admissionNumber)]),
        ),
      );
    const consented = new Set(
      (
        await tx
          .select({ learnerId: learnerConsents.learnerId })
          .from(learnerConsents)
          .where(
            inArray(
              learnerConsents.learnerId,
              rows.map((r) => r.id),
            ),
          )
      ).map((r) => r.learnerId),
    );

    // Kabelo: his parent (the demo parent login, linked by seed-school.ts) consented online.
    const kabelo = rows.find((r) => r.admissionNumber === 'DHS-0001');
    if (kabelo && parent && !consented.has(kabelo.id)) {
      const [guardian] = await tx
        .select({ id: guardians.id, firstName: guardians.firstName, lastName: guardians.lastName })
        .from(guardians)
        .innerJoin(learnerGuardians, eq(learnerGuardians.guardianId, guardians.id))
        .where(and(eq(learnerGuardians.learnerId, kabelo.id), eq(guardians.userId, parent.id)));
      if (guardian) {
        await tx.insert(learnerConsents).values({
          organizationId: schoolId,
          learnerId: kabelo.id,
          guardianId: guardian.id,
          guardianName: `${guardian.firstName} ${guardian.lastName}`,
          method: 'online',
          policyVersion: PRIVACY_POLICY_VERSION,
          recordedBy: parent.id,
          givenAt: daysAgo(12),
        });
      }
    }

    for (const [i, family] of PAPER_FAMILIES.entries()) {
      const learner = rows.find((r) => r.admissionNumber === family.admissionNumber);
      if (!learner || consented.has(learner.id)) continue;
      const [existing] = await tx
        .select({ id: guardians.id })
        .from(guardians)
        .where(
          and(
            eq(guardians.organizationId, schoolId),
            eq(guardians.firstName, family.firstName),
            eq(guardians.lastName, learner.lastName),
            eq(guardians.phone, family.phone),
          ),
        );
      const guardianId =
        existing?.id ??
        (
          await tx
            .insert(guardians)
            .values({
              organizationId: schoolId,
              firstName: family.firstName,
              lastName: learner.lastName,
              phone: family.phone,
            })
            .returning({ id: guardians.id })
        )[0]!.id;
      await tx
        .insert(learnerGuardians)
        .values({ organizationId: schoolId, learnerId: learner.id, guardianId, relation: family.relation })
        .onConflictDoNothing();
      const givenAt = daysAgo(20 - i);
      const withdrawn = family.admissionNumber === WITHDRAWN;
      await tx.insert(learnerConsents).values({
        organizationId: schoolId,
        learnerId: learner.id,
        guardianId,
        guardianName: `${family.firstName} ${learner.lastName}`,
        method: 'paper',
        policyVersion: PRIVACY_POLICY_VERSION,
        recordedBy: admin?.id ?? null,
        givenAt,
        withdrawnAt: withdrawn ? daysAgo(2) : null,
        withdrawnBy: withdrawn ? (admin?.id ?? null) : null,
      });
    }
  });
  return [];
};
