import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MESSAGES as M } from '@sekolo/shared/schemas/messages';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { multipartBody, SAMPLE } from '../../test/uploads.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { messagesSchool } from './test-fixtures.ts';
import { openSubjectConversation } from './index.ts';

describe('messages between a school’s parents and staff', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof messagesSchool>>;
  let other: Awaited<ReturnType<typeof messagesSchool>>;
  const cookie: Record<string, string> = {};
  const as = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: cookie[who]! },
      ...(payload ? { payload: payload as object } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-messages-')) });
    const { db } = t.database;
    s = await messagesSchool(db, 'A');
    other = await messagesSchool(db, 'B');
    const people = {
      admin: s.admin,
      classTeacher: s.classTeacher,
      mathsTeacher: s.mathsTeacher,
      otherTeacher: s.otherTeacher,
      parent: s.parent,
      otherParent: s.otherParent,
      otherSchoolAdmin: other.admin,
      otherSchoolParent: other.parent,
    };
    for (const [key, user] of Object.entries(people))
      cookie[key] = (await signIn(t.app, user.email, user.password)).cookie;
  });
  afterAll(() => t?.close());

  it('offers a parent the office and the teachers of their own child, and nobody else', async () => {
    const response = await as('parent', 'GET', '/api/messages/recipients');
    expect(response.statusCode).toBe(200);
    const offered = response.json().recipients as { key: string; name: string; description: string }[];
    expect(offered.map((r) => [r.name, r.description])).toEqual([
      ['School office', 'The school’s administration'],
      ['Pieter Botha', 'Lerato’s class teacher'],
      ['Priya Naidoo', 'Lerato’s Mathematics'],
    ]);
    expect(offered.map((r) => r.key)).not.toContain(`user:${s.otherTeacher.id}`);
  });

  it('refuses a parent who writes to a teacher who does not teach their child, with the reason', async () => {
    for (const userId of [s.otherTeacher.id, other.classTeacher.id, s.otherParent.id]) {
      const response = await as('parent', 'POST', '/api/messages/conversations', {
        recipient: { kind: 'user', userId },
        subject: 'Homework',
        body: 'Good morning',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(M.recipientNotAllowed);
    }
  });

  it('a parent writes to the class teacher, who reads and replies; read receipts and unread counts follow', async () => {
    const started = await as('parent', 'POST', '/api/messages/conversations', {
      recipient: { kind: 'user', userId: s.classTeacher.id },
      subject: 'Lerato’s reading book',
      body: 'Good morning Mr Botha, Lerato left her reading book at school. Could she fetch it tomorrow?',
    });
    expect(started.statusCode).toBe(201);
    const { conversationId } = started.json();

    expect((await as('classTeacher', 'GET', '/api/messages/unread')).json()).toEqual({ conversations: 1, messages: 1 });
    expect((await as('parent', 'GET', '/api/messages/unread')).json()).toEqual({ conversations: 0, messages: 0 });
    const inbox = (await as('classTeacher', 'GET', '/api/messages/conversations')).json().conversations;
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      id: conversationId,
      subject: 'Lerato’s reading book',
      unreadCount: 1,
      with: [{ userId: s.parent.id, name: 'Nomsa Mokoena', side: 'guardian' }],
      lastMessage: { senderName: 'Nomsa Mokoena', mine: false },
    });

    expect((await as('classTeacher', 'POST', `/api/messages/conversations/${conversationId}/read`)).statusCode).toBe(
      204,
    );
    expect((await as('classTeacher', 'GET', '/api/messages/unread')).json()).toEqual({ conversations: 0, messages: 0 });
    const reply = await as('classTeacher', 'POST', `/api/messages/conversations/${conversationId}/messages`, {
      body: 'Morning Mrs Mokoena, of course. It is on my desk.',
    });
    expect(reply.statusCode).toBe(201);
    const thread = (await as('parent', 'GET', `/api/messages/conversations/${conversationId}`)).json();
    expect(thread.messages.map((m: { senderName: string }) => m.senderName)).toEqual(['Nomsa Mokoena', 'Pieter Botha']);
    const teacherMark = thread.participants.find((p: { userId: string }) => p.userId === s.classTeacher.id);
    // The teacher has read the parent's message (Seen), and their own reply.
    expect(new Date(teacherMark.lastReadAt).getTime()).toBeGreaterThanOrEqual(
      new Date(thread.messages[0].sentAt).getTime(),
    );
    expect((await as('parent', 'GET', '/api/messages/unread')).json()).toEqual({ conversations: 1, messages: 1 });
  });

  it('a guardian cannot read or write in a conversation they are not part of; a second school sees nothing', async () => {
    const { conversationId } = (
      await as('parent', 'POST', '/api/messages/conversations', {
        recipient: { kind: 'office' },
        subject: 'School fees',
        body: 'Please send me the statement for October.',
      })
    ).json();
    for (const who of ['otherParent', 'otherTeacher', 'otherSchoolAdmin', 'otherSchoolParent']) {
      expect((await as(who, 'GET', `/api/messages/conversations/${conversationId}`)).statusCode, who).toBe(404);
      expect(
        (await as(who, 'POST', `/api/messages/conversations/${conversationId}/messages`, { body: 'Hello' })).statusCode,
        who,
      ).toBe(404);
      expect((await as(who, 'POST', `/api/messages/conversations/${conversationId}/read`)).statusCode, who).toBe(404);
      expect(
        (await as(who, 'PUT', `/api/messages/conversations/${conversationId}/archive`, { archived: true })).statusCode,
      ).toBe(404);
    }
    for (const who of ['otherSchoolAdmin', 'otherSchoolParent']) {
      expect((await as(who, 'GET', '/api/messages/conversations')).json().conversations).toEqual([]);
      expect((await as(who, 'GET', '/api/messages/search?q=statement')).json().results).toEqual([]);
      const offered = (await as(who, 'GET', '/api/messages/recipients')).json().recipients as { key: string }[];
      expect(offered.map((r) => r.key)).not.toContain(`user:${s.classTeacher.id}`);
    }
    // The office (the admin) is in it.
    const office = (await as('admin', 'GET', '/api/messages/conversations')).json().conversations;
    expect(office.map((c: { id: string }) => c.id)).toContain(conversationId);
    // A school admin cannot start one with the other school's people either.
    const across = await as('admin', 'POST', '/api/messages/conversations', {
      recipient: { kind: 'user', userId: other.parent.id },
      subject: 'Hello',
      body: 'Hello',
    });
    expect(across.statusCode).toBe(403);
  });

  it('searches the caller’s own messages by the start of words, and finds subjects', async () => {
    const found = (await as('parent', 'GET', '/api/messages/search?q=readi')).json().results;
    expect(found.some((r: { snippet: string }) => r.snippet.includes('reading book'))).toBe(true);
    const bySubject = (await as('admin', 'GET', '/api/messages/search?q=fees')).json().results;
    expect(bySubject[0]).toMatchObject({ subject: 'School fees', messageId: null });
    expect((await as('otherParent', 'GET', '/api/messages/search?q=readi')).json().results).toEqual([]);
    expect((await as('parent', 'GET', '/api/messages/search?q=a')).statusCode).toBe(400);
  });

  it('archives for the caller only; a new message brings it back', async () => {
    const list = (await as('parent', 'GET', '/api/messages/conversations')).json().conversations;
    const id = list.find((c: { subject: string }) => c.subject === 'Lerato’s reading book').id;
    expect(
      (await as('parent', 'PUT', `/api/messages/conversations/${id}/archive`, { archived: true })).statusCode,
    ).toBe(204);
    const inbox = (await as('parent', 'GET', '/api/messages/conversations')).json().conversations;
    expect(inbox.map((c: { id: string }) => c.id)).not.toContain(id);
    const archived = (await as('parent', 'GET', '/api/messages/conversations?box=archived')).json().conversations;
    expect(archived.map((c: { id: string }) => [c.id, (c as unknown as { archived: boolean }).archived])).toEqual([
      [id, true],
    ]);
    expect((await as('classTeacher', 'GET', '/api/messages/conversations')).json().conversations[0].archived).toBe(
      false,
    );
    await as('classTeacher', 'POST', `/api/messages/conversations/${id}/messages`, {
      body: 'Lerato has her book again.',
    });
    const back = (await as('parent', 'GET', '/api/messages/conversations')).json().conversations;
    expect(back.map((c: { id: string }) => c.id)).toContain(id);
  });

  it('attachments open to the conversation’s participants only; a retried send is stored once', async () => {
    const upload = multipartBody({ name: 'sick-note.pdf', type: 'application/pdf', bytes: SAMPLE.pdf });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { cookie: cookie.parent!, ...upload.headers },
      payload: upload.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const fileId = uploaded.json().id as string;
    const list = (await as('parent', 'GET', '/api/messages/conversations')).json().conversations;
    const id = list.find((c: { subject: string }) => c.subject === 'Lerato’s reading book').id;
    const send = () =>
      as('parent', 'POST', `/api/messages/conversations/${id}/messages`, {
        body: 'Here is the doctor’s note for Monday.',
        attachmentIds: [fileId],
        clientKey: 'note-for-monday-1',
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(first.json().attachments).toEqual([
      { id: fileId, name: 'sick-note.pdf', size: SAMPLE.pdf.length, mimeType: 'application/pdf' },
    ]);
    const thread = (await as('classTeacher', 'GET', `/api/messages/conversations/${id}`)).json();
    expect(thread.messages.filter((m: { body: string }) => m.body.startsWith('Here is the doctor')).length).toBe(1);
    expect((await as('classTeacher', 'GET', `/api/uploads/${fileId}`)).statusCode).toBe(200);
    expect((await as('otherParent', 'GET', `/api/uploads/${fileId}`)).statusCode).toBe(404);
    expect((await as('otherTeacher', 'GET', `/api/uploads/${fileId}`)).statusCode).toBe(404);
    // Only one's own uploads can be attached.
    const stolen = await as('classTeacher', 'POST', `/api/messages/conversations/${id}/messages`, {
      body: 'Forwarding',
      attachmentIds: [fileId],
    });
    expect(stolen.statusCode).toBe(400);
  });

  it('staff write to each other; a teacher reaches the parents of learners they teach only', async () => {
    const offered = (await as('mathsTeacher', 'GET', '/api/messages/recipients')).json().recipients as {
      key: string;
      description: string;
    }[];
    expect(offered.map((r) => r.key)).toEqual(
      expect.arrayContaining([`user:${s.admin.id}`, `user:${s.classTeacher.id}`, `user:${s.parent.id}`]),
    );
    expect(offered.map((r) => r.key)).not.toContain(`user:${s.otherParent.id}`);
    expect(offered.find((r) => r.key === `user:${s.parent.id}`)!.description).toBe('Parent of Lerato');
    const toColleague = await as('mathsTeacher', 'POST', '/api/messages/conversations', {
      recipient: { kind: 'user', userId: s.otherTeacher.id },
      subject: 'Grade 8 test dates',
      body: 'Shall we set the Term 4 test for the 14th?',
    });
    expect(toColleague.statusCode).toBe(201);
    const toStranger = await as('mathsTeacher', 'POST', '/api/messages/conversations', {
      recipient: { kind: 'user', userId: s.otherParent.id },
      subject: 'Hello',
      body: 'Hello',
    });
    expect(toStranger.statusCode).toBe(403);
    expect(toStranger.json().error.message).toBe(M.staffRecipientNotAllowed);
  });

  it('a customer and a seller’s team talk about an order (the marketplace’s door)', async () => {
    const { db } = t.database;
    const seller = await createUser(db, {
      role: 'business_partner',
      organization: { name: 'Ubuntu Uniforms', type: 'business' },
    });
    const customer = await createUser(db, { role: 'customer' });
    const about = { kind: 'order' as const, id: 'ORD-10025' };
    const opened = await openSubjectConversation(db, {
      about,
      sellerOrganizationId: seller.organizationId!,
      customerUserId: customer.id,
      subject: 'Order ORD-10025',
    });
    const again = await openSubjectConversation(db, {
      about,
      sellerOrganizationId: seller.organizationId!,
      customerUserId: customer.id,
      subject: 'Order ORD-10025',
    });
    expect(again.conversationId).toBe(opened.conversationId);
    const customerCookie = (await signIn(t.app, customer.email, customer.password)).cookie;
    const sellerCookie = (await signIn(t.app, seller.email, seller.password)).cookie;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/messages/conversations/${opened.conversationId}/messages`,
      headers: { cookie: customerCookie },
      payload: { body: 'Is the blazer in size 32 still coming this week?' },
    });
    expect(sent.statusCode).toBe(201);
    const sellerInbox = await t.app.inject({
      method: 'GET',
      url: '/api/messages/conversations',
      headers: { cookie: sellerCookie },
    });
    expect(sellerInbox.json().conversations[0]).toMatchObject({
      about,
      unreadCount: 1,
      with: [{ userId: customer.id, side: 'customer' }],
    });
    // Customers do not start school conversations.
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/messages/recipients',
      headers: { cookie: customerCookie },
    });
    expect(refused.statusCode).toBe(403);
  });
});
