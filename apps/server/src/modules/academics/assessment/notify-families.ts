import { sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../../platform/db/client.ts';
import type { JobQueue } from '../../../platform/jobs/queue.ts';
import { notify } from '../../notifications/index.ts';

/** The learners of subject classes, as a condition on `l` (learners): its register class, or its chosen learners. */
function inSubjectClasses(organizationId: string, subjectClassIds: readonly string[]): SQL {
  return sql`l.organization_id = ${organizationId} and l.archived_at is null and exists (
    select 1 from subject_classes as sc
    where sc.id in (select (jsonb_array_elements_text(${JSON.stringify(subjectClassIds)}::jsonb))::uuid)
      and sc.organization_id = ${organizationId}
      and ((sc.membership = 'register_class' and l.register_class_id = sc.register_class_id)
        or (sc.membership = 'chosen' and exists (select 1 from subject_class_learners as scl
              where scl.subject_class_id = sc.id and scl.learner_id = l.id))))`;
}

/**
 * Tells the learners (with an account) and their guardians of an event of their subject classes
 * (a new assignment, released marks), each with a link to their own dashboard, through the
 * notifications module's notify() in the caller's transaction.
 */
export async function notifySubjectClassFamilies(
  tx: DbExecutor,
  jobs: JobQueue | undefined,
  input: {
    organizationId: string;
    subjectClassIds: readonly string[];
    kind: 'assignment' | 'marks';
    eventKey: string;
    title: string;
    body: string;
    learnerLink: string;
  },
): Promise<void> {
  if (!jobs) return;
  const where = inSubjectClasses(input.organizationId, input.subjectClassIds);
  const common = {
    organizationId: input.organizationId,
    kind: input.kind,
    eventKey: input.eventKey,
    title: input.title,
    body: input.body,
  };
  await notify(tx, jobs, {
    ...common,
    recipients: sql`select l.user_id from learners as l where ${where} and l.user_id is not null`,
    link: input.learnerLink,
  });
  await notify(tx, jobs, {
    ...common,
    recipients: sql`select g.user_id from learners as l
      join learner_guardians as lg on lg.learner_id = l.id and lg.receives_communications
      join guardians as g on g.id = lg.guardian_id and g.organization_id = l.organization_id
      where ${where} and g.user_id is not null`,
    link: '/dashboard/parent',
  });
}

const DUE = new Intl.DateTimeFormat('en-ZA', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Johannesburg',
});
export const formatDue = (at: Date) => DUE.format(at);
