import { sql } from 'drizzle-orm';
import { rowsOf, type DbExecutor } from '../../../platform/db/client.ts';
import type { TSessionUser } from '../../../platform/auth/guards.ts';

/**
 * Who besides the owner and the school's admins (modules/uploads) opens an assignment's files.
 * An attachment of an assignment: a learner of the subject class it is set for (their own account),
 * that learner's guardians, the class's teacher, and whoever acts over every class of that school
 * (manage_curriculum). A file a learner submitted: that learner, their guardians, the teacher of
 * the assignment's class and whoever acts school-wide, whether or not the learner is still in the class.
 * Every link is checked within the assignment's school (a learner, guardian or membership of
 * another school opens nothing), and an archived learner's account and guardians lose the access.
 * The file is looked for only where it can be: the assignments of the school it is attached to,
 * the submissions of the learner whose account uploaded it (both by index, not the whole table).
 */
export async function assignmentFileReadRule(
  db: DbExecutor,
  viewerId: string,
  uploadId: string,
  viewer: TSessionUser,
): Promise<boolean> {
  // The teacher and whoever acts school-wide open files only in the school of their own session.
  const viewerSchool = viewer.organization?.type === 'school' ? viewer.organization.id : null;
  const schoolWide = viewer.permissions.includes('manage_curriculum') ? viewerSchool : null;
  const rows = rowsOf(
    await db.execute(sql`
      with file as (
        select id, owner_user_id, organization_id from uploads where id = ${uploadId}::uuid
      ),
      files as (
        -- A teacher's attachment: among the assignments of the school the file is attached to.
        select a.organization_id, a.subject_class_id, null::uuid as learner_id
          from file u join assignments a on a.organization_id = u.organization_id
          where u.id = any(a.attachment_ids)
        union all
        -- A learner's file: among the submissions of the learner whose account uploaded it.
        select a.organization_id, a.subject_class_id, s.learner_id
          from file u
          join learners owner on owner.user_id = u.owner_user_id and owner.organization_id = u.organization_id
          join assignment_submissions s on s.organization_id = owner.organization_id and s.learner_id = owner.id
          join assignments a on a.id = s.assignment_id
          where u.id = any(s.upload_ids)
      )
      select 1 as one from files f
      join subject_classes sc on sc.id = f.subject_class_id and sc.organization_id = f.organization_id
      where f.organization_id = ${schoolWide}::uuid
         or (sc.teacher_user_id = ${viewerId} and f.organization_id = ${viewerSchool}::uuid)
         or exists (
           select 1 from learners l
           where l.organization_id = f.organization_id and l.archived_at is null
             and (
               l.id = f.learner_id
               or (f.learner_id is null and sc.membership = 'register_class' and l.register_class_id = sc.register_class_id)
               or (f.learner_id is null and sc.membership = 'chosen' and exists (
                 select 1 from subject_class_learners scl
                 where scl.subject_class_id = sc.id and scl.learner_id = l.id))
             )
             and (
               l.user_id = ${viewerId}
               or exists (
                 select 1 from learner_guardians lg join guardians g on g.id = lg.guardian_id
                 where lg.learner_id = l.id and g.organization_id = f.organization_id and g.user_id = ${viewerId})
             )
         )
      limit 1`),
  );
  return rows.length > 0;
}
