/**
 * The option lists and names of the public site's forms, without zod: the forms render these with
 * the page, while the schema (schemas/public-forms.ts, which re-exports everything here) loads only
 * when a visitor starts on a form.
 */
import { idsOf, labelOf, type IOption } from '../domain/options.ts';

/**
 * The honeypot: a field people never see (hidden off-screen, skipped by keyboard and screen
 * readers) that form-filling bots tend to fill in. The server refuses a submission that has it.
 */
export const HONEYPOT_FIELD = 'website';

/** How far ahead a demo can be booked. */
export const DEMO_BOOKING_MAX_DAYS_AHEAD = 90;

/** Learners in the school or group, for the specialists form. */
export const SCHOOL_SIZES = [
  { id: 'up_to_1000', label: 'Up to 1,000 learners' },
  { id: '1001_to_5000', label: '1,001 to 5,000 learners' },
  { id: '5001_to_10000', label: '5,001 to 10,000 learners' },
  { id: '10001_to_50000', label: '10,001 to 50,000 learners' },
  { id: 'over_50000', label: 'More than 50,000 learners' },
] as const satisfies readonly IOption[];
export type TSchoolSize = (typeof SCHOOL_SIZES)[number]['id'];
export const SCHOOL_SIZE_IDS = idsOf(SCHOOL_SIZES);
export const schoolSizeLabel = (id: string | null | undefined) => labelOf(SCHOOL_SIZES, id);

export const DEMO_ROLES = [
  { id: 'principal', label: 'Principal' },
  { id: 'deputy_principal', label: 'Deputy principal' },
  { id: 'school_administrator', label: 'School administrator' },
  { id: 'bursar', label: 'Bursar or finance officer' },
  { id: 'teacher', label: 'Teacher' },
  { id: 'it_manager', label: 'IT manager' },
  { id: 'governing_body', label: 'School governing body member' },
  { id: 'other', label: 'Other' },
] as const satisfies readonly IOption[];
export type TDemoRole = (typeof DEMO_ROLES)[number]['id'];
export const DEMO_ROLE_IDS = idsOf(DEMO_ROLES);
export const demoRoleLabel = (id: string | null | undefined) => labelOf(DEMO_ROLES, id);

/** Demo slots (45 minutes) inside office hours, 08:00 to 17:00 SAST Monday to Friday (spec 9). */
export const DEMO_TIME_SLOTS = [
  { id: '08:00', label: '08:00 to 08:45' },
  { id: '09:00', label: '09:00 to 09:45' },
  { id: '10:00', label: '10:00 to 10:45' },
  { id: '11:00', label: '11:00 to 11:45' },
  { id: '12:00', label: '12:00 to 12:45' },
  { id: '13:00', label: '13:00 to 13:45' },
  { id: '14:00', label: '14:00 to 14:45' },
  { id: '15:00', label: '15:00 to 15:45' },
  { id: '16:00', label: '16:00 to 16:45' },
] as const satisfies readonly IOption[];
export type TDemoTimeSlot = (typeof DEMO_TIME_SLOTS)[number]['id'];
export const DEMO_TIME_SLOT_IDS = idsOf(DEMO_TIME_SLOTS);
export const demoTimeSlotLabel = (id: string | null | undefined) => labelOf(DEMO_TIME_SLOTS, id);
