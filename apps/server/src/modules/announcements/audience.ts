import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import { capsSubjectLabel } from '@sekolo/shared/constants/caps-subjects';
import { SCHOOL_STAFF_ROLES } from '@sekolo/shared/constants/roles';
import {
  ANNOUNCEMENT_ROLE_GROUPS,
  COMMUNICATION_MESSAGES as M,
  type TAnnouncementAudience,
} from '@sekolo/shared/schemas/communication';
import { gradeToNumber } from '@sekolo/shared/schemas/school';
import type { DbExecutor } from '../../platform/db/client.ts';
import {
  guardians,
  learnerGuardians,
  learners,
  registerClasses,
  subjectClasses,
} from '../../platform/db/schema/index.ts';
import { badRequest } from '../../platform/http/errors.ts';

/** Every staff role a school has: 'all_staff' reaches them all. */
export const STAFF_ROLES = ['school_admin', 'teacher', ...SCHOOL_STAFF_ROLES] as const;

/** The audience in words ("Grade 7 families"), after checking that what it names is the school's. */
export async function describeAudience(
  db: DbExecutor,
  organizationId: string,
  audience: TAnnouncementAudience,
): Promise<string> {
  switch (audience.type) {
    case 'school':
      return 'All families';
    case 'grade':
      return `${gradeLabel(audience.grade)} families`;
    case 'class': {
      const [row] = await db
        .select({ name: registerClasses.name })
        .from(registerClasses)
        .where(and(eq(registerClasses.id, audience.classId), eq(registerClasses.organizationId, organizationId)));
      if (!row) throw badRequest(M.audienceNotFound, { audience: M.audienceNotFound });
      return `Class ${row.name} families`;
    }
    case 'subject_class': {
      const [row] = await db
        .select({ subject: subjectClasses.subject, className: registerClasses.name, group: subjectClasses.groupName })
        .from(subjectClasses)
        .innerJoin(registerClasses, eq(registerClasses.id, subjectClasses.registerClassId))
        .where(and(eq(subjectClasses.id, audience.subjectClassId), eq(subjectClasses.organizationId, organizationId)));
      if (!row) throw badRequest(M.audienceNotFound, { audience: M.audienceNotFound });
      return `${row.className} ${capsSubjectLabel(row.subject)}${row.group ? ` (${row.group})` : ''} families`;
    }
    case 'role':
      return ANNOUNCEMENT_ROLE_GROUPS.find((r) => r.id === audience.role)?.label ?? audience.role;
    case 'families': {
      const ids = [...new Set(audience.guardianIds)];
      const rows = await db
        .select({ id: guardians.id })
        .from(guardians)
        .where(and(inArray(guardians.id, ids), eq(guardians.organizationId, organizationId)));
      if (rows.length !== ids.length) throw badRequest(M.audienceNotFound, { audience: M.audienceNotFound });
      return ids.length === 1 ? '1 chosen family' : `${ids.length} chosen families`;
    }
  }
}

/** Which learners an audience of families reaches, as a condition on `l` (learners), or null for none. */
function learnerCondition(organizationId: string, audience: TAnnouncementAudience): SQL | null {
  switch (audience.type) {
    case 'school':
      return sql`true`;
    case 'grade':
      return sql`l.grade = ${gradeToNumber(audience.grade)}`;
    case 'class':
      return sql`l.register_class_id = ${audience.classId}`;
    case 'subject_class':
      return sql`exists (select 1 from ${subjectClasses} as sc where sc.id = ${audience.subjectClassId}
        and sc.organization_id = ${organizationId}
        and ((sc.membership = 'register_class' and l.register_class_id = sc.register_class_id)
          or (sc.membership = 'chosen' and exists (select 1 from subject_class_learners as scl
                where scl.subject_class_id = sc.id and scl.learner_id = l.id))))`;
    default:
      return null;
  }
}

/**
 * The rows of announcement_recipients an audience expands to, as one SELECT (set-wise, for a
 * school of any size): families (guardians who receive communications, of a learner the audience
 * reaches: e-mail and SMS; in-app where they have an account), staff by role (their account:
 * in-app and e-mail), and learners with an account (in-app). Each channel is 'queued' unless the
 * announcement does not use it ('none') or the recipient cannot or chose not to get it ('skipped').
 */
export function recipientsSelect(
  announcementId: string,
  organizationId: string,
  audience: TAnnouncementAudience,
  channels: readonly string[],
): SQL {
  const email = channels.includes('email');
  const sms = channels.includes('sms');
  const emailStatus = (address: SQL, pref: SQL) =>
    email
      ? sql`case when ${address} is not null and ${address} <> '' and coalesce(${pref}, true) then 'queued' else 'skipped' end`
      : sql`'none'`;
  const smsStatus = (phone: SQL, pref: SQL) =>
    sms ? sql`case when ${phone} <> '' and coalesce(${pref}, true) then 'queued' else 'skipped' end` : sql`'none'`;
  const parts: SQL[] = [];
  const families = (where: SQL) =>
    sql`select ${announcementId}::uuid, 'g:' || g.id, g.id, g.user_id, trim(g.first_name || ' ' || g.last_name),
        g.email, nullif(g.phone, ''), ${emailStatus(sql`g.email`, sql`p.email`)}, ${smsStatus(sql`g.phone`, sql`p.sms`)}
      from ${guardians} as g
      left join notification_preferences as p on p.user_id = g.user_id and p.kind = 'announcement'
      where g.organization_id = ${organizationId} and ${where}`;
  const condition = learnerCondition(organizationId, audience);
  if (condition) {
    parts.push(
      families(sql`exists (select 1 from ${learnerGuardians} as lg join ${learners} as l on l.id = lg.learner_id
        where lg.guardian_id = g.id and lg.organization_id = ${organizationId} and lg.receives_communications
          and l.archived_at is null and ${condition})`),
    );
    // Learners who sign in see it in their dashboard.
    parts.push(sql`select ${announcementId}::uuid, 'u:' || l.user_id, null::uuid, l.user_id,
        trim(l.first_name || ' ' || l.last_name), null, null, 'none', 'none'
      from ${learners} as l
      where l.organization_id = ${organizationId} and l.user_id is not null and l.archived_at is null and ${condition}`);
  }
  if (audience.type === 'families') {
    parts.push(
      families(sql`g.id in (select (jsonb_array_elements_text(${JSON.stringify(audience.guardianIds)}::jsonb))::uuid)`),
    );
  }
  if (audience.type === 'role') {
    const roles: readonly string[] = audience.role === 'all_staff' ? STAFF_ROLES : [audience.role];
    parts.push(sql`select ${announcementId}::uuid, 'u:' || u.id, null::uuid, u.id, u.name, u.email, null,
        ${emailStatus(sql`u.email`, sql`p.email`)}, ${sms ? sql`'skipped'` : sql`'none'`}
      from organization_members as m join users as u on u.id = m.user_id
      left join notification_preferences as p on p.user_id = u.id and p.kind = 'announcement'
      where m.organization_id = ${organizationId} and u.status = 'active'
        and m.role in (select jsonb_array_elements_text(${JSON.stringify(roles)}::jsonb))`);
  }
  return sql.join(parts, sql` union all `);
}

/** Families a school may choose by name (the "chosen families" picker). */
export async function searchFamilies(db: DbExecutor, organizationId: string, q: string) {
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({
      id: guardians.id,
      name: sql<string>`trim(${guardians.firstName} || ' ' || ${guardians.lastName})`,
      children: sql<string>`string_agg(distinct ${learners.firstName} || ' ' || ${learners.lastName}, ', ')`,
    })
    .from(guardians)
    .innerJoin(learnerGuardians, eq(learnerGuardians.guardianId, guardians.id))
    .innerJoin(learners, and(eq(learners.id, learnerGuardians.learnerId), isNull(learners.archivedAt)))
    .where(
      and(
        eq(guardians.organizationId, organizationId),
        q
          ? sql`(lower(${guardians.firstName} || ' ' || ${guardians.lastName}) like ${like}
              or lower(${learners.firstName} || ' ' || ${learners.lastName}) like ${like})`
          : undefined,
      ),
    )
    .groupBy(guardians.id)
    .orderBy(guardians.lastName, guardians.firstName)
    .limit(20);
  return rows.map((r) => ({ id: r.id, name: r.name, children: r.children ?? '' }));
}
