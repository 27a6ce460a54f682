import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import {
  createGuardian,
  createLearner,
  createRegisterClass,
  createSubjectClass,
  setClassTeacher,
} from '../../test/factories/school.ts';
import type { DbExecutor } from '../../platform/db/client.ts';

/**
 * A school for the messages tests: Lerato in 8A (class teacher Mr Botha, Mathematics with Ms
 * Naidoo), her mother Nomsa; Sipho in 8B (class teacher Mrs Pillay, who does not teach Lerato),
 * his father Themba; the office (the admin); and a second school with its own admin and parent.
 */
export async function messagesSchool(db: DbExecutor, tag: string) {
  const school = { name: `Greenfield High ${tag}`, type: 'school' as const };
  const admin = await createUser(db, {
    role: 'school_admin',
    firstName: 'Anele',
    lastName: 'Zulu',
    organization: school,
  });
  const organizationId = admin.organizationId!;
  const member = (role: TCreatedUser['role'], firstName: string, lastName: string) =>
    createUser(db, { role, firstName, lastName, organization: school });
  const classTeacher = await member('teacher', 'Pieter', 'Botha');
  const mathsTeacher = await member('teacher', 'Priya', 'Naidoo');
  const otherTeacher = await member('teacher', 'Kavitha', 'Pillay');
  const parent = await member('parent', 'Nomsa', 'Mokoena');
  const otherParent = await member('parent', 'Themba', 'Dube');
  const class8A = await createRegisterClass(db, organizationId, `8A ${tag}`, 8);
  const class8B = await createRegisterClass(db, organizationId, `8B ${tag}`, 8);
  await setClassTeacher(db, organizationId, class8A.id, classTeacher.id);
  await setClassTeacher(db, organizationId, class8B.id, otherTeacher.id);
  await createSubjectClass(db, organizationId, {
    subject: 'mathematics',
    teacherUserId: mathsTeacher.id,
    registerClassId: class8A.id,
  });
  const lerato = await createLearner(db, organizationId, {
    firstName: 'Lerato',
    lastName: 'Mokoena',
    registerClassId: class8A.id,
  });
  const sipho = await createLearner(db, organizationId, {
    firstName: 'Sipho',
    lastName: 'Dube',
    registerClassId: class8B.id,
  });
  await createGuardian(db, organizationId, lerato.id, { firstName: 'Nomsa', lastName: 'Mokoena', userId: parent.id });
  await createGuardian(db, organizationId, sipho.id, { firstName: 'Themba', lastName: 'Dube', userId: otherParent.id });
  return { organizationId, admin, classTeacher, mathsTeacher, otherTeacher, parent, otherParent, lerato, sipho };
}
