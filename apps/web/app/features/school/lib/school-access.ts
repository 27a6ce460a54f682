import { DASHBOARD_PATH_BY_ROLE, PERMISSIONS, type TPermission, type TRole } from '@sekolo/shared/constants/roles';
import { paths } from '~/config/paths';

/** Who works in the school's area: the roles whose dashboard is the school's, and teachers. */
export const SCHOOL_AREA_ROLES: readonly TRole[] = [
  ...(Object.entries(DASHBOARD_PATH_BY_ROLE) as [TRole, string][])
    .filter(([, path]) => path === paths.dashboard.school)
    .map(([role]) => role),
  'teacher',
];

/**
 * The school roles holding at least one of `permissions` (spec 6), for the route guard; the server
 * checks the same permissions on every request.
 */
export function schoolRolesWith(permissions: readonly TPermission[]): TRole[] {
  return SCHOOL_AREA_ROLES.filter((role) =>
    permissions.some((permission) => (PERMISSIONS[role] as readonly TPermission[]).includes(permission)),
  );
}

export const LEARNER_VIEWER_ROLES = schoolRolesWith(['manage_students', 'view_students']);
export const LEARNER_MANAGER_ROLES = schoolRolesWith(['manage_students']);
export const OVERVIEW_ROLES = schoolRolesWith(['manage_students', 'view_students', 'view_reports']);
/** Who sees registers and attendance: the school's managers and the teachers (the server's VIEW_ATTENDANCE). */
export const ATTENDANCE_VIEW_PERMISSIONS: readonly TPermission[] = ['manage_students', 'manage_attendance'];
export const ATTENDANCE_ROLES = schoolRolesWith(ATTENDANCE_VIEW_PERMISSIONS);
/** Who opens the school's billing settings (routes/billing-settings.tsx): the admins who pay. */
export const BILLING_ROLES: readonly TRole[] = ['school_admin', 'administrator'];
/** Who opens the school's finance pages: those who see its financials (the server's view_financials). */
export const FINANCE_ROLES = schoolRolesWith(['view_financials']);
/** Who opens the gradebook: teachers (their own subject classes) and the curriculum's managers (the server's MARK_GRADES). */
export const GRADEBOOK_ROLES = schoolRolesWith(['manage_grades', 'manage_curriculum']);
/** Who sets and marks assignments (the server's SET_ASSIGNMENTS). */
export const ASSIGNMENT_SETTER_ROLES = schoolRolesWith(['create_assignments', 'manage_curriculum']);
/** Who reads the programme of assessment (the server's READ_PROGRAMME); only manage_curriculum edits it. */
/** The Reports page: attendance and marks across the school (view_reports). */
/** The report cards screen: the school admin (manage_curriculum). */
export const REPORT_CARD_ROLES = schoolRolesWith(['manage_curriculum']);
export const REPORTS_ROLES = schoolRolesWith(['view_reports']);
export const PROGRAMME_READER_ROLES = schoolRolesWith(['manage_curriculum', 'manage_grades', 'view_curriculum']);

/** Who sends the school's announcements: the school admin and the administrator. */
export const ANNOUNCEMENT_SENDER_ROLES = schoolRolesWith(['manage_settings', 'manage_students']);

/**
 * routes/dashboard-school-events.tsx: every school role, and parents and learners, who see the
 * calendar of their audience (view_events); the page itself shows what the person's permissions allow.
 */
export const EVENTS_PAGE_ROLES: readonly TRole[] = [...SCHOOL_AREA_ROLES, 'parent', 'student'];
