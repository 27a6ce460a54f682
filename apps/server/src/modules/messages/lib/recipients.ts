import { sql } from 'drizzle-orm';
import { capsSubjectLabel } from '@sekolo/shared/constants/caps-subjects';
import { MESSAGING_STAFF_ROLES, OFFICE_ROLES, type TRecipientOption } from '@sekolo/shared/schemas/messages';
import { rowsOf, type DbExecutor } from '../../../platform/db/client.ts';
import type { TSchoolCaller } from './caller.ts';

/** Guardians and staff offered at once; a longer list is narrowed by typing part of a name. */
const LIST_LIMIT = 50;

const inList = (values: readonly string[]) =>
  sql`in (select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** The learners `teacherUserId` teaches at school `organizationId`: class teacher, subject classes, timetable. */
const taughtBy = (organizationId: string, teacherUserId: string) => sql`
  select l.id, l.first_name from learners l
  where l.organization_id = ${organizationId} and l.archived_at is null and (
    exists (select 1 from register_class_teachers rct where rct.organization_id = ${organizationId}
      and rct.user_id = ${teacherUserId} and rct.register_class_id = l.register_class_id)
    or exists (select 1 from subject_classes sc where sc.organization_id = ${organizationId}
      and sc.teacher_user_id = ${teacherUserId} and (
        (sc.membership = 'register_class' and sc.register_class_id = l.register_class_id)
        or (sc.membership = 'chosen' and exists (select 1 from subject_class_learners scl
          where scl.subject_class_id = sc.id and scl.learner_id = l.id))))
    or exists (select 1 from timetable_lessons tl where tl.organization_id = ${organizationId}
      and tl.teacher_user_id = ${teacherUserId} and tl.whole_class and tl.register_class_id = l.register_class_id))`;

type TTeacherRow = { user_id: string; name: string; child: string; what: string | null };

/**
 * The teachers of a guardian's own children (spec 6 communicate_teachers): each child's class
 * teacher, the teachers of their subject classes (a whole class, or a group they are in) and of
 * their whole-class lessons. Only active members of the school.
 */
export async function teachersOfMyChildren(
  db: DbExecutor,
  organizationId: string,
  guardianUserId: string,
  onlyUserId?: string,
): Promise<TRecipientOption[]> {
  const rows = rowsOf<TTeacherRow>(
    await db.execute(sql`
      with kids as (
        select l.id, l.first_name, l.register_class_id from guardians g
        join learner_guardians lg on lg.guardian_id = g.id and lg.organization_id = g.organization_id
        join learners l on l.id = lg.learner_id and l.organization_id = g.organization_id
        where g.user_id = ${guardianUserId} and g.organization_id = ${organizationId} and l.archived_at is null
      ), pairs as (
        select rct.user_id, k.first_name as child, 'class' as what from kids k
          join register_class_teachers rct on rct.organization_id = ${organizationId} and rct.register_class_id = k.register_class_id
        union
        select sc.teacher_user_id, k.first_name, sc.subject from kids k
          join subject_classes sc on sc.organization_id = ${organizationId} and (
            (sc.membership = 'register_class' and sc.register_class_id = k.register_class_id)
            or (sc.membership = 'chosen' and exists (select 1 from subject_class_learners scl
              where scl.subject_class_id = sc.id and scl.learner_id = k.id)))
        union
        select tl.teacher_user_id, k.first_name, null from kids k
          join timetable_lessons tl on tl.organization_id = ${organizationId} and tl.whole_class
            and tl.register_class_id = k.register_class_id
      )
      select p.user_id, u.name, p.child, p.what from pairs p
      join users u on u.id = p.user_id and u.status = 'active'
      join organization_members om on om.user_id = p.user_id and om.organization_id = ${organizationId}
      where p.user_id <> ${guardianUserId} ${onlyUserId ? sql`and p.user_id = ${onlyUserId}` : sql``}
      order by u.name, p.child`),
  );
  const byTeacher = new Map<string, { name: string; parts: Map<string, Set<string>> }>();
  for (const row of rows) {
    const entry = byTeacher.get(row.user_id) ?? { name: row.name, parts: new Map<string, Set<string>>() };
    byTeacher.set(row.user_id, entry);
    const children = entry.parts.get(row.child) ?? new Set<string>();
    entry.parts.set(row.child, children);
    if (row.what) children.add(row.what === 'class' ? 'class teacher' : capsSubjectLabel(row.what));
  }
  return [...byTeacher].map(([userId, { name, parts }]) => ({
    key: `user:${userId}`,
    recipient: { kind: 'user' as const, userId },
    name,
    description: [...parts]
      .map(([child, what]) => (what.size ? `${child}’s ${[...what].join(', ')}` : `${child}’s teacher`))
      .join('; '),
  }));
}

const ROLE_LABELS: Record<string, string> = {
  school_admin: 'School administrator',
  teacher: 'Teacher',
  school_staff: 'School office',
  accountant: 'Accountant',
  administrator: 'Administrator',
  human_resources: 'Human resources',
  payroll_admin: 'Payroll',
  driver: 'Driver',
  coach: 'Coach',
  lunch_lady: 'Catering',
  school_shop_manager: 'School shop',
  librarian: 'Librarian',
};

/** The school's other active staff (MESSAGING_STAFF_ROLES), filtered by `q`. */
export async function staffOfSchool(
  db: DbExecutor,
  organizationId: string,
  callerId: string,
  filter: { q?: string; onlyUserId?: string } = {},
): Promise<TRecipientOption[]> {
  const rows = rowsOf<{ user_id: string; name: string; role: string }>(
    await db.execute(sql`
      select u.id as user_id, u.name, u.role from organization_members om
      join users u on u.id = om.user_id
      where om.organization_id = ${organizationId} and u.status = 'active' and u.id <> ${callerId}
        and u.role ${inList(MESSAGING_STAFF_ROLES)}
        ${filter.q ? sql`and u.name ilike ${`%${escapeLike(filter.q)}%`}` : sql``}
        ${filter.onlyUserId ? sql`and u.id = ${filter.onlyUserId}` : sql``}
      order by u.name limit ${LIST_LIMIT}`),
  );
  return rows.map((row) => ({
    key: `user:${row.user_id}`,
    recipient: { kind: 'user' as const, userId: row.user_id },
    name: row.name,
    description: ROLE_LABELS[row.role] ?? 'Staff',
  }));
}

/**
 * Guardians (with an account) a staff member may write to: the office, any guardian of the school;
 * a teacher, the guardians of learners they teach; other staff, none.
 */
export async function guardiansForStaff(
  db: DbExecutor,
  caller: TSchoolCaller,
  filter: { q?: string; onlyUserId?: string } = {},
): Promise<TRecipientOption[]> {
  if (caller.standing !== 'office' && caller.standing !== 'teacher') return [];
  const { organizationId } = caller;
  const learnersInScope =
    caller.standing === 'teacher'
      ? taughtBy(organizationId, caller.user.id)
      : sql`select l.id, l.first_name from learners l where l.organization_id = ${organizationId} and l.archived_at is null`;
  const rows = rowsOf<{ user_id: string; name: string; children: string }>(
    await db.execute(sql`
      with scope as (${learnersInScope})
      select g.user_id, u.name, string_agg(distinct s.first_name, ', ' order by s.first_name) as children
      from scope s
      join learner_guardians lg on lg.learner_id = s.id and lg.organization_id = ${organizationId}
      join guardians g on g.id = lg.guardian_id and g.organization_id = ${organizationId}
      join users u on u.id = g.user_id and u.status = 'active'
      join organization_members om on om.user_id = g.user_id and om.organization_id = ${organizationId}
      where g.user_id is not null and g.user_id <> ${caller.user.id}
        ${filter.q ? sql`and u.name ilike ${`%${escapeLike(filter.q)}%`}` : sql``}
        ${filter.onlyUserId ? sql`and g.user_id = ${filter.onlyUserId}` : sql``}
      group by g.user_id, u.name
      order by u.name limit ${LIST_LIMIT}`),
  );
  return rows.map((row) => ({
    key: `user:${row.user_id}`,
    recipient: { kind: 'user' as const, userId: row.user_id },
    name: row.name,
    description: `Parent of ${row.children}`,
  }));
}

/** The school office as one recipient (a guardian's "write to the school"). */
export const OFFICE_OPTION: TRecipientOption = {
  key: 'office',
  recipient: { kind: 'office' },
  name: 'School office',
  description: 'The school’s administration',
};

/** The active office staff (OFFICE_ROLES) who answer a conversation with the office. */
export async function officeStaff(db: DbExecutor, organizationId: string): Promise<string[]> {
  const rows = rowsOf<{ user_id: string }>(
    await db.execute(sql`
      select u.id as user_id from organization_members om join users u on u.id = om.user_id
      where om.organization_id = ${organizationId} and u.status = 'active' and u.role ${inList(OFFICE_ROLES)}`),
  );
  return rows.map((row) => row.user_id);
}

/** Everyone `caller` may start a conversation with, narrowed by `q`. */
export async function recipientsFor(db: DbExecutor, caller: TSchoolCaller, q?: string): Promise<TRecipientOption[]> {
  const matches = (option: TRecipientOption) => !q || option.name.toLowerCase().includes(q.toLowerCase());
  if (caller.standing === 'guardian') {
    const teachers = await teachersOfMyChildren(db, caller.organizationId, caller.user.id);
    return [OFFICE_OPTION, ...teachers].filter(matches);
  }
  const [staff, guardians] = await Promise.all([
    staffOfSchool(db, caller.organizationId, caller.user.id, { q }),
    guardiansForStaff(db, caller, { q }),
  ]);
  return [...staff, ...guardians];
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
