import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { TClosure, TSchoolCalendar } from '@sekolo/shared/schemas/school-settings';
import { SCHOOL_SETTINGS_MESSAGES as M } from '@sekolo/shared/schemas/school-settings';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import { schoolClosures } from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { conflict, isUniqueViolation, notFound } from '../../platform/http/errors.ts';
import { getTerms } from '../academics/index.ts';
import type { TSettingsCaller } from './caller.ts';

const toClosure = (row: typeof schoolClosures.$inferSelect): TClosure => ({
  id: row.id,
  name: row.name,
  startsOn: row.startsOn,
  endsOn: row.endsOn,
});

/** The year's terms (the academics module's, edited on the timetable page) and the school's closures in it. */
export async function readCalendar(db: DbExecutor, organizationId: string, year: number): Promise<TSchoolCalendar> {
  const terms = await getTerms(db, organizationId, year);
  const closures = await db
    .select()
    .from(schoolClosures)
    .where(
      and(
        eq(schoolClosures.organizationId, organizationId),
        lte(schoolClosures.startsOn, `${year}-12-31`),
        gte(schoolClosures.endsOn, `${year}-01-01`),
      ),
    )
    .orderBy(asc(schoolClosures.startsOn), asc(schoolClosures.name));
  return { year, termsSource: terms.source, terms: terms.terms, closures: closures.map(toClosure) };
}

export async function addClosure(
  db: Database,
  caller: TSettingsCaller,
  input: { name: string; startsOn: string; endsOn: string },
): Promise<TClosure> {
  try {
    return await transaction(db, async (tx) => {
      const [row] = await tx
        .insert(schoolClosures)
        .values({ organizationId: caller.organizationId, ...input })
        .returning();
      await recordAudit(tx, {
        action: 'school_settings.closure_added',
        actorUserId: caller.userId,
        target: `school_closure:${row!.id}`,
        ip: caller.ip,
        details: { organizationId: caller.organizationId, startsOn: input.startsOn, endsOn: input.endsOn },
      });
      return toClosure(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.closureExists);
    throw error;
  }
}

export async function removeClosure(db: Database, caller: TSettingsCaller, closureId: string): Promise<void> {
  await transaction(db, async (tx) => {
    const [row] = await tx
      .delete(schoolClosures)
      .where(and(eq(schoolClosures.id, closureId), eq(schoolClosures.organizationId, caller.organizationId)))
      .returning();
    if (!row) throw notFound(M.closureNotFound);
    await recordAudit(tx, {
      action: 'school_settings.closure_removed',
      actorUserId: caller.userId,
      target: `school_closure:${row.id}`,
      ip: caller.ip,
      details: { organizationId: caller.organizationId, startsOn: row.startsOn, endsOn: row.endsOn },
    });
  });
}
