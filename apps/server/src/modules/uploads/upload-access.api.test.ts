import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { applications, auditEvents, organizationMembers, uploads } from '../../platform/db/schema/index.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { createApplicationWithApplicant } from '../../test/factories/applications.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { referencedFiles } from '../applications/index.ts';
import { multipartBody, SAMPLE } from '../../test/uploads.ts';

/**
 * An organisation admin reads only the files attached to their organisation's records: a parent who
 * belongs to two schools shows neither school the files made for the other or for their own account.
 */
describe('who reads an upload: attached to an organisation, not shared membership', () => {
  let t: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-upload-access-'));
  const people: Record<string, TCreatedUser> = {};
  const cookies: Record<string, string> = {};
  let ip = 0;
  let alphaId: string;
  let documentIds: string[];
  let ownFileId: string;

  const db = () => t.database.db;
  const get = (id: string, who: string) =>
    t.app.inject({ method: 'GET', url: `/api/uploads/${id}`, headers: { cookie: cookies[who]! } });
  const signInAs = async (who: string) => {
    const person = people[who]!;
    const { response, cookie } = await signIn(t.app, person.email, person.password, { ip: `10.44.0.${++ip}` });
    expect(response.statusCode).toBe(200);
    cookies[who] = cookie;
  };
  const join = (organizationId: string, userId: string, role: string) =>
    db().insert(organizationMembers).values({ organizationId, userId, role });

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir });
    people.operator = await createUser(db(), { role: 'platform_admin' });
    people.betaAdmin = await createUser(db(), {
      role: 'school_admin',
      organization: { name: 'Beta High School', type: 'school' },
    });
    // The parent registers Alpha Academy; its submitted documents are the school's registration record.
    const { user, applicationId, stepData } = await createApplicationWithApplicant(db(), t.config, {
      status: 'submitted',
      name: 'Alpha Academy',
    });
    people.parent = user;
    documentIds = referencedFiles(stepData).map((file) => file.id);
    expect(documentIds.length).toBeGreaterThan(0);
    await signInAs('operator');
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/console/applications/${applicationId}/approve`,
      headers: { cookie: cookies.operator! },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [application] = await db().select().from(applications).where(eq(applications.id, applicationId));
    alphaId = application!.organizationId!;

    // Alpha has a second admin and a teacher; the parent is also a parent at Beta (an accepted link).
    people.alphaCoAdmin = await createUser(db(), { role: 'school_admin' });
    await join(alphaId, people.alphaCoAdmin.id, 'admin');
    people.alphaTeacher = await createUser(db(), { role: 'teacher' });
    await join(alphaId, people.alphaTeacher.id, 'teacher');
    await join(people.betaAdmin.organizationId!, people.parent.id, 'parent');
    for (const who of ['parent', 'betaAdmin', 'alphaCoAdmin', 'alphaTeacher']) await signInAs(who);

    // A file the parent uploads for their own account, attached to no organisation's record.
    const { payload, headers } = multipartBody({ name: 'my-id.pdf', type: 'application/pdf', bytes: SAMPLE.pdf });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      remoteAddress: '10.44.1.1',
      headers: { ...headers, cookie: cookies.parent! },
      payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    ownFileId = created.json().id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('attaches the documents of an approved application to the organisation it creates', async () => {
    const rows = await db().select({ id: uploads.id, organizationId: uploads.organizationId }).from(uploads);
    const byId = new Map(rows.map((row) => [row.id, row.organizationId]));
    for (const id of documentIds) expect(byId.get(id), id).toBe(alphaId);
    expect(byId.get(ownFileId)).toBeNull();
  });

  it("shows the registration documents to Alpha's admins, the owner and platform admins, not to Beta's admin", async () => {
    const [id] = documentIds;
    for (const who of ['parent', 'operator', 'alphaCoAdmin']) {
      const res = await get(id!, who);
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['content-type'], who).toBe('application/pdf');
    }
    const missing = await get('00000000-0000-4000-8000-000000000000', 'betaAdmin');
    expect(missing.statusCode).toBe(404);
    // Beta's admin shares an organisation with the owner, but the file is Alpha's record: the same 404 as a missing file.
    for (const who of ['betaAdmin', 'alphaTeacher']) {
      const res = await get(id!, who);
      expect(res.statusCode, who).toBe(404);
      expect(res.json(), who).toEqual(missing.json());
    }
    const reads = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'upload.read'), eq(auditEvents.target, `upload:${id}`)));
    expect(reads.map((r) => [r.actorUserId, (r.details as { access: string }).access]).sort()).toEqual(
      [
        [people.operator!.id, 'platform_admin'],
        [people.alphaCoAdmin!.id, 'organization_admin'],
      ].sort(),
    );
  });

  it("keeps a file attached to no organisation from both schools' admins; the owner and platform admins read it", async () => {
    for (const who of ['parent', 'operator']) expect((await get(ownFileId, who)).statusCode, who).toBe(200);
    for (const who of ['betaAdmin', 'alphaCoAdmin', 'alphaTeacher']) {
      expect((await get(ownFileId, who)).statusCode, who).toBe(404);
    }
  });
});
