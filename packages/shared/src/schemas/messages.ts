import { z } from 'zod';
import { SCHOOL_STAFF_ROLES, type TRole } from '../constants/roles.ts';

/**
 * Messages (D20): conversations between school staff and guardians, between staff, and between a
 * customer and a seller about an order or booking. Every text a person sees lives here once.
 */
export const MESSAGE_MESSAGES = {
  bodyRequired: 'Please write a message.',
  bodyTooLong: 'A message can be at most 5 000 characters.',
  subjectRequired: 'Please give the conversation a subject.',
  subjectTooLong: 'A subject can be at most 120 characters.',
  recipientRequired: 'Please choose who to write to.',
  tooManyAttachments: 'You can attach at most 5 files to a message.',
  notFound: 'Conversation not found.',
  recipientNotAllowed:
    'You can only message the teachers of your own children and the school office. Choose someone from the list.',
  staffRecipientNotAllowed: 'You can only message people at your school you work with. Choose someone from the list.',
  cannotMessage: 'Messages are for school staff and parents at a school.',
  searchTooShort: 'Type at least 2 characters to search.',
} as const;

export const MESSAGE_BODY_MAX = 5000;
export const MESSAGE_SUBJECT_MAX = 120;
export const MESSAGE_ATTACHMENTS_MAX = 5;

/** Staff who message at a school (parents message through communicate_teachers). */
export const MESSAGING_STAFF_ROLES = [
  'school_admin',
  'teacher',
  ...SCHOOL_STAFF_ROLES,
] as const satisfies readonly TRole[];
/** The school office: who answers a message to "the school office". */
export const OFFICE_ROLES = ['school_admin', 'administrator', 'school_staff'] as const satisfies readonly TRole[];

export const CONVERSATION_KINDS = ['school', 'order', 'booking'] as const;
export const PARTICIPANT_SIDES = ['staff', 'guardian', 'office', 'customer', 'seller'] as const;

const ZBody = z
  .string()
  .trim()
  .min(1, MESSAGE_MESSAGES.bodyRequired)
  .max(MESSAGE_BODY_MAX, MESSAGE_MESSAGES.bodyTooLong);
const ZAttachmentIds = z.array(z.uuid()).max(MESSAGE_ATTACHMENTS_MAX, MESSAGE_MESSAGES.tooManyAttachments).default([]);
/** A key the sender's page makes for one send: a retry with the same key stores the message once. */
const ZClientKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .optional();

export const ZSendMessageSchema = z.object({ body: ZBody, attachmentIds: ZAttachmentIds, clientKey: ZClientKey });
export type TSendMessageInput = z.input<typeof ZSendMessageSchema>;

export const ZRecipient = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userId: z.string().min(1).max(100) }),
  z.object({ kind: z.literal('office') }),
]);
export type TRecipient = z.infer<typeof ZRecipient>;

export const ZStartConversationSchema = z.object({
  recipient: ZRecipient,
  subject: z
    .string()
    .trim()
    .min(1, MESSAGE_MESSAGES.subjectRequired)
    .max(MESSAGE_SUBJECT_MAX, MESSAGE_MESSAGES.subjectTooLong),
  body: ZBody,
  attachmentIds: ZAttachmentIds,
  clientKey: ZClientKey,
});
export type TStartConversationInput = z.input<typeof ZStartConversationSchema>;

/** What a customer and a seller talk about: one of the customer's orders or bookings. */
export const CONVERSATION_SUBJECT_KINDS = ['order', 'booking'] as const;
export type TConversationSubjectKind = (typeof CONVERSATION_SUBJECT_KINDS)[number];
export const ZConversationAboutSchema = z.object({
  kind: z.enum(CONVERSATION_SUBJECT_KINDS),
  id: z.uuid(),
});
export type TConversationAboutInput = z.infer<typeof ZConversationAboutSchema>;

/** The form on the page: the recipient picked from the list by its key ('office' or 'user:<id>'). */
export const ZNewConversationForm = z.object({
  recipientKey: z.string().min(1, MESSAGE_MESSAGES.recipientRequired),
  subject: ZStartConversationSchema.shape.subject,
  body: ZBody,
});
export type TNewConversationForm = z.infer<typeof ZNewConversationForm>;

export const ZAttachment = z.object({ id: z.uuid(), name: z.string(), size: z.number().int(), mimeType: z.string() });

export const ZMessage = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  senderId: z.string().nullable(),
  senderName: z.string(),
  body: z.string(),
  sentAt: z.string(),
  attachments: z.array(ZAttachment),
});
export type TMessage = z.infer<typeof ZMessage>;

export const ZParticipant = z.object({
  userId: z.string(),
  name: z.string(),
  side: z.enum(PARTICIPANT_SIDES),
  /** When they last read the conversation (for "Seen"); null if never. */
  lastReadAt: z.string().nullable(),
});

export const ZConversationSummary = z.object({
  id: z.uuid(),
  kind: z.enum(CONVERSATION_KINDS),
  subject: z.string(),
  /** What an order or booking conversation is about. */
  about: z.object({ kind: z.enum(['order', 'booking']), id: z.string() }).nullable(),
  /** The others in the conversation (the caller left out). */
  with: z.array(z.object({ userId: z.string(), name: z.string(), side: z.enum(PARTICIPANT_SIDES) })),
  lastMessage: z.object({ body: z.string(), senderName: z.string(), sentAt: z.string(), mine: z.boolean() }).nullable(),
  lastMessageAt: z.string(),
  unreadCount: z.number().int(),
  archived: z.boolean(),
});
export type TConversationSummary = z.infer<typeof ZConversationSummary>;

export const ZConversationList = z.object({
  conversations: z.array(ZConversationSummary),
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: z.string().nullable(),
});

export const ZConversationListQuery = z.object({
  box: z.enum(['inbox', 'archived']).default('inbox'),
  before: z.iso.datetime({ offset: true }).optional(),
});

export const ZConversationDetail = z.object({
  conversation: ZConversationSummary,
  participants: z.array(ZParticipant),
  messages: z.array(ZMessage),
  /** Older messages exist: pass the first message's `sentAt` as `before`. */
  hasEarlier: z.boolean(),
});
export type TConversationDetail = z.infer<typeof ZConversationDetail>;

export const ZThreadQuery = z.object({ before: z.iso.datetime({ offset: true }).optional() });

export const ZUnreadCounts = z.object({ conversations: z.number().int(), messages: z.number().int() });

export const ZSearchQuery = z.object({ q: z.string().trim().min(2, MESSAGE_MESSAGES.searchTooShort).max(100) });
export const ZSearchResults = z.object({
  results: z.array(
    z.object({
      conversationId: z.uuid(),
      subject: z.string(),
      messageId: z.uuid().nullable(),
      senderName: z.string(),
      snippet: z.string(),
      sentAt: z.string(),
    }),
  ),
});

export const ZRecipientOption = z.object({
  /** 'office' or 'user:<id>' (the form's value). */
  key: z.string(),
  recipient: ZRecipient,
  name: z.string(),
  /** Why they are on the list: "Mathematics, Grade 8A (Lerato's teacher)", "School office", a role. */
  description: z.string(),
});
export type TRecipientOption = z.infer<typeof ZRecipientOption>;
export const ZRecipientList = z.object({ recipients: z.array(ZRecipientOption) });
export const ZRecipientQuery = z.object({ q: z.string().trim().max(100).optional() });

export const ZArchiveSchema = z.object({ archived: z.boolean() });

/** Realtime event types of this module (platform/realtime). */
export const MESSAGE_EVENTS = { created: 'message.created', read: 'conversation.read' } as const;
export const ZMessageCreatedEvent = z.object({ conversationId: z.uuid(), message: ZMessage });
export const ZConversationReadEvent = z.object({
  conversationId: z.uuid(),
  userId: z.string(),
  lastReadAt: z.string(),
});
