import type { TConversationSubjectKind } from '@sekolo/shared/schemas/messages';
import type { DbExecutor } from '../../../platform/db/client.ts';

/**
 * What a module that sells tells the messages module about one of its orders or bookings, for the
 * user asking: its customer, its seller's organisation and a subject line; null when the thing
 * does not exist or the user is neither its customer nor a member of its seller (the same answer).
 */
export type TConversationSubject = { sellerOrganizationId: string; customerUserId: string; subject: string };
export type TSubjectResolver = (db: DbExecutor, userId: string, id: string) => Promise<TConversationSubject | null>;

const resolvers = new Map<TConversationSubjectKind, TSubjectResolver>();

/** Registered once per kind by the module that owns it (register-modules.ts); a test app may register again. */
export function addConversationSubject(kind: TConversationSubjectKind, resolve: TSubjectResolver): void {
  resolvers.set(kind, resolve);
}

export function subjectResolver(kind: TConversationSubjectKind): TSubjectResolver | undefined {
  return resolvers.get(kind);
}
