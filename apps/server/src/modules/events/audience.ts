import { and, asc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { EVENT_MESSAGES as M, type TCalendarQuery, type TEvent } from '@sekolo/shared/schemas/events';
import { addDays } from '@sekolo/shared/domain/sa-calendar';
import type { DbExecutor } from '../../platform/db/client.ts';
import {
  events,
  guardians,
  learnerGuardians,
  learners,
  organizations,
  schoolProfiles,
} from '../../platform/db/schema/index.ts';
import type { TSessionUser } from '../../platform/auth/guards.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';
import { eventViews, type TEventRow } from './views.ts';
import { instantOf } from './lib/time.ts';

/**
 * Who sees which event. Whoever manages events, and staff who are neither a learner nor a guardian
 * at the school, see every published (and cancelled) event. A guardian sees the school's and the
 * public events and those of the grades of their children; a learner those of their own grade.
 */
export type TViewer = { organizationId: string; grades: number[] | 'all' };

export async function viewerOf(db: DbExecutor, organizationId: string, user: TSessionUser): Promise<TViewer> {
  if (user.permissions.includes('manage_events')) return { organizationId, grades: 'all' };
  const [asGuardian, asLearner] = await Promise.all([
    db
      .selectDistinct({ grade: learners.grade })
      .from(guardians)
      .innerJoin(learnerGuardians, eq(learnerGuardians.guardianId, guardians.id))
      .innerJoin(learners, and(eq(learners.id, learnerGuardians.learnerId), isNull(learners.archivedAt)))
      .where(and(eq(guardians.userId, user.id), eq(guardians.organizationId, organizationId))),
    db
      .select({ grade: learners.grade })
      .from(learners)
      .where(
        and(eq(learners.userId, user.id), eq(learners.organizationId, organizationId), isNull(learners.archivedAt)),
      ),
  ]);
  const found = await db
    .select({ id: guardians.id })
    .from(guardians)
    .where(and(eq(guardians.userId, user.id), eq(guardians.organizationId, organizationId)))
    .limit(1);
  if (!found.length && !asLearner.length) return { organizationId, grades: 'all' };
  return { organizationId, grades: [...new Set([...asGuardian, ...asLearner].map((r) => r.grade))] };
}

/** The events a viewer may see (published or cancelled, of their audience), as a condition. */
export function visibleTo(viewer: TViewer): SQL {
  const audience =
    viewer.grades === 'all'
      ? undefined
      : or(
          inArray(events.audience, ['school', 'public']),
          viewer.grades.length
            ? and(
                eq(events.audience, 'grades'),
                sql`exists (select 1 from jsonb_array_elements_text(${events.grades}) as g(grade)
                  where g.grade::int in (${sql.join(
                    viewer.grades.map((grade) => sql`${grade}`),
                    sql`, `,
                  )}))`,
              )
            : sql`false`,
        );
  return and(
    eq(events.organizationId, viewer.organizationId),
    inArray(events.status, ['published', 'cancelled']),
    audience,
  )!;
}

export async function calendar(db: DbExecutor, ctx: TSchoolContext, query: TCalendarQuery): Promise<TEvent[]> {
  const viewer = await viewerOf(db, ctx.organizationId, ctx.user);
  const from = instantOf(query.from, '00:00');
  const to = instantOf(addDays(query.to, 1), '00:00');
  const rows = await db
    .select()
    .from(events)
    .where(and(visibleTo(viewer), lt(events.startsAt, to), gte(events.endsAt, from)))
    .orderBy(asc(events.startsAt))
    .limit(500);
  return eventViews(db, rows);
}

export async function calendarEvent(db: DbExecutor, ctx: TSchoolContext, eventId: string): Promise<TEvent> {
  const viewer = await viewerOf(db, ctx.organizationId, ctx.user);
  const rows = await db
    .select()
    .from(events)
    .where(and(visibleTo(viewer), eq(events.id, eventId)));
  if (!rows.length) throw notFound(M.eventNotFound);
  return (await eventViews(db, rows))[0]!;
}

/**
 * The event a caller may get tickets for: a published public event for anyone; another only for a
 * member of its school (view_events or manage_events) in its audience. Anything else is 404.
 */
export async function eventForBuyer(db: DbExecutor, user: TSessionUser, eventId: string): Promise<TEventRow> {
  const [row] = await db.select().from(events).where(eq(events.id, eventId));
  if (!row || row.status === 'draft') throw notFound(M.eventNotFound);
  if (row.audience === 'public') return row;
  const member =
    user.organization?.id === row.organizationId &&
    (user.permissions.includes('view_events') || user.permissions.includes('manage_events'));
  if (!member) throw notFound(M.eventNotFound);
  const viewer = await viewerOf(db, row.organizationId, user);
  const [visible] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(visibleTo(viewer), eq(events.id, eventId)));
  if (!visible) throw notFound(M.eventNotFound);
  return row;
}

/** A school's published public events that have not ended (its public page). */
export async function publicSchoolEvents(db: DbExecutor, slug: string) {
  const [school] = await db
    .select({ id: organizations.id, name: organizations.name, slug: organizations.slug, city: schoolProfiles.city })
    .from(organizations)
    .leftJoin(schoolProfiles, eq(schoolProfiles.organizationId, organizations.id))
    .where(and(eq(organizations.slug, slug), eq(organizations.type, 'school'), eq(organizations.status, 'active')));
  if (!school) throw notFound('That school does not exist.');
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.organizationId, school.id),
        eq(events.audience, 'public'),
        eq(events.status, 'published'),
        gte(events.endsAt, new Date()),
      ),
    )
    .orderBy(asc(events.startsAt))
    .limit(100);
  return {
    school: { name: school.name, slug: school.slug, city: school.city ?? '' },
    events: await eventViews(db, rows),
  };
}

export async function publicEvent(db: DbExecutor, eventId: string): Promise<TEvent> {
  const rows = await db
    .select()
    .from(events)
    .where(
      and(eq(events.id, eventId), eq(events.audience, 'public'), inArray(events.status, ['published', 'cancelled'])),
    );
  if (!rows.length) throw notFound(M.eventNotFound);
  return (await eventViews(db, rows))[0]!;
}
