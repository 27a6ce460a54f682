import { and, asc, eq } from 'drizzle-orm';
import { defaultSchoolCalendar } from '@sekolo/shared/constants/school-calendar';
import type { TSchoolYearTerms, TTermsInput } from '@sekolo/shared/schemas/timetable';
import type { Database, DbExecutor } from '../../../platform/db/client.ts';
import { schoolTerms } from '../../../platform/db/schema/index.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';

/** The school's own term dates for a year, else the SA calendar's (constants/school-calendar.ts). */
export async function getTerms(db: DbExecutor, organizationId: string, year: number): Promise<TSchoolYearTerms> {
  const rows = await db
    .select({ term: schoolTerms.term, startsOn: schoolTerms.startsOn, endsOn: schoolTerms.endsOn })
    .from(schoolTerms)
    .where(and(eq(schoolTerms.organizationId, organizationId), eq(schoolTerms.year, year)))
    .orderBy(asc(schoolTerms.term));
  if (rows.length === 4) {
    return { year, provisional: false, source: 'school', terms: rows };
  }
  const fallback = defaultSchoolCalendar(year);
  return fallback
    ? { ...fallback, terms: [...fallback.terms], source: 'default' }
    : { year, provisional: false, terms: [], source: 'none' };
}

/** The admin's term dates for a year replace the default (one transaction, audited). */
export async function saveTerms(db: Database, ctx: TSchoolContext, input: TTermsInput): Promise<TSchoolYearTerms> {
  await db.transaction(async (tx) => {
    await tx
      .delete(schoolTerms)
      .where(and(eq(schoolTerms.organizationId, ctx.organizationId), eq(schoolTerms.year, input.year)));
    await tx
      .insert(schoolTerms)
      .values(input.terms.map((t) => ({ organizationId: ctx.organizationId, year: input.year, ...t })));
    await recordAudit(tx, {
      action: 'timetable.terms_saved',
      actorUserId: ctx.user.id,
      target: `school_terms:${input.year}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, year: input.year },
    });
  });
  return getTerms(db, ctx.organizationId, input.year);
}
