import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dashboardPathForRole, PERMISSIONS, ROLES, type TRole } from '@sekolo/shared/constants/roles';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import {
  EVENTS_PAGE_ROLES,
  FINANCE_ROLES,
  REPORT_CARD_ROLES,
  LEARNER_VIEWER_ROLES,
  SCHOOL_AREA_ROLES,
  schoolRolesWith,
} from '~/features/school/lib/school-access';
import {
  canOpenSidebarItem,
  SCHOOL_SETTINGS_LINK_ACCESS,
  schoolSidebarFor,
  type ISidebarViewer,
} from './dashboard-nav';
import { filterSidebarSections, type ISidebarSection } from '~/components/layout/sidebar/sidebar-state';

function viewer(role: TRole | null): ISidebarViewer {
  return {
    role,
    permissions: role ? [...PERMISSIONS[role]] : [],
    dashboardPath: dashboardPathForRole(role),
  };
}

/** Section label → [item label, path] as the person sees them. */
function menu(sections: readonly ISidebarSection[]): Record<string, [string, string][]> {
  return Object.fromEntries(sections.map((s) => [s.label, s.items.map((item) => [item.label, item.to])]));
}

function routeSource(file: string): string {
  return readFileSync(new URL(`../routes/${file}`, import.meta.url), 'utf8');
}

/**
 * The guard of each page the sidebar links to, with the words its route file states it in: if a
 * route's guard changes, this test fails until the sidebar and this table follow it.
 */
const ROUTE_GUARDS: { match: RegExp; file: string; states: string; roles: readonly string[] }[] = [
  {
    match: /^\/dashboard\/school\/students$/,
    file: 'dashboard-school-students.tsx',
    states: '<RequireAuth roles={LEARNER_VIEWER_ROLES}>',
    roles: LEARNER_VIEWER_ROLES,
  },
  {
    match: /^\/dashboard\/school\/classes$/,
    file: 'dashboard-school-classes.tsx',
    states: '<RequireAuth roles={LEARNER_VIEWER_ROLES}>',
    roles: LEARNER_VIEWER_ROLES,
  },
  {
    match: /^\/dashboard\/school\/teachers$/,
    file: 'dashboard-school-teachers.tsx',
    states: '<RequireAuth roles={STAFF_MANAGER_ROLES}>',
    roles: schoolRolesWith(['manage_staff']),
  },
  {
    match: /^\/dashboard\/school\/attendance$/,
    file: 'dashboard-school-attendance.tsx',
    states: '<RequireAuth roles={ATTENDANCE_ROLES}>',
    roles: schoolRolesWith(['manage_students', 'manage_attendance']),
  },
  {
    match: /^\/dashboard\/school\/timetable$/,
    file: 'dashboard-school-timetable.tsx',
    states: "[...SCHOOL_AREA_ROLES, 'parent']",
    roles: [...SCHOOL_AREA_ROLES, 'parent'],
  },
  {
    match: /^\/dashboard\/student\/assignments$/,
    file: 'dashboard-student-assignments.tsx',
    states: "<RequireAuth roles={[...SCHOOL_AREA_ROLES, 'student']}>",
    roles: [...SCHOOL_AREA_ROLES, 'student'],
  },
  {
    match: /^\/dashboard\/school\/finance$/,
    file: 'dashboard-school-finance.tsx',
    states: '<RequireAuth roles={FINANCE_ROLES}>',
    roles: FINANCE_ROLES,
  },
  {
    match: /^\/dashboard\/school\/settings$/,
    file: 'dashboard-school-settings.tsx',
    states: '<RequireAuth roles={SCHOOL_AREA_ROLES} permission="manage_settings">',
    roles: SCHOOL_AREA_ROLES,
  },
  {
    match: /^\/dashboard\/school\/library$/,
    file: 'dashboard-school-library.tsx',
    states: '<RequireAuth roles={SCHOOL_AREA_ROLES} permission="manage_library">',
    roles: SCHOOL_AREA_ROLES,
  },
  {
    match: /^\/dashboard\/student\/library$/,
    file: 'dashboard-student-library.tsx',
    states: '<RequireAuth roles={[...SCHOOL_AREA_ROLES, \'student\']} permission="access_library">',
    roles: [...SCHOOL_AREA_ROLES, 'student'],
  },
  {
    match: /^\/dashboard\/school\/facilities$/,
    file: 'dashboard-school-facilities.tsx',
    states: '<RequireAuth roles={SCHOOL_AREA_ROLES} permission="manage_events">',
    roles: SCHOOL_AREA_ROLES,
  },
  {
    match: /^\/dashboard\/school\/activities$/,
    file: 'dashboard-school-activities.tsx',
    states: '<RequireAuth roles={SCHOOL_AREA_ROLES}>',
    roles: SCHOOL_AREA_ROLES,
  },
  {
    match: /^\/dashboard\/student\/extramurals$/,
    file: 'dashboard-student-extramurals.tsx',
    states: '<RequireAuth roles={[\'student\']} permission="view_events">',
    roles: ['student'],
  },
  {
    match: /^\/dashboard\/school\/events$/,
    file: 'dashboard-school-events.tsx',
    states: '<RequireAuth roles={EVENTS_PAGE_ROLES}>',
    roles: EVENTS_PAGE_ROLES,
  },
  {
    match: /^\/dashboard\/school\/shop$/,
    file: 'dashboard-school-shop.tsx',
    states: "<RequireAuth roles={SCHOOL_AREA_ROLES} anyPermission={['manage_shop', 'manage_settings']}>",
    roles: SCHOOL_AREA_ROLES,
  },
  {
    match: /^\/dashboard\/school\/transport$/,
    file: 'dashboard-school-transport.tsx',
    states: '<RequireAuth roles={SCHOOL_AREA_ROLES} permission="manage_transport">',
    roles: SCHOOL_AREA_ROLES,
  },
  {
    match: /^\/dashboard\/school\/report-cards$/,
    file: 'dashboard-school-report-cards.tsx',
    states: '<RequireAuth roles={REPORT_CARD_ROLES}>',
    roles: REPORT_CARD_ROLES,
  },
  {
    // /dashboard/school/:module/* — the modules later issues fill.
    match: /^\/dashboard\/school\/(assignments|grades|curriculum|reports|settings)$/,
    file: 'dashboard-school-module.tsx',
    states: '<RequireAuth roles={SCHOOL_AREA_ROLES}>',
    roles: SCHOOL_AREA_ROLES,
  },
];

/** The roles the guard of `path` lets in; dashboards let in the roles whose own dashboard they are. */
function guardRoles(path: string): readonly string[] {
  const guard = ROUTE_GUARDS.find((g) => g.match.test(path));
  if (guard) return guard.roles;
  const dashboardRoles = rolesForDashboard(path);
  if (dashboardRoles.length > 0) return dashboardRoles;
  throw new Error(`No known guard for ${path}`);
}

describe('the school sidebar per role', () => {
  it('states each guard as its route file does', () => {
    for (const guard of ROUTE_GUARDS) expect(routeSource(guard.file), guard.file).toContain(guard.states);
    expect(routeSource('dashboard-school.tsx')).toContain('<DashboardHome path={paths.dashboard.school}');
  });

  it('gives the school administrator the spec 2.4 list and the pages built beyond it, in order', () => {
    expect(menu(schoolSidebarFor(viewer('school_admin')))).toEqual({
      Main: [
        ['Dashboard', '/dashboard/school'],
        ['Students', '/dashboard/school/students'],
        ['Teachers', '/dashboard/school/teachers'],
        ['Classes', '/dashboard/school/classes'],
        ['Attendance', '/dashboard/school/attendance'],
      ],
      Academic: [
        ['Classes', '/dashboard/school/classes'],
        ['Timetable', '/dashboard/school/timetable'],
        ['Assignments', '/dashboard/school/assignments'],
        ['Student Assignments', '/dashboard/student/assignments'],
        ['Grades', '/dashboard/school/grades'],
        // Beyond spec 2.4: the term's report cards, generated and published by the school.
        ['Report Cards', '/dashboard/school/report-cards'],
        ['Curriculum', '/dashboard/school/curriculum'],
        ['Reports', '/dashboard/school/reports'],
      ],
      Administration: [
        ['Finance', '/dashboard/school/finance'],
        ['Transport', '/dashboard/school/transport'],
        ['Shop', '/dashboard/school/shop'],
        ['Extramurals', '/dashboard/school/activities'],
        ['Events', '/dashboard/school/events'],
        ['Library', '/dashboard/school/library'],
        ['Facilities', '/dashboard/school/facilities'],
        ['Reports', '/dashboard/school/reports'],
        ['Settings', '/dashboard/school/settings'],
      ],
    });
    expect(canOpenSidebarItem(SCHOOL_SETTINGS_LINK_ACCESS, viewer('school_admin'))).toBe(true);
  });

  it('gives a teacher their dashboard and the teaching pages, no administration but extramurals and reports', () => {
    expect(menu(schoolSidebarFor(viewer('teacher')))).toEqual({
      Main: [
        ['Dashboard', '/dashboard/teacher'],
        ['Students', '/dashboard/school/students'],
        ['Classes', '/dashboard/school/classes'],
        ['Attendance', '/dashboard/school/attendance'],
      ],
      Academic: [
        ['Classes', '/dashboard/school/classes'],
        ['Timetable', '/dashboard/school/timetable'],
        ['Assignments', '/dashboard/school/assignments'],
        ['Student Assignments', '/dashboard/student/assignments'],
        ['Grades', '/dashboard/school/grades'],
        ['Curriculum', '/dashboard/school/curriculum'],
        ['Reports', '/dashboard/school/reports'],
      ],
      // Teachers coach extramurals too (manage_attendance): their sessions of the day.
      Administration: [
        ['Extramurals', '/dashboard/school/activities'],
        ['Reports', '/dashboard/school/reports'],
      ],
    });
    expect(canOpenSidebarItem(SCHOOL_SETTINGS_LINK_ACCESS, viewer('teacher'))).toBe(false);
  });

  it('gives a learner their dashboard, extramurals, assignments, library and the events calendar', () => {
    expect(menu(schoolSidebarFor(viewer('student')))).toEqual({
      Main: [
        ['Dashboard', '/dashboard/student'],
        ['Extramurals', '/dashboard/student/extramurals'],
      ],
      Academic: [
        ['Student Assignments', '/dashboard/student/assignments'],
        ['My Library', '/dashboard/student/library'],
      ],
      Administration: [['Events', '/dashboard/school/events']],
    });
    expect(canOpenSidebarItem(SCHOOL_SETTINGS_LINK_ACCESS, viewer('student'))).toBe(false);
  });

  it('gives a parent on the timetable their dashboard, the timetable and the events calendar', () => {
    expect(menu(schoolSidebarFor(viewer('parent')))).toEqual({
      Main: [['Dashboard', '/dashboard/parent']],
      Academic: [['Timetable', '/dashboard/school/timetable']],
      Administration: [['Events', '/dashboard/school/events']],
    });
  });

  it('gives an accountant finance and reports, a driver transport', () => {
    expect(menu(schoolSidebarFor(viewer('accountant')))).toEqual({
      Main: [['Dashboard', '/dashboard/school']],
      Academic: [
        ['Timetable', '/dashboard/school/timetable'],
        ['Reports', '/dashboard/school/reports'],
      ],
      Administration: [
        ['Finance', '/dashboard/school/finance'],
        ['Reports', '/dashboard/school/reports'],
      ],
    });
    expect(menu(schoolSidebarFor(viewer('driver')))).toEqual({
      Main: [['Dashboard', '/dashboard/school']],
      Academic: [['Timetable', '/dashboard/school/timetable']],
      Administration: [['Transport', '/dashboard/school/transport']],
    });
    const shop = menu(schoolSidebarFor(viewer('school_shop_manager')));
    expect(shop.Administration).toContainEqual(['Shop', '/dashboard/school/shop']);
  });

  it('never offers anyone a link their guard refuses, nor an empty section', () => {
    for (const role of [...ROLES, null]) {
      const sections = schoolSidebarFor(viewer(role));
      expect(sections[0]?.items[0], String(role)).toMatchObject({ label: 'Dashboard', to: dashboardPathForRole(role) });
      for (const section of sections) {
        expect(section.items.length, `${role} ${section.label}`).toBeGreaterThan(0);
        for (const item of section.items) {
          if (item.label === 'Dashboard') continue; // their own dashboard, checked above
          expect(guardRoles(item.to), `${role} → ${item.to}`).toContain(role);
        }
      }
      if (canOpenSidebarItem(SCHOOL_SETTINGS_LINK_ACCESS, viewer(role))) {
        // /admin/school-settings redirects to /dashboard/school (spec 2.3).
        expect(guardRoles('/dashboard/school'), String(role)).toContain(role);
      }
    }
    // Signed in without a known role: only the way back to a dashboard.
    expect(menu(schoolSidebarFor(viewer(null)))).toEqual({ Main: [['Dashboard', '/dashboard/school']] });
  });

  it("follows the school's own permission table (D26): a withdrawn permission is no longer offered, a granted one is", () => {
    const teacher = viewer('teacher');
    const withoutAttendance = { ...teacher, permissions: teacher.permissions.filter((p) => p !== 'manage_attendance') };
    const labels = (v: ISidebarViewer) => schoolSidebarFor(v).flatMap((s) => s.items.map((i) => i.label));
    expect(labels(teacher)).toContain('Attendance');
    expect(labels(withoutAttendance)).not.toContain('Attendance');
    // The school admin without view_reports (withdrawn by their school) loses Reports; the settings stay.
    const admin = viewer('school_admin');
    const noReports = { ...admin, permissions: admin.permissions.filter((p) => p !== 'view_reports') };
    expect(labels(noReports)).not.toContain('Reports');
    expect(labels(noReports)).toContain('Settings');
    // An administrator granted manage_settings by the school sees Settings and the footer link.
    const administrator = viewer('administrator');
    const granted = { ...administrator, permissions: [...administrator.permissions, 'manage_settings'] };
    expect(labels(administrator)).not.toContain('Settings');
    expect(labels(granted)).toContain('Settings');
    expect(canOpenSidebarItem(SCHOOL_SETTINGS_LINK_ACCESS, granted)).toBe(true);
  });

  it('checks a required permission as the route guard does', () => {
    const access = { roles: ['school_admin'], permission: 'manage_settings' } as const;
    expect(canOpenSidebarItem(access, viewer('school_admin'))).toBe(true);
    expect(canOpenSidebarItem(access, { ...viewer('school_admin'), permissions: [] })).toBe(false);
    expect(canOpenSidebarItem(access, viewer('teacher'))).toBe(false);
  });

  it('searches only the items the person sees', () => {
    const learner = schoolSidebarFor(viewer('student'));
    expect(menu(filterSidebarSections(learner, 'student'))).toEqual({
      Academic: [['Student Assignments', '/dashboard/student/assignments']],
    });
    expect(filterSidebarSections(learner, 'finance')).toEqual([]);
    expect(menu(filterSidebarSections(schoolSidebarFor(viewer('school_admin')), 'student'))).toEqual({
      Main: [['Students', '/dashboard/school/students']],
      Academic: [['Student Assignments', '/dashboard/student/assignments']],
    });
  });
});
