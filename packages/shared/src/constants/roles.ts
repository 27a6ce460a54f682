/**
 * Roles, business partner types, permissions and where each role lands after sign-in.
 * Spec section 6 names the roles and gives the permission table for four of them; the rest is
 * our decision (marked below) because the spec says "Permission sets for other roles: not shown".
 */

import { idsOf, type IOption } from '../domain/options.ts';

/** Roles a person may choose on the register screen (spec 2.8 / 6), in the order the cards appear. */
export const REGISTRATION_ROLES = [
  'customer',
  'school_admin',
  'business_partner',
  'charity',
  'young_entrepreneur',
] as const;
export type TRegistrationRole = (typeof REGISTRATION_ROLES)[number];

/** One partner may be several of these at once (spec 6). Labels are the texts the forms show. */
export const BUSINESS_PARTNER_TYPES = [
  { id: 'tutor', label: 'Tutor / Course Provider' },
  { id: 'service_provider', label: 'Service Provider' },
  { id: 'product_vendor', label: 'Product Vendor' },
  { id: 'consultant', label: 'Consultant' },
] as const satisfies readonly IOption[];
export type TBusinessPartnerType = (typeof BUSINESS_PARTNER_TYPES)[number]['id'];
export const BUSINESS_PARTNER_TYPE_IDS = idsOf(BUSINESS_PARTNER_TYPES);

/** School staff roles other than teacher (who has a dashboard of its own); they work from the school dashboard. */
export const SCHOOL_STAFF_ROLES = [
  'school_staff',
  'accountant',
  'administrator',
  'human_resources',
  'payroll_admin',
  'driver',
  'coach',
  'lunch_lady',
  'school_shop_manager',
  'librarian',
] as const;
export type TSchoolStaffRole = (typeof SCHOOL_STAFF_ROLES)[number];

/**
 * Every role name: the registration roles, the other names of spec 6, and `platform_admin`
 * (the review team's operator role).
 */
export const ROLES = [
  ...REGISTRATION_ROLES,
  'platform_admin',
  'teacher',
  'student',
  'parent',
  ...SCHOOL_STAFF_ROLES,
  'service_vendor',
  'product_vendor',
  'lms_tutor',
  'ai_assistant',
] as const;
export type TRole = (typeof ROLES)[number];

export function isRole(value: unknown): value is TRole {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isRegistrationRole(value: unknown): value is TRegistrationRole {
  return typeof value === 'string' && (REGISTRATION_ROLES as readonly string[]).includes(value);
}

/** Every permission name. The first group is the spec's vocabulary; the last group is ours. */
export const PERMISSION_NAMES = [
  // From spec 6.
  'manage_students',
  'manage_teachers',
  'manage_curriculum',
  'view_financials',
  'manage_events',
  'manage_transport',
  'manage_library',
  'view_reports',
  'manage_settings',
  'manage_staff',
  'manage_roles',
  'manage_permissions',
  'view_students',
  'manage_attendance',
  'manage_grades',
  'view_curriculum',
  'create_assignments',
  'view_profile',
  'view_grades',
  'view_attendance',
  'access_library',
  'view_events',
  'view_child_profile',
  'view_child_grades',
  'view_child_attendance',
  'manage_payments',
  'communicate_teachers',
  // Our decision: needed by staff roles the spec names without a permission set.
  'manage_payroll',
  'manage_shop',
  'manage_catering',
] as const;
export type TPermission = (typeof PERMISSION_NAMES)[number];

/**
 * Permissions per role. A role not needing school permissions has an empty list: customers,
 * partners, charities and entrepreneurs act on their own records, and platform operators use the
 * console under a role check, not as members of a school.
 * Note: the spec's school_admin list has no `view_*` entries (e.g. no `view_students`); check the
 * `manage_*` permission for admin screens rather than adding an implication rule here.
 */
export const PERMISSIONS = {
  // From spec 6, exactly.
  school_admin: [
    'manage_students',
    'manage_teachers',
    'manage_curriculum',
    'view_financials',
    'manage_events',
    'manage_transport',
    'manage_library',
    'view_reports',
    'manage_settings',
    'manage_staff',
    'manage_roles',
    'manage_permissions',
  ],
  teacher: [
    'view_students',
    'manage_attendance',
    'manage_grades',
    'view_curriculum',
    'create_assignments',
    'view_reports',
  ],
  student: ['view_profile', 'view_grades', 'view_attendance', 'access_library', 'view_events'],
  parent: [
    'view_child_profile',
    'view_child_grades',
    'view_child_attendance',
    'manage_payments',
    'view_events',
    'communicate_teachers',
  ],

  // Our decision: least privilege for each job.
  school_staff: ['view_students', 'view_events'],
  accountant: ['view_financials', 'manage_payments', 'view_reports'],
  administrator: ['view_students', 'manage_students', 'manage_attendance', 'manage_events', 'view_reports'],
  human_resources: ['manage_staff', 'manage_teachers', 'view_reports'],
  payroll_admin: ['manage_payroll', 'view_financials'],
  driver: ['manage_transport'],
  coach: ['view_students', 'manage_attendance', 'manage_events'],
  lunch_lady: ['manage_catering'],
  school_shop_manager: ['manage_shop', 'view_financials'],
  librarian: ['manage_library', 'view_students'],
  lms_tutor: ['view_curriculum', 'create_assignments'],
  ai_assistant: [],
  customer: [],
  business_partner: [],
  charity: [],
  young_entrepreneur: [],
  service_vendor: [],
  product_vendor: [],
  platform_admin: [],
} as const satisfies Record<TRole, readonly TPermission[]>;

/** False for unknown or missing roles, so a typo never grants access. */
export function hasPermission(role: string | null | undefined, permission: TPermission): boolean {
  if (!isRole(role)) return false;
  return (PERMISSIONS[role] as readonly TPermission[]).includes(permission);
}

export const DEFAULT_DASHBOARD_PATH = '/dashboard/school';

/** Where `/dashboard` sends each role (spec 2.3). */
export const DASHBOARD_PATH_BY_ROLE = {
  school_admin: '/dashboard/school',
  school_staff: '/dashboard/school',
  accountant: '/dashboard/school',
  administrator: '/dashboard/school',
  human_resources: '/dashboard/school',
  payroll_admin: '/dashboard/school',
  driver: '/dashboard/school',
  coach: '/dashboard/school',
  lunch_lady: '/dashboard/school',
  school_shop_manager: '/dashboard/school',
  librarian: '/dashboard/school',
  ai_assistant: '/dashboard/school',
  teacher: '/dashboard/teacher',
  parent: '/dashboard/parent',
  student: '/dashboard/student',
  young_entrepreneur: '/dashboard/entrepreneur',
  business_partner: '/dashboard/business',
  // Our decision: the older vendor/tutor role names are business partners under another name.
  service_vendor: '/dashboard/business',
  product_vendor: '/dashboard/business',
  lms_tutor: '/dashboard/business',
  charity: '/dashboard/charity',
  customer: '/dashboard/customer',
  platform_admin: '/console',
} as const satisfies Record<TRole, string>;

/** The spec's default (spec 2.3) for unknown or missing roles. */
export function dashboardPathForRole(role: string | null | undefined): string {
  return isRole(role) ? DASHBOARD_PATH_BY_ROLE[role] : DEFAULT_DASHBOARD_PATH;
}

/** Guardian relations (spec 3 / 6); `guardian` is shown as 'Legal Guardian'. */
export const GUARDIAN_RELATIONS = [
  { id: 'parent', label: 'Parent' },
  { id: 'guardian', label: 'Legal Guardian' },
  { id: 'grandparent', label: 'Grandparent' },
  { id: 'other', label: 'Other' },
] as const satisfies readonly IOption[];
export type TGuardianRelation = (typeof GUARDIAN_RELATIONS)[number]['id'];

/**
 * D26: the school roles whose permissions a school admin (manage_roles and manage_permissions) may
 * change for their school, in the order the matrix shows them.
 */
export const SCHOOL_CONFIGURABLE_ROLES = [
  'school_admin',
  'teacher',
  ...SCHOOL_STAFF_ROLES,
  'student',
  'parent',
] as const satisfies readonly TRole[];
export type TSchoolConfigurableRole = (typeof SCHOOL_CONFIGURABLE_ROLES)[number];

/** Never withdrawn from the school admin, so that nobody locks the school out of its own settings. */
export const LOCKED_SCHOOL_ADMIN_PERMISSIONS = [
  'manage_settings',
  'manage_roles',
  'manage_permissions',
] as const satisfies readonly TPermission[];

/** Held by the school admin only: never granted to another role (nobody hands themselves more rights). */
export const SCHOOL_ADMIN_ONLY_PERMISSIONS = [
  'manage_roles',
  'manage_permissions',
] as const satisfies readonly TPermission[];

/** Whether a school may grant (`granted` true) or withdraw `permission` for `role`; a reason when not. */
export function permissionChangeRefusal(role: string, permission: TPermission, granted: boolean): string | null {
  if (
    !granted &&
    role === 'school_admin' &&
    (LOCKED_SCHOOL_ADMIN_PERMISSIONS as readonly string[]).includes(permission)
  )
    return 'The school admin always keeps Manage settings, Manage roles and Manage permissions, so that nobody locks the school out.';
  if (granted && role !== 'school_admin' && (SCHOOL_ADMIN_ONLY_PERMISSIONS as readonly string[]).includes(permission))
    return 'Only the school admin manages roles and permissions.';
  return null;
}

/**
 * A role's permissions in a school whose table changes its defaults: `overrides` as the session
 * statement reads them, '+permission' granted and '-permission' withdrawn, comma-separated (null: none).
 * A change the rules refuse (permissionChangeRefusal) is ignored, whatever is stored.
 */
export function permissionsWithOverrides(role: string, overrides: string | null | undefined): TPermission[] {
  const defaults: readonly TPermission[] = isRole(role) ? PERMISSIONS[role] : [];
  if (!overrides) return [...defaults];
  const held = new Set<TPermission>(defaults);
  for (const entry of overrides.split(',')) {
    const permission = entry.slice(1) as TPermission;
    if (!(PERMISSION_NAMES as readonly string[]).includes(permission)) continue;
    const granted = entry.startsWith('+');
    if (permissionChangeRefusal(role, permission, granted)) continue;
    if (granted) held.add(permission);
    else held.delete(permission);
  }
  return PERMISSION_NAMES.filter((permission) => held.has(permission));
}

/** How the settings screens name each permission. */
export const PERMISSION_LABELS: Record<TPermission, string> = {
  manage_students: 'Manage learners',
  manage_teachers: 'Manage teachers',
  manage_curriculum: 'Manage curriculum',
  view_financials: 'View finances',
  manage_events: 'Manage events',
  manage_transport: 'Manage transport',
  manage_library: 'Manage library',
  view_reports: 'View reports',
  manage_settings: 'Manage settings',
  manage_staff: 'Manage staff',
  manage_roles: 'Manage roles',
  manage_permissions: 'Manage permissions',
  view_students: 'View learners',
  manage_attendance: 'Take attendance',
  manage_grades: 'Capture marks',
  view_curriculum: 'View curriculum',
  create_assignments: 'Set assignments',
  view_profile: 'View own profile',
  view_grades: 'View own marks',
  view_attendance: 'View own attendance',
  access_library: 'Use the library',
  view_events: 'View events',
  view_child_profile: "View child's profile",
  view_child_grades: "View child's marks",
  view_child_attendance: "View child's attendance",
  manage_payments: 'Make and manage payments',
  communicate_teachers: 'Message teachers',
  manage_payroll: 'Manage payroll',
  manage_shop: 'Manage school shop',
  manage_catering: 'Manage catering',
};
