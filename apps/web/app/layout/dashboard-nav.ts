import {
  BarChart3,
  BookOpen,
  Building2,
  Bus,
  CalendarCheck,
  CalendarClock,
  ClipboardList,
  CreditCard,
  Banknote,
  PiggyBank,
  Trophy,
  FileText,
  GraduationCap,
  HeartHandshake,
  LayoutDashboard,
  Library,
  LineChart,
  ListChecks,
  MessageSquare,
  NotebookPen,
  School,
  Settings,
  ShoppingBag,
  Star,
  Store,
  Ticket,
  UserRoundCheck,
  Globe,
  Users,
  Wallet,
} from 'lucide-react';
import type { TPermission, TRole } from '@sekolo/shared/constants/roles';
import {
  ASSIGNMENT_SETTER_ROLES,
  ATTENDANCE_ROLES,
  ATTENDANCE_VIEW_PERMISSIONS,
  GRADEBOOK_ROLES,
  PROGRAMME_READER_ROLES,
  REPORT_CARD_ROLES,
  LEARNER_VIEWER_ROLES,
  EVENTS_PAGE_ROLES,
  SCHOOL_AREA_ROLES,
  schoolRolesWith,
} from '~/features/school/lib/school-access';
import type { ISidebarItem, ISidebarSection } from '~/components/layout/sidebar/sidebar-state';
import { paths } from '~/config/paths';
import { SidebarUnreadCount } from '~/features/messages/components/messages-link';

/**
 * Who may open a sidebar item: the same props the page's RequireAuth takes (any one of `roles`,
 * and `permission` if given), or 'own-dashboard' for the Dashboard item, which always leads to the
 * person's own dashboard.
 */
export type TSidebarAccess =
  | 'own-dashboard'
  | {
      roles?: readonly string[];
      permission?: TPermission;
      /**
       * One of these, as the person holds them at their school (GET /api/me: the school's own table,
       * D26): an item whose permission the school withdrew from a role is not offered to it.
       */
      anyPermission?: readonly TPermission[];
    };

export interface IGuardedSidebarItem extends ISidebarItem {
  access: TSidebarAccess;
}
export interface IGuardedSidebarSection {
  label: string;
  items: readonly IGuardedSidebarItem[];
}

/** What the sidebar needs to know of the signed-in person (the session hook gives all three). */
export interface ISidebarViewer {
  role: string | null;
  permissions: readonly string[];
  dashboardPath: string;
}

/**
 * A module a later issue fills: its route lets every school role in (SCHOOL_AREA_ROLES), but the
 * menu offers it to the school administrator, who runs every module (spec 2.4 lists them all for
 * the school), and to the school roles holding one of the module's permissions (spec 6).
 */
function moduleRoles(permissions: readonly TPermission[]): TRole[] {
  return ['school_admin', ...schoolRolesWith(permissions).filter((role) => role !== 'school_admin')];
}

// The guards of the pages built so far, as each route file states them.
/** routes/dashboard-school-timetable.tsx */
const TIMETABLE_ROLES = [...SCHOOL_AREA_ROLES, 'parent'];
/**
 * routes/dashboard-school-teachers.tsx lets every school role in, but only staff managers get the
 * staff list; the others would see an empty 'No teachers yet', so the menu leaves it out for them.
 */
const STAFF_MANAGER_ROLES = schoolRolesWith(['manage_staff']);
/**
 * routes/dashboard-student-assignments.tsx lets learners and every school role in; until the
 * assignments issue fills it, the menu offers it to learners and to those who set assignments.
 */
const STUDENT_ASSIGNMENTS_ROLES = [...moduleRoles(['create_assignments']), 'student'];

const REPORTS_ROLES = moduleRoles(['view_reports']);

/**
 * The school sidebar, exactly as spec 2.4 lists it for the school administrator (Classes and
 * Reports appear in two sections). Everyone else sees the items their role may open
 * (`schoolSidebarFor`).
 */
export const SCHOOL_SIDEBAR_SECTIONS: readonly IGuardedSidebarSection[] = [
  {
    label: 'Main',
    items: [
      { label: 'Dashboard', to: paths.dashboard.school, icon: LayoutDashboard, end: true, access: 'own-dashboard' },
      {
        label: 'Students',
        to: paths.school.learners,
        icon: GraduationCap,
        access: { roles: LEARNER_VIEWER_ROLES, anyPermission: ['manage_students', 'view_students'] },
      },
      {
        label: 'Teachers',
        to: paths.school.teachers,
        icon: UserRoundCheck,
        access: { roles: STAFF_MANAGER_ROLES, anyPermission: ['manage_staff'] },
      },
      {
        label: 'Classes',
        to: paths.school.classes,
        icon: School,
        access: { roles: LEARNER_VIEWER_ROLES, anyPermission: ['manage_students', 'view_students'] },
      },
      {
        label: 'Attendance',
        to: paths.school.attendance,
        icon: CalendarCheck,
        access: { roles: ATTENDANCE_ROLES, anyPermission: ATTENDANCE_VIEW_PERMISSIONS },
      },
      {
        label: 'Extramurals',
        to: paths.activities.learner,
        icon: Trophy,
        // The learner's own page: activities open to their grade (view_events as the school gives it).
        access: { roles: ['student'], anyPermission: ['view_events'] },
      },
    ],
  },
  {
    label: 'Academic',
    items: [
      {
        label: 'Classes',
        to: paths.school.classes,
        icon: School,
        access: { roles: LEARNER_VIEWER_ROLES, anyPermission: ['manage_students', 'view_students'] },
      },
      {
        label: 'Timetable',
        to: paths.school.timetable,
        icon: CalendarClock,
        access: { roles: TIMETABLE_ROLES },
      },
      {
        label: 'Assignments',
        to: paths.school.assignments,
        icon: ClipboardList,
        access: { roles: ASSIGNMENT_SETTER_ROLES, anyPermission: ['create_assignments', 'manage_curriculum'] },
      },
      {
        label: 'Student Assignments',
        to: paths.dashboard.studentAssignments,
        icon: NotebookPen,
        access: { roles: STUDENT_ASSIGNMENTS_ROLES },
      },
      {
        label: 'My Library',
        to: paths.library.mine,
        icon: BookOpen,
        // A borrower's own library: learners by default (access_library, D26).
        access: { roles: [...SCHOOL_AREA_ROLES, 'student'], anyPermission: ['access_library'] },
      },
      {
        label: 'Grades',
        to: paths.school.grades,
        icon: ListChecks,
        access: { roles: GRADEBOOK_ROLES, anyPermission: ['manage_grades', 'manage_curriculum'] },
      },
      {
        label: 'Report Cards',
        to: paths.school.reportCards,
        icon: FileText,
        access: { roles: REPORT_CARD_ROLES, anyPermission: ['manage_curriculum'] },
      },
      {
        label: 'Curriculum',
        to: paths.school.curriculum,
        icon: BookOpen,
        access: {
          roles: PROGRAMME_READER_ROLES,
          anyPermission: ['manage_curriculum', 'manage_grades', 'view_curriculum'],
        },
      },
      {
        label: 'Reports',
        to: paths.school.module('reports'),
        icon: FileText,
        access: { roles: REPORTS_ROLES, anyPermission: ['view_reports'] },
      },
    ],
  },
  {
    label: 'Administration',
    items: [
      {
        label: 'Finance',
        to: paths.school.module('finance'),
        icon: Wallet,
        access: { roles: moduleRoles(['view_financials']), anyPermission: ['view_financials'] },
      },
      {
        label: 'Transport',
        to: paths.school.module('transport'),
        icon: Bus,
        access: { roles: moduleRoles(['manage_transport']), anyPermission: ['manage_transport'] },
      },
      {
        label: 'Shop',
        to: paths.schoolShop.school,
        icon: ShoppingBag,
        // The school shop (D25): manage_shop, or manage_settings for the school admin, as the school's table gives them.
        access: { roles: SCHOOL_AREA_ROLES, anyPermission: ['manage_shop', 'manage_settings'] },
      },
      {
        label: 'Extramurals',
        to: paths.activities.school,
        icon: Trophy,
        // Extramural activities (D25): whoever manages them (manage_events) or coaches (manage_attendance).
        access: { roles: SCHOOL_AREA_ROLES, anyPermission: ['manage_events', 'manage_attendance'] },
      },
      {
        label: 'Events',
        to: paths.events.school,
        icon: Ticket,
        // Events (D25): managed with manage_events; the calendar for view_events (staff, parents, learners).
        access: { roles: EVENTS_PAGE_ROLES, anyPermission: ['manage_events', 'view_events'] },
      },
      {
        label: 'Library',
        to: paths.library.school,
        icon: Library,
        // The library (D25): whoever holds manage_library at the school (its table, D26).
        access: { roles: SCHOOL_AREA_ROLES, anyPermission: ['manage_library'] },
      },
      {
        label: 'Facilities',
        to: paths.facilities.school,
        icon: Building2,
        // Facility rentals (D22): whoever holds manage_events at the school (its table, D26).
        access: { roles: SCHOOL_AREA_ROLES, anyPermission: ['manage_events'] },
      },
      {
        label: 'Reports',
        to: paths.school.module('reports'),
        icon: FileText,
        access: { roles: REPORTS_ROLES, anyPermission: ['view_reports'] },
      },
      {
        label: 'Settings',
        to: paths.settings.profile,
        icon: Settings,
        // The settings pages ask for manage_settings as the school's table gives it (D26), whatever the role.
        access: { roles: SCHOOL_AREA_ROLES, anyPermission: ['manage_settings'] },
      },
    ],
  },
];

/** The footer's School Settings link (spec 2.4): for those who may change the school's settings. */
export const SCHOOL_SETTINGS_LINK_ACCESS: TSidebarAccess = {
  roles: SCHOOL_AREA_ROLES,
  anyPermission: ['manage_settings'],
};

/** The same test as RequireAuth: one of the roles, if listed, and the permission, if given. */
export function canOpenSidebarItem(access: TSidebarAccess, viewer: ISidebarViewer): boolean {
  if (access === 'own-dashboard') return true;
  if (access.roles !== undefined && (viewer.role === null || !access.roles.includes(viewer.role))) return false;
  if (access.permission !== undefined && !viewer.permissions.includes(access.permission)) return false;
  if (access.anyPermission !== undefined && !access.anyPermission.some((p) => viewer.permissions.includes(p)))
    return false;
  return true;
}

/**
 * The sidebar a person sees: only the items they may open, sections left empty dropped, and the
 * Dashboard item leading to their own dashboard (the one /dashboard sends them to).
 */
export function sidebarSectionsFor(
  sections: readonly IGuardedSidebarSection[],
  viewer: ISidebarViewer,
): ISidebarSection[] {
  return sections
    .map((section) => ({
      label: section.label,
      items: section.items
        .filter((item) => canOpenSidebarItem(item.access, viewer))
        .map(({ access, ...item }): ISidebarItem =>
          access === 'own-dashboard' ? { ...item, to: viewer.dashboardPath } : item,
        ),
    }))
    .filter((section) => section.items.length > 0);
}

export function schoolSidebarFor(viewer: ISidebarViewer): ISidebarSection[] {
  return sidebarSectionsFor(SCHOOL_SIDEBAR_SECTIONS, viewer);
}

/**
 * The business sidebar (spec 2.4: sections Overview, My Business, Management), with the areas
 * spec 1 gives the business dashboard: analytics, listings, reviews, messages, bookings,
 * customers, reports, billing and settings.
 */
export const BUSINESS_SIDEBAR_SECTIONS: readonly ISidebarSection[] = [
  {
    label: 'Overview',
    items: [
      { label: 'Dashboard', to: paths.dashboard.business, icon: LayoutDashboard, end: true },
      { label: 'Analytics', to: paths.dashboard.businessModule('analytics'), icon: LineChart },
    ],
  },
  {
    label: 'My Business',
    items: [
      { label: 'Listings', to: paths.dashboard.businessModule('listings'), icon: Store },
      { label: 'Orders', to: paths.dashboard.businessModule('orders'), icon: ShoppingBag },
      { label: 'Reviews', to: paths.dashboard.businessModule('reviews'), icon: Star },
      {
        label: 'Messages',
        to: paths.dashboard.businessModule('messages'),
        icon: MessageSquare,
        Count: SidebarUnreadCount,
      },
      { label: 'Bookings', to: paths.dashboard.businessModule('bookings'), icon: CalendarClock },
      { label: 'Facility bookings', to: paths.facilities.business, icon: Building2 },
      { label: 'Customers', to: paths.dashboard.businessModule('customers'), icon: Users },
    ],
  },
  {
    label: 'Management',
    items: [
      { label: 'Reports', to: paths.dashboard.businessModule('reports'), icon: BarChart3 },
      { label: 'Payouts', to: paths.payouts.business, icon: Wallet },
      { label: 'Billing', to: paths.payouts.businessBilling, icon: CreditCard },
      { label: 'Settings', to: paths.dashboard.businessModule('settings'), icon: Settings },
      { label: 'Public profile', to: paths.dashboard.businessPublicProfile, icon: Globe },
    ],
  },
];

/** The young entrepreneur's sidebar: their shop's overview, listings, orders, earnings and payouts. */
export const ENTREPRENEUR_SIDEBAR_SECTIONS: readonly ISidebarSection[] = [
  {
    label: 'My Shop',
    items: [
      { label: 'Dashboard', to: paths.dashboard.entrepreneur, icon: LayoutDashboard, end: true },
      { label: 'Listings', to: paths.dashboard.entrepreneurListings, icon: Store },
      { label: 'Orders', to: paths.dashboard.entrepreneurOrders, icon: ShoppingBag },
    ],
  },
  {
    label: 'Money',
    items: [
      { label: 'Earnings', to: paths.dashboard.entrepreneurEarnings, icon: PiggyBank },
      { label: 'Payouts', to: paths.dashboard.entrepreneurPayouts, icon: Banknote },
    ],
  },
];

/** The charity sidebar (D24): campaigns, donors, payouts (the payouts work) and settings. */
export const CHARITY_SIDEBAR_SECTIONS: readonly ISidebarSection[] = [
  {
    label: 'Overview',
    items: [
      { label: 'Dashboard', to: paths.dashboard.charity, icon: LayoutDashboard, end: true },
      { label: 'Campaigns', to: paths.charity.campaigns, icon: HeartHandshake },
      { label: 'Donors', to: paths.charity.donors, icon: Users },
    ],
  },
  {
    label: 'Management',
    items: [
      { label: 'Payouts', to: paths.payouts.charity, icon: Wallet },
      { label: 'Settings', to: paths.charity.settings, icon: Settings },
    ],
  },
];

export type TSidebarKind = 'school' | 'business' | 'entrepreneur' | 'charity';

/** Which sidebar a dashboard path shows; null keeps the plain layout (parent, customer, console...). */
export function sidebarKindForPath(pathname: string): TSidebarKind | null {
  if (pathname === paths.dashboard.business || pathname.startsWith(`${paths.dashboard.business}/`)) return 'business';
  if (pathname === paths.dashboard.entrepreneur || pathname.startsWith(`${paths.dashboard.entrepreneur}/`))
    return 'entrepreneur';
  if (pathname === paths.dashboard.charity || pathname.startsWith(`${paths.dashboard.charity}/`)) return 'charity';
  if (/^\/dashboard\/(school|teacher|student)(\/|$)/.test(pathname)) return 'school';
  return null;
}
