import { MESSAGING_STAFF_ROLES } from '@sekolo/shared/schemas/messages';
import { paths } from '~/config/paths';

const BUSINESS_ROLES = ['business_partner', 'service_vendor', 'product_vendor', 'lms_tutor'];
/** Accounts with conversations of their own outside a school (a customer's with a seller). */
const OWN_ROLES = ['customer', 'charity', 'young_entrepreneur'];

/** Who starts school conversations (the server's canStartSchoolConversation): school staff and parents. */
export const SCHOOL_MESSAGING_ROLES: readonly string[] = [...MESSAGING_STAFF_ROLES, 'parent'];
export const SCHOOL_STAFF_MESSAGING_ROLES: readonly string[] = MESSAGING_STAFF_ROLES;
export const BUSINESS_MESSAGING_ROLES: readonly string[] = BUSINESS_ROLES;
export const OWN_MESSAGING_ROLES: readonly string[] = OWN_ROLES;

/** The messages page of a role's own dashboard, or null for roles without conversations (learners, operators). */
export function messagesPathFor(role: string | null): string | null {
  if (!role) return null;
  if ((MESSAGING_STAFF_ROLES as readonly string[]).includes(role)) return paths.messages.school;
  if (role === 'parent') return paths.messages.parent;
  if (BUSINESS_ROLES.includes(role)) return paths.messages.business;
  if (OWN_ROLES.includes(role)) return paths.messages.mine;
  return null;
}
