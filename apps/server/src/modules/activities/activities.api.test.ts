import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { addDays } from '@sekolo/shared/domain/sa-calendar';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { defaultDueDates } from '@sekolo/shared/schemas/finance';
import type { TActivityInput } from '@sekolo/shared/schemas/activities';
import {
  activityMembers,
  feeItems,
  feeStructures,
  guardians,
  learnerFeeOptions,
  learnerGuardians,
  learners,
  notifications,
} from '../../platform/db/schema/index.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { createGuardian, createLearner } from '../../test/factories/school.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Extramural activities end to end through the API: the school sets up an activity with a coach
 * and a fee; families sign up (capacity kept under concurrent sign-ups, the rest on a waiting list
 * in order, moved up and told when a place frees), grades are checked, the fee follows sign-up and
 * withdrawal through finance's learner options; the coach, and only the coach, keeps attendance;
 * a cancelled session tells the families; another school sees nothing.
 */
describe('extramural activities', () => {
  let t: TestApp;
  let admin: TCreatedUser;
  let coach: TCreatedUser;
  let otherCoach: TCreatedUser;
  let teacher: TCreatedUser;
  let parent: TCreatedUser;
  let learnerUser: TCreatedUser;
  let outsiderAdmin: TCreatedUser;
  let outsiderParent: TCreatedUser;
  let org: string;
  const cookie: Record<string, string> = {};
  /** The parent's six Grade 9 children, in the order they sign up. */
  const children: string[] = [];
  let grade8Child: string;
  let ownLearnerId: string;
  let rugbyItem: string;
  let rugbyId: string;
  const year = Number(schoolToday().slice(0, 4));
  const today = schoolToday();

  const send = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: cookie[who]! }, ...(payload ? { payload } : {}) });
  const rugby = (overrides: Partial<TActivityInput> = {}): TActivityInput => ({
    name: 'Rugby u/15',
    category: 'sport',
    description: 'Contact rugby for Grade 9 and 10 boys and girls.',
    coachUserId: coach.id,
    // Every day, so that today always has a session.
    schedule: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, starts: '14:30', ends: '16:00' })),
    venue: 'Main field',
    grades: [9, 10],
    capacity: 3,
    signUpOpen: true,
    feeItemId: rugbyItem,
    ...overrides,
  });
  const optionsOf = async (learnerId: string) =>
    (await t.database.db.select().from(learnerFeeOptions).where(eq(learnerFeeOptions.learnerId, learnerId))).map(
      (o) => o.itemId,
    );
  const rugbyItemOfGrade = async (grade: number) => {
    const [row] = await t.database.db
      .select({ id: feeItems.id })
      .from(feeItems)
      .innerJoin(feeStructures, eq(feeStructures.id, feeItems.structureId))
      .where(and(eq(feeStructures.organizationId, org), eq(feeStructures.grade, grade), eq(feeItems.name, 'Rugby')));
    return row!.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const school = { name: 'Rietvlei High School', type: 'school' as const };
    admin = await createUser(db, { role: 'school_admin', organization: school });
    coach = await createUser(db, { role: 'coach', organization: school, firstName: 'Bongani', lastName: 'Khumalo' });
    otherCoach = await createUser(db, { role: 'coach', organization: school, firstName: 'Annelie', lastName: 'Botha' });
    teacher = await createUser(db, { role: 'teacher', organization: school });
    parent = await createUser(db, { role: 'parent', organization: school, firstName: 'Lindiwe', lastName: 'Dube' });
    learnerUser = await createUser(db, { role: 'student', organization: school, firstName: 'Kabelo' });
    org = admin.organizationId!;
    outsiderAdmin = await createUser(db, {
      role: 'school_admin',
      organization: { name: 'Other High', type: 'school' },
    });
    outsiderParent = await createUser(db, { role: 'parent', organization: { name: 'Other High', type: 'school' } });

    // Fees: a Rugby option in the Grade 9 and 10 structures (R450 a term), none in Grade 11's.
    for (const grade of [9, 10, 11]) {
      const [structure] = await db.insert(feeStructures).values({ organizationId: org, year, grade }).returning();
      await db.insert(feeItems).values({
        organizationId: org,
        structureId: structure!.id,
        position: 0,
        name: 'Tuition',
        kind: 'tuition',
        amountCents: 24_000_00,
        plan: 'monthly_12',
        dueDates: defaultDueDates(year, 'monthly_12'),
      });
      if (grade !== 11)
        await db.insert(feeItems).values({
          organizationId: org,
          structureId: structure!.id,
          position: 1,
          name: 'Rugby',
          kind: 'optional',
          amountCents: 1_800_00,
          plan: 'termly',
          dueDates: defaultDueDates(year, 'termly'),
        });
    }
    rugbyItem = await rugbyItemOfGrade(9);

    const names = ['Ayanda', 'Buhle', 'Sipho', 'Thabo', 'Zola', 'Lwazi'];
    let guardianId: string | null = null;
    for (const firstName of names) {
      const learner = await createLearner(db, org, { firstName, lastName: 'Dube', grade: 9 });
      children.push(learner.id);
      if (!guardianId) {
        const guardian = await createGuardian(db, org, learner.id, { userId: parent.id, email: parent.email });
        guardianId = guardian.id;
      } else {
        await db
          .insert(learnerGuardians)
          .values({ organizationId: org, learnerId: learner.id, guardianId, relation: 'parent' });
      }
    }
    const young = await createLearner(db, org, { firstName: 'Naledi', lastName: 'Dube', grade: 8 });
    grade8Child = young.id;
    await createGuardian(db, org, young.id, { firstName: 'Naledi’s', lastName: 'Father' });
    await db
      .update(guardians)
      .set({ userId: parent.id })
      .where(and(eq(guardians.organizationId, org), like(guardians.lastName, 'Father')));
    const own = await createLearner(db, org, { firstName: 'Kabelo', lastName: 'Mokoena', grade: 10 });
    await db.update(learners).set({ userId: learnerUser.id }).where(eq(learners.id, own.id));
    ownLearnerId = own.id;

    let ip = 1;
    for (const [key, user] of Object.entries({
      admin,
      coach,
      otherCoach,
      teacher,
      parent,
      learner: learnerUser,
      outsiderAdmin,
      outsiderParent,
    })) {
      cookie[key] = (await signIn(t.app, user.email, user.password, { ip: `10.57.0.${ip++}` })).cookie;
    }
  }, 300_000);
  afterAll(() => t.close());

  it('the school creates an activity with a coach, a schedule, grades, capacity and a fee item', async () => {
    const notStaff = await send('admin', 'POST', '/api/school/activities', rugby({ coachUserId: parent.id }));
    expect(notStaff.statusCode).toBe(400);
    expect(notStaff.json().error.fields.coachUserId).toBe('The coach must be a staff member of the school');

    const noFeeForGrade11 = await send('admin', 'POST', '/api/school/activities', rugby({ grades: [9, 11] }));
    expect(noFeeForGrade11.statusCode).toBe(400);
    expect(noFeeForGrade11.json().error.message).toContain('Grade 11');

    const created = await send('admin', 'POST', '/api/school/activities', rugby());
    expect(created.statusCode).toBe(201);
    const activity = created.json().activity;
    rugbyId = activity.id;
    expect(activity).toMatchObject({
      name: 'Rugby u/15',
      coach: { userId: coach.id, name: 'Bongani Khumalo' },
      grades: [9, 10],
      capacity: 3,
      fee: { itemName: 'Rugby', yearCents: 1_800_00, termCents: 450_00, plan: 'termly' },
      memberCount: 0,
    });
    const again = await send('admin', 'POST', '/api/school/activities', rugby({ name: 'rugby U/15' }));
    expect(again.statusCode).toBe(409);

    const list = await send('coach', 'GET', '/api/school/activities');
    expect(list.statusCode).toBe(200);
    expect(list.json().coaches[0]).toMatchObject({ userId: expect.any(String), roleLabel: 'Coach' });
    expect(list.json().feeItems.map((i: { name: string }) => i.name)).toEqual(['Rugby']);
  });

  it('refuses a learner of a grade the activity is not open to', async () => {
    const response = await send('parent', 'POST', `/api/school/my-activities/${rugbyId}/sign-up`, {
      learnerId: grade8Child,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('This activity is not open to Grade 8');
    const mine = (await send('parent', 'GET', '/api/school/my-activities')).json();
    const naledi = mine.learners.find((l: { learnerId: string }) => l.learnerId === grade8Child);
    expect(naledi.activities).toEqual([]);
    const ayanda = mine.learners.find((l: { learnerId: string }) => l.learnerId === children[0]);
    expect(ayanda.activities[0]).toMatchObject({ name: 'Rugby u/15', canSignUp: true, status: null });
  });

  it('never goes over capacity when sign-ups come at once; the rest wait in order', async () => {
    // The first three one after the other, so the waiting list's order is known...
    const first = [];
    for (const learnerId of children.slice(0, 3))
      first.push(await send('parent', 'POST', `/api/school/my-activities/${rugbyId}/sign-up`, { learnerId }));
    expect(first.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(first.map((r) => r.json().status)).toEqual(['member', 'member', 'member']);
    // ...then, with the activity full, three at once, and the learner's own sign-up.
    const burst = await Promise.all([
      ...children
        .slice(3)
        .map((learnerId) => send('parent', 'POST', `/api/school/my-activities/${rugbyId}/sign-up`, { learnerId })),
      send('learner', 'POST', `/api/school/my-activities/${rugbyId}/sign-up`, { learnerId: ownLearnerId }),
    ]);
    expect(burst.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(burst.map((r) => r.json().status)).toEqual(['waiting', 'waiting', 'waiting', 'waiting']);
    expect(burst.map((r) => r.json().waitingPosition).sort()).toEqual([1, 2, 3, 4]);
    expect(burst[0]!.json().message).toContain('is full');

    const members = await t.database.db
      .select()
      .from(activityMembers)
      .where(and(eq(activityMembers.activityId, rugbyId), eq(activityMembers.status, 'member')));
    expect(members).toHaveLength(3);

    const twice = await send('parent', 'POST', `/api/school/my-activities/${rugbyId}/sign-up`, {
      learnerId: children[0],
    });
    expect(twice.statusCode).toBe(409);
  });

  it('capacity holds when many sign up for free places at the same moment', async () => {
    const created = await send(
      'admin',
      'POST',
      '/api/school/activities',
      rugby({ name: 'Chess club', capacity: 2, feeItemId: null, category: 'club' }),
    );
    const chessId = created.json().activity.id;
    const answers = await Promise.all(
      [...children, ownLearnerId].map((learnerId) =>
        send(
          learnerId === ownLearnerId ? 'learner' : 'parent',
          'POST',
          `/api/school/my-activities/${chessId}/sign-up`,
          {
            learnerId,
          },
        ),
      ),
    );
    expect(answers.every((r) => r.statusCode === 201)).toBe(true);
    const statuses = answers.map((r) => r.json().status);
    expect(statuses.filter((s) => s === 'member')).toHaveLength(2);
    expect(statuses.filter((s) => s === 'waiting')).toHaveLength(5);
    const detail = (await send('admin', 'GET', `/api/school/activities/${chessId}`)).json();
    expect(detail.members).toHaveLength(2);
    expect(detail.waiting.map((w: { waitingPosition: number }) => w.waitingPosition)).toEqual([1, 2, 3, 4, 5]);
  });

  it('the fee option follows sign-up and withdrawal; the first waiting moves up, takes the fee and is told', async () => {
    expect(await optionsOf(children[0]!)).toEqual([rugbyItem]);
    expect(await optionsOf(children[3]!)).toEqual([]);

    const detail = (await send('admin', 'GET', `/api/school/activities/${rugbyId}`)).json();
    const firstWaiting = detail.waiting[0].learnerId as string;
    expect(detail.waiting[0].waitingPosition).toBe(1);

    const out = await send('parent', 'POST', `/api/school/my-activities/${rugbyId}/withdraw`, {
      learnerId: children[0],
    });
    expect(out.statusCode).toBe(200);
    expect(await optionsOf(children[0]!)).toEqual([]);

    const after = (await send('admin', 'GET', `/api/school/activities/${rugbyId}`)).json();
    expect(after.members.map((m: { learnerId: string }) => m.learnerId)).toContain(firstWaiting);
    expect(after.members).toHaveLength(3);
    expect(after.waiting).toHaveLength(3);
    const grade = firstWaiting === ownLearnerId ? 10 : 9;
    expect(await optionsOf(firstWaiting)).toEqual([await rugbyItemOfGrade(grade)]);

    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, parent.id), eq(notifications.title, 'A place in Rugby u/15')));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('has moved up from the waiting list');
    expect(told[0]!.link).toBe('/dashboard/parent/extramurals');

    const notSignedUp = await send('parent', 'POST', `/api/school/my-activities/${rugbyId}/withdraw`, {
      learnerId: children[0],
    });
    expect(notSignedUp.statusCode).toBe(404);
  });

  it('a larger capacity moves the waiting list up', async () => {
    const update = await send('admin', 'PUT', `/api/school/activities/${rugbyId}`, rugby({ capacity: 4 }));
    expect(update.statusCode).toBe(200);
    expect(update.json().activity).toMatchObject({ memberCount: 4, waitingCount: 2 });
  });

  it('only the activity’s coach marks attendance; the summary counts each member', async () => {
    const register = await send('coach', 'GET', `/api/school/activities/${rugbyId}/sessions/${today}`);
    expect(register.statusCode).toBe(200);
    expect(register.json()).toMatchObject({ status: 'scheduled', canMarkAttendance: true });
    const members = register.json().members as { learnerId: string }[];
    expect(members).toHaveLength(4);

    const today_ = await send('coach', 'GET', '/api/school/activity-sessions/today');
    expect(today_.json().sessions.map((s: { name: string }) => s.name)).toContain('Rugby u/15');
    expect((await send('otherCoach', 'GET', '/api/school/activity-sessions/today')).json().sessions).toEqual([]);

    const marks = members.map((m, i) => ({ learnerId: m.learnerId, mark: i === 0 ? 'absent' : 'present' }));
    for (const who of ['otherCoach', 'teacher', 'admin']) {
      const refused = await send(who, 'PUT', `/api/school/activities/${rugbyId}/sessions/${today}/attendance`, {
        marks,
      });
      expect(refused.statusCode, who).toBe(403);
    }
    const marked = await send('coach', 'PUT', `/api/school/activities/${rugbyId}/sessions/${today}/attendance`, {
      marks,
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().status).toBe('held');
    expect(marked.json().members.filter((m: { mark: string }) => m.mark === 'present')).toHaveLength(3);

    const stranger = await send('coach', 'PUT', `/api/school/activities/${rugbyId}/sessions/${today}/attendance`, {
      marks: [{ learnerId: grade8Child, mark: 'present' }],
    });
    expect(stranger.statusCode).toBe(400);
    const future = await send(
      'coach',
      'PUT',
      `/api/school/activities/${rugbyId}/sessions/${addDays(today, 1)}/attendance`,
      { marks },
    );
    expect(future.statusCode).toBe(400);

    const detail = (await send('coach', 'GET', `/api/school/activities/${rugbyId}`)).json();
    const absentee = detail.members.find((m: { learnerId: string }) => m.learnerId === members[0]!.learnerId);
    expect(absentee.attendance).toEqual({ present: 0, absent: 1, excused: 0 });
    expect(detail.sessions.find((s: { date: string }) => s.date === today)).toMatchObject({
      status: 'held',
      present: 3,
      absent: 1,
    });
    // Another coach holds manage_events and so reads it, but does not keep its register.
    const asOther = (await send('otherCoach', 'GET', `/api/school/activities/${rugbyId}`)).json();
    expect(asOther.canMarkAttendance).toBe(false);
  });

  it('a cancelled session tells the members’ families and takes no marks', async () => {
    const tomorrow = addDays(today, 1);
    const noReason = await send('coach', 'POST', `/api/school/activities/${rugbyId}/sessions/${tomorrow}/cancel`, {
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const cancelled = await send('coach', 'POST', `/api/school/activities/${rugbyId}/sessions/${tomorrow}/cancel`, {
      reason: 'The field is waterlogged after the storm.',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'The field is waterlogged after the storm.',
    });
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, parent.id), like(notifications.title, 'Rugby u/15 cancelled on %')));
    // One notification for each of the parent's children who are members.
    const parentsMembers = (await send('admin', 'GET', `/api/school/activities/${rugbyId}`))
      .json()
      .members.filter((m: { learnerId: string }) => children.includes(m.learnerId));
    expect(told).toHaveLength(parentsMembers.length);
    expect(told[0]!.body).toContain('The field is waterlogged after the storm.');
    const again = await send('coach', 'POST', `/api/school/activities/${rugbyId}/sessions/${tomorrow}/cancel`, {
      reason: 'Still waterlogged.',
    });
    expect(again.statusCode).toBe(409);
  });

  it('closed sign-up refuses new learners', async () => {
    await send('admin', 'PUT', `/api/school/activities/${rugbyId}`, rugby({ capacity: 4, signUpOpen: false }));
    const closed = await send('parent', 'POST', `/api/school/my-activities/${rugbyId}/sign-up`, {
      learnerId: children[0],
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe('Sign-up for this activity is closed');
  });

  it('another school sees nothing and reaches nothing', async () => {
    expect((await send('outsiderAdmin', 'GET', '/api/school/activities')).json().activities).toEqual([]);
    expect((await send('outsiderAdmin', 'GET', `/api/school/activities/${rugbyId}`)).statusCode).toBe(404);
    expect((await send('outsiderAdmin', 'PUT', `/api/school/activities/${rugbyId}`, rugby())).statusCode).toBe(404);
    expect((await send('outsiderParent', 'GET', '/api/school/my-activities')).json().learners).toEqual([]);
    const signUp = await send('outsiderParent', 'POST', `/api/school/my-activities/${rugbyId}/sign-up`, {
      learnerId: children[0],
    });
    expect(signUp.statusCode).toBe(404);
    // A parent of this school cannot sign up a learner who is not theirs.
    const notMine = await send('learner', 'POST', `/api/school/my-activities/${rugbyId}/withdraw`, {
      learnerId: children[1],
    });
    expect(notMine.statusCode).toBe(404);
  });
});
