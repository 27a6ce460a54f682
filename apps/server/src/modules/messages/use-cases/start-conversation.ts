import { and, eq, sql } from 'drizzle-orm';
import { MESSAGE_MESSAGES as M, type TStartConversationInput } from '@sekolo/shared/schemas/messages';
import { rowsOf, type DbExecutor } from '../../../platform/db/client.ts';
import { conversationParticipants, conversations } from '../../../platform/db/schema/index.ts';
import { forbidden } from '../../../platform/http/errors.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import type { TSchoolCaller } from '../lib/caller.ts';
import { guardiansForStaff, officeStaff, staffOfSchool, teachersOfMyChildren } from '../lib/recipients.ts';
import { sendInTransaction } from './send-message.ts';

type TSide = 'staff' | 'guardian' | 'office';

/**
 * Who the conversation is with, if `caller` may write to them (403 with the reason otherwise): a
 * guardian reaches the teachers of their own children and the office; staff reach each other, and
 * the office and teachers reach the guardians of learners in their care (recipients.ts).
 */
async function resolveRecipients(
  db: DbExecutor,
  caller: TSchoolCaller,
  recipient: TStartConversationInput['recipient'],
): Promise<{ userId: string; side: TSide }[]> {
  const { organizationId } = caller;
  if (caller.standing === 'guardian') {
    if (recipient.kind === 'office') {
      const office = await officeStaff(db, organizationId);
      if (office.length === 0) throw forbidden(M.recipientNotAllowed);
      return office.map((userId) => ({ userId, side: 'office' }));
    }
    const [teacher] = await teachersOfMyChildren(db, organizationId, caller.user.id, recipient.userId);
    if (!teacher) throw forbidden(M.recipientNotAllowed);
    return [{ userId: recipient.userId, side: 'staff' }];
  }
  if (recipient.kind === 'office') throw forbidden(M.staffRecipientNotAllowed);
  const [colleague] = await staffOfSchool(db, organizationId, caller.user.id, { onlyUserId: recipient.userId });
  if (colleague) return [{ userId: recipient.userId, side: 'staff' }];
  const [guardian] = await guardiansForStaff(db, caller, { onlyUserId: recipient.userId });
  if (guardian) return [{ userId: recipient.userId, side: 'guardian' }];
  throw forbidden(M.staffRecipientNotAllowed);
}

/**
 * A new school conversation with its first message. A retry with the same `clientKey` answers the
 * conversation the first attempt made.
 */
export async function startSchoolConversation(
  db: DbExecutor,
  caller: TSchoolCaller,
  input: Omit<TStartConversationInput, 'attachmentIds'> & { attachmentIds?: string[] },
): Promise<{ conversationId: string }> {
  const others = await resolveRecipients(db, caller, input.recipient);
  if (input.clientKey) {
    const [earlier] = rowsOf<{ conversation_id: string }>(
      await db.execute(sql`
        select m.conversation_id from messages m join conversations c on c.id = m.conversation_id
        where m.sender_id = ${caller.user.id} and m.client_key = ${input.clientKey} and c.organization_id = ${caller.organizationId}
        limit 1`),
    );
    if (earlier) return { conversationId: earlier.conversation_id };
  }
  return transaction(db, async (tx) => {
    const [conversation] = await tx
      .insert(conversations)
      .values({
        kind: 'school',
        organizationId: caller.organizationId,
        subject: input.subject.trim(),
        createdBy: caller.user.id,
      })
      .returning({ id: conversations.id });
    const mySide: TSide =
      caller.standing === 'guardian' ? 'guardian' : caller.standing === 'office' ? 'office' : 'staff';
    await tx
      .insert(conversationParticipants)
      .values([
        { conversationId: conversation!.id, userId: caller.user.id, side: mySide },
        ...others
          .filter((o) => o.userId !== caller.user.id)
          .map((o) => ({ conversationId: conversation!.id, userId: o.userId, side: o.side })),
      ]);
    await sendInTransaction(tx, caller.user.id, conversation!.id, input);
    return { conversationId: conversation!.id };
  });
}

/**
 * The conversation between a customer and a seller's organisation about an order or booking,
 * made on first use (for the marketplace, which checks the order or booking is the customer's):
 * the customer and every member of the seller's organisation take part. Idempotent: the same
 * customer, seller and subject answer the same conversation, with members who joined since added.
 */
export async function openSubjectConversation(
  db: DbExecutor,
  input: {
    about: { kind: 'order' | 'booking'; id: string };
    sellerOrganizationId: string;
    customerUserId: string;
    subject: string;
  },
): Promise<{ conversationId: string }> {
  return transaction(db, async (tx) => {
    await tx
      .insert(conversations)
      .values({
        kind: input.about.kind,
        organizationId: input.sellerOrganizationId,
        subject: input.subject.slice(0, 120),
        subjectKind: input.about.kind,
        subjectRef: input.about.id,
        createdBy: input.customerUserId,
      })
      .onConflictDoNothing();
    const [conversation] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          eq(conversations.organizationId, input.sellerOrganizationId),
          eq(conversations.subjectKind, input.about.kind),
          eq(conversations.subjectRef, input.about.id),
          eq(conversations.createdBy, input.customerUserId),
        ),
      );
    const conversationId = conversation!.id;
    await tx.execute(sql`
      insert into conversation_participants (conversation_id, user_id, side)
      select ${conversationId}::uuid, ${input.customerUserId}, 'customer'
      union all
      select ${conversationId}::uuid, om.user_id, 'seller' from organization_members om
      where om.organization_id = ${input.sellerOrganizationId} and om.user_id <> ${input.customerUserId}
      on conflict do nothing`);
    return { conversationId };
  });
}
