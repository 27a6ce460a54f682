import { dashboardPathForRole } from '@sekolo/shared/constants/roles';
import type { TSessionUser } from '../../platform/auth/guards.ts';

/** Where an applicant continues: the registration wizard, until the team approves them. */
export const APPLICANT_PATH = '/registration-steps';

/** The answer of GET /api/me (accounts contract). */
export function toMeResponse(user: TSessionUser) {
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      firstName: user.firstName,
      lastName: user.lastName,
      image: user.image,
      emailVerified: user.emailVerified,
    },
    role: user.role,
    status: user.status,
    permissions: user.permissions,
    organization: user.organization
      ? { id: user.organization.id, name: user.organization.name, type: user.organization.type }
      : null,
    dashboardPath: user.status === 'active' ? dashboardPathForRole(user.role) : APPLICANT_PATH,
  };
}
export type TMeResponse = ReturnType<typeof toMeResponse>;
