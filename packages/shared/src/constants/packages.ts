/**
 * The nine school subscription packages (spec 9). Prices are monthly, VAT-inclusive integer cents.
 * The package list is a local module in the spec too (spec 7), so the pricing page, the
 * wizard's package step and the checkout all read this one list.
 */

import { idsOf } from '../domain/options.ts';

export { FREE_TRIAL_DAYS } from './trial.ts';

/**
 * Every package has the same features (spec 9); packages differ by student limit and support.
 * The spec does not list the features; this list is ours, taken from the school dashboard
 * areas of spec 1. Messages go through the school's own messaging account.
 */
export const SCHOOL_PACKAGE_FEATURES = [
  'Student and teacher management',
  'Classes and timetable',
  'Attendance tracking',
  'Assignments and grades',
  'Curriculum and reports',
  'Fee collection and finance',
  'Parent communication',
  'Transport management',
  'School shop',
  'Events and ticketing',
  'Library',
  'Online applications',
] as const;

const SUPPORT_EMAIL_48H = 'Email support (48h response)';
const SUPPORT_24H = 'Support (24h response)';
const SUPPORT_PRIORITY_12H = 'Priority support (12h response)';
const SUPPORT_DEDICATED = 'Dedicated account manager';

/*
 * `emailLimit` is null for every package: the spec's Package has the field but gives no figure, and
 * messages go through the school's own messaging account (spec 9), so the platform sets no cap.
 */
export const SCHOOL_PACKAGES = [
  {
    id: 'starter',
    name: 'Starter',
    priceCents: 59900,
    students: 30,
    supportLevel: SUPPORT_EMAIL_48H,
    includeSMS: false,
    recommended: false,
    emailLimit: null,
    features: SCHOOL_PACKAGE_FEATURES,
  },
  {
    id: 'basic',
    name: 'Basic',
    priceCents: 79900,
    students: 50,
    supportLevel: SUPPORT_EMAIL_48H,
    includeSMS: false,
    recommended: false,
    emailLimit: null,
    features: SCHOOL_PACKAGE_FEATURES,
  },
  {
    id: 'growth',
    name: 'Growth',
    priceCents: 119900,
    students: 100,
    supportLevel: SUPPORT_24H,
    includeSMS: false,
    recommended: false,
    emailLimit: null,
    features: SCHOOL_PACKAGE_FEATURES,
  },
  {
    id: 'standard',
    name: 'Standard',
    priceCents: 199900,
    students: 200,
    supportLevel: SUPPORT_24H,
    includeSMS: false,
    recommended: false,
    emailLimit: null,
    features: SCHOOL_PACKAGE_FEATURES,
  },
  {
    id: 'professional',
    name: 'Professional',
    priceCents: 299900,
    students: 500,
    supportLevel: SUPPORT_PRIORITY_12H,
    includeSMS: false,
    recommended: false,
    emailLimit: null,
    features: SCHOOL_PACKAGE_FEATURES,
  },
  {
    id: 'advanced',
    name: 'Advanced',
    priceCents: 399900,
    students: 1000,
    supportLevel: SUPPORT_PRIORITY_12H,
    includeSMS: false,
    recommended: true,
    emailLimit: null,
    features: SCHOOL_PACKAGE_FEATURES,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    priceCents: 599900,
    students: 5000,
    supportLevel: SUPPORT_DEDICATED,
    includeSMS: true,
    recommended: false,
    emailLimit: null,
    features: SCHOOL_PACKAGE_FEATURES,
  },
  // Spec: support "not shown" for the two largest packages. Our decision: they keep Enterprise's
  // dedicated account manager and SMS, since a bigger package should never offer less.
  {
    id: 'enterprise-plus',
    name: 'Enterprise Plus',
    priceCents: 999900,
    students: 10000,
    supportLevel: SUPPORT_DEDICATED,
    includeSMS: true,
    recommended: false,
    emailLimit: null,
    features: SCHOOL_PACKAGE_FEATURES,
  },
  {
    id: 'enterprise-max',
    name: 'Enterprise Max',
    priceCents: 1299900,
    students: 50000,
    supportLevel: SUPPORT_DEDICATED,
    includeSMS: true,
    recommended: false,
    emailLimit: null,
    features: SCHOOL_PACKAGE_FEATURES,
  },
] as const;

export type TSchoolPackage = (typeof SCHOOL_PACKAGES)[number];
export type TSchoolPackageId = TSchoolPackage['id'];
export const SCHOOL_PACKAGE_IDS = idsOf(SCHOOL_PACKAGES);

export function isSchoolPackageId(value: unknown): value is TSchoolPackageId {
  return typeof value === 'string' && (SCHOOL_PACKAGE_IDS as readonly string[]).includes(value);
}

/** `undefined` for an unknown id, e.g. a package id left over in an old stored draft. */
export function getSchoolPackage(id: string | null | undefined): TSchoolPackage | undefined {
  return SCHOOL_PACKAGES.find((pkg) => pkg.id === id);
}
