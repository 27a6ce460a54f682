import { describe, it, expect } from 'vitest';
import {
  BUSINESS_PARTNER_TYPES,
  BUSINESS_PARTNER_TYPE_IDS,
  DASHBOARD_PATH_BY_ROLE,
  GUARDIAN_RELATIONS,
  PERMISSIONS,
  PERMISSION_NAMES,
  REGISTRATION_ROLES,
  ROLES,
  SCHOOL_STAFF_ROLES,
  dashboardPathForRole,
  hasPermission,
  isRegistrationRole,
  isRole,
} from './roles.ts';

describe('roles', () => {
  it('offers the five registration roles of spec 2.8 in card order', () => {
    expect(REGISTRATION_ROLES).toEqual([
      'customer',
      'school_admin',
      'business_partner',
      'charity',
      'young_entrepreneur',
    ]);
  });

  it('has the four business partner types with their labels', () => {
    expect(BUSINESS_PARTNER_TYPES).toEqual([
      { id: 'tutor', label: 'Tutor / Course Provider' },
      { id: 'service_provider', label: 'Service Provider' },
      { id: 'product_vendor', label: 'Product Vendor' },
      { id: 'consultant', label: 'Consultant' },
    ]);
    expect(BUSINESS_PARTNER_TYPE_IDS).toEqual(['tutor', 'service_provider', 'product_vendor', 'consultant']);
  });

  it('knows every role name of spec 6 plus platform_admin, without duplicates', () => {
    const fromSpec = [
      'service_vendor',
      'product_vendor',
      'lms_tutor',
      'teacher',
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
      'ai_assistant',
      'student',
      'parent',
    ];
    for (const role of [...fromSpec, ...REGISTRATION_ROLES, 'platform_admin']) {
      expect(ROLES).toContain(role);
    }
    expect(new Set(ROLES).size).toBe(ROLES.length);
    expect(ROLES).toHaveLength(fromSpec.length + REGISTRATION_ROLES.length + 1);
  });

  it('recognises roles', () => {
    expect(isRole('teacher')).toBe(true);
    expect(isRole('Teacher')).toBe(false);
    expect(isRole(undefined)).toBe(false);
    expect(isRegistrationRole('charity')).toBe(true);
    expect(isRegistrationRole('parent')).toBe(false);
  });
});

describe('permissions', () => {
  it('matches the spec 6 table exactly for school_admin, teacher, student and parent', () => {
    expect(PERMISSIONS.school_admin).toEqual([
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
    ]);
    expect(PERMISSIONS.teacher).toEqual([
      'view_students',
      'manage_attendance',
      'manage_grades',
      'view_curriculum',
      'create_assignments',
      'view_reports',
    ]);
    expect(PERMISSIONS.student).toEqual([
      'view_profile',
      'view_grades',
      'view_attendance',
      'access_library',
      'view_events',
    ]);
    expect(PERMISSIONS.parent).toEqual([
      'view_child_profile',
      'view_child_grades',
      'view_child_attendance',
      'manage_payments',
      'view_events',
      'communicate_teachers',
    ]);
  });

  it('has a permission list for every role, using only known permission names', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...ROLES].sort());
    for (const list of Object.values(PERMISSIONS)) {
      for (const permission of list) expect(PERMISSION_NAMES).toContain(permission);
    }
  });

  it('gives the staff roles their job permissions', () => {
    expect(hasPermission('accountant', 'view_financials')).toBe(true);
    expect(hasPermission('accountant', 'manage_payments')).toBe(true);
    expect(hasPermission('librarian', 'manage_library')).toBe(true);
    expect(hasPermission('driver', 'manage_transport')).toBe(true);
    expect(hasPermission('driver', 'view_financials')).toBe(false);
  });

  it('checks permissions exactly and denies unknown or missing roles', () => {
    expect(hasPermission('school_admin', 'manage_roles')).toBe(true);
    expect(hasPermission('teacher', 'manage_roles')).toBe(false);
    expect(hasPermission('parent', 'manage_payments')).toBe(true);
    expect(hasPermission('student', 'manage_grades')).toBe(false);
    expect(hasPermission('platform_admin', 'manage_students')).toBe(false);
    expect(hasPermission('superuser', 'manage_students')).toBe(false);
    expect(hasPermission(null, 'view_events')).toBe(false);
    expect(hasPermission(undefined, 'view_events')).toBe(false);
  });
});

describe('dashboards', () => {
  it('sends each role to its dashboard', () => {
    expect(dashboardPathForRole('school_admin')).toBe('/dashboard/school');
    expect(dashboardPathForRole('teacher')).toBe('/dashboard/teacher');
    expect(dashboardPathForRole('parent')).toBe('/dashboard/parent');
    expect(dashboardPathForRole('student')).toBe('/dashboard/student');
    expect(dashboardPathForRole('young_entrepreneur')).toBe('/dashboard/entrepreneur');
    expect(dashboardPathForRole('business_partner')).toBe('/dashboard/business');
    expect(dashboardPathForRole('charity')).toBe('/dashboard/charity');
    expect(dashboardPathForRole('customer')).toBe('/dashboard/customer');
    expect(dashboardPathForRole('platform_admin')).toBe('/console');
  });

  it('sends school staff to the school dashboard', () => {
    for (const role of SCHOOL_STAFF_ROLES) expect(DASHBOARD_PATH_BY_ROLE[role]).toBe('/dashboard/school');
  });

  it('defaults to /dashboard/school for unknown or missing roles', () => {
    expect(dashboardPathForRole('nobody')).toBe('/dashboard/school');
    expect(dashboardPathForRole(null)).toBe('/dashboard/school');
    expect(dashboardPathForRole(undefined)).toBe('/dashboard/school');
  });

  it('covers every role', () => {
    expect(Object.keys(DASHBOARD_PATH_BY_ROLE).sort()).toEqual([...ROLES].sort());
  });
});

describe('guardian relations', () => {
  it('has the four relations with guardian shown as Legal Guardian', () => {
    expect(GUARDIAN_RELATIONS).toEqual([
      { id: 'parent', label: 'Parent' },
      { id: 'guardian', label: 'Legal Guardian' },
      { id: 'grandparent', label: 'Grandparent' },
      { id: 'other', label: 'Other' },
    ]);
  });
});
