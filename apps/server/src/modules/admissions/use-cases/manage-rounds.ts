import { and, desc, eq, gte, lte } from 'drizzle-orm';
import {
  ADMISSION_MESSAGES as M,
  gradeName,
  type TAdmissionRound,
  type TAdmissionRoundValues,
} from '@sekolo/shared/schemas/admissions';
import { gradeToNumber } from '@sekolo/shared/schemas/school';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { Database } from '../../../platform/db/client.ts';
import { admissionRoundGrades, admissionRounds, organizations } from '../../../platform/db/schema/index.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { conflict, notFound } from '../../../platform/http/errors.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { publicRoundView, roundGrades, roundView } from '../lib/views.ts';

/** The school's public admissions page: /schools/<slug>/admissions (the slug never changes). */
export const publicAdmissionsPath = (slug: string) => `/schools/${slug}/admissions`;

export async function listRounds(db: Database, organizationId: string) {
  const rows = await db
    .select()
    .from(admissionRounds)
    .where(eq(admissionRounds.organizationId, organizationId))
    .orderBy(desc(admissionRounds.year), desc(admissionRounds.opensOn));
  const grades = await roundGrades(
    db,
    rows.map((r) => r.id),
  );
  const [school] = await db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return {
    rounds: rows.map((row) => roundView(row, grades.get(row.id) ?? [])),
    publicPath: publicAdmissionsPath(school!.slug),
  };
}

async function roundOf(db: Database, organizationId: string, roundId: string): Promise<TAdmissionRound> {
  const [row] = await db
    .select()
    .from(admissionRounds)
    .where(and(eq(admissionRounds.id, roundId), eq(admissionRounds.organizationId, organizationId)));
  if (!row) throw notFound(M.roundNotFound);
  return roundView(row, (await roundGrades(db, [row.id])).get(row.id) ?? []);
}

function columns(values: TAdmissionRoundValues) {
  return {
    name: values.name,
    year: values.year,
    opensOn: values.opensOn,
    closesOn: values.closesOn,
    questions: values.questions,
    documents: values.documents,
    offerDays: values.offerDays,
    retentionDays: values.retentionDays,
  };
}

export async function createRound(db: Database, ctx: TSchoolContext, values: TAdmissionRoundValues) {
  const id = await transaction(db, async (tx) => {
    const [row] = await tx
      .insert(admissionRounds)
      .values({ ...columns(values), organizationId: ctx.organizationId, createdBy: ctx.user.id })
      .returning({ id: admissionRounds.id });
    await tx.insert(admissionRoundGrades).values(
      values.grades.map((g) => ({
        roundId: row!.id,
        organizationId: ctx.organizationId,
        grade: gradeToNumber(g.grade),
        places: g.places,
      })),
    );
    await recordAudit(tx, {
      action: 'admission.round_created',
      actorUserId: ctx.user.id,
      target: `admission_round:${row!.id}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, year: values.year },
    });
    return row!.id;
  });
  return roundOf(db, ctx.organizationId, id);
}

/**
 * Changes a round. A grade's places never drop below the places already held (offers, accepted,
 * enrolled); a grade with applications stays in the round. The grade rows are locked first, as an
 * offer locks them.
 */
export async function updateRound(db: Database, ctx: TSchoolContext, roundId: string, values: TAdmissionRoundValues) {
  await transaction(db, async (tx) => {
    const [row] = await tx
      .select({ id: admissionRounds.id })
      .from(admissionRounds)
      .where(and(eq(admissionRounds.id, roundId), eq(admissionRounds.organizationId, ctx.organizationId)))
      .for('update');
    if (!row) throw notFound(M.roundNotFound);
    await tx.select().from(admissionRoundGrades).where(eq(admissionRoundGrades.roundId, roundId)).for('update');
    const current = (await roundGrades(tx, [roundId])).get(roundId) ?? [];
    for (const g of current) {
      const next = values.grades.find((x) => x.grade === g.grade);
      if (!next && g.applications > 0)
        throw conflict(`${gradeName(g.grade)} has applications, so it stays in the round.`);
      if (next && next.places < g.held)
        throw conflict(
          `${gradeName(g.grade)} already has ${g.held} places offered or taken; it needs at least that many.`,
        );
    }
    await tx
      .update(admissionRounds)
      .set({ ...columns(values), updatedAt: new Date() })
      .where(eq(admissionRounds.id, roundId));
    await tx.delete(admissionRoundGrades).where(eq(admissionRoundGrades.roundId, roundId));
    await tx.insert(admissionRoundGrades).values(
      values.grades.map((g) => ({
        roundId,
        organizationId: ctx.organizationId,
        grade: gradeToNumber(g.grade),
        places: g.places,
      })),
    );
    await recordAudit(tx, {
      action: 'admission.round_updated',
      actorUserId: ctx.user.id,
      target: `admission_round:${roundId}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId },
    });
  });
  return roundOf(db, ctx.organizationId, roundId);
}

/** A school's rounds open today (or opening later), for its public page. */
export async function publicRounds(db: Database, slug: string) {
  const [school] = await db
    .select({ id: organizations.id, name: organizations.name, slug: organizations.slug })
    .from(organizations)
    .where(and(eq(organizations.slug, slug), eq(organizations.type, 'school'), eq(organizations.status, 'active')));
  if (!school) throw notFound(M.schoolNotFound);
  const today = todayInSouthAfrica();
  const rows = await db
    .select()
    .from(admissionRounds)
    .where(
      and(
        eq(admissionRounds.organizationId, school.id),
        gte(admissionRounds.closesOn, today),
        lte(admissionRounds.opensOn, today),
      ),
    )
    .orderBy(desc(admissionRounds.year));
  const grades = await db.select().from(admissionRoundGrades).where(eq(admissionRoundGrades.organizationId, school.id));
  return {
    school: { name: school.name, slug: school.slug },
    rounds: rows.map((row) =>
      publicRoundView(
        row,
        grades.filter((g) => g.roundId === row.id).sort((a, b) => a.grade - b.grade),
      ),
    ),
  };
}
