/**
 * The public site's forms (issue: contact, contact specialists, demo booking, footer newsletter).
 * One schema validates the form in the browser and the request on the server, so every message
 * lives here once. Forms keep `z.input<...>` values; the server stores `z.output<...>`.
 */

import { z } from 'zod';
import { DEMO_BOOKING_MAX_DAYS_AHEAD, DEMO_ROLE_IDS, DEMO_TIME_SLOT_IDS, SCHOOL_SIZE_IDS } from '../constants/public-forms.ts';
import { isSaPhone, normalizeSaPhone } from '../domain/sa-phone.ts';
import { addDays, isIsoDate, isWeekday, todayInSouthAfrica } from '../domain/sa-calendar.ts';

// ---------------------------------------------------------------------------------------------
// Messages

export const PUBLIC_FORM_MESSAGES = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  nameRequired: 'Please enter your name',
  phoneRequired: 'Please enter your phone number',
  phoneInvalid: 'Please enter a valid South African phone number, e.g. 082 123 4567 or +27 82 123 4567',
  subjectRequired: 'Please enter a subject',
  messageTooShort: 'Please tell us a little more (at least 10 characters)',
  organisationRequired: 'Please enter the name of your school or group',
  schoolNameRequired: 'Please enter the name of your school',
  schoolSizeRequired: 'Please choose the size of your school or group',
  roleRequired: 'Please choose your role',
  learnerCountRequired: 'Please enter the number of learners',
  learnerCountWhole: 'Please enter a whole number of learners',
  learnerCountTooLarge: 'Please enter at most 100,000 learners',
  dateRequired: 'Please choose a date',
  dateNotFuture: 'Please choose a date after today',
  dateWeekend: 'Demos run Monday to Friday. Please choose a weekday',
  dateTooFar: 'Please choose a date within the next 3 months',
  timeSlotRequired: 'Please choose a time',
  tooLong: (max: number) => `Please keep this under ${max.toLocaleString('en-ZA')} characters`,
} as const;

/** What the newsletter box says after a subscribe request, whether the address is new or not. */
export const NEWSLETTER_SUBSCRIBED_MESSAGE = 'Check your inbox to confirm your subscription.';

// The option lists and the honeypot's name live in a zod-free module the forms render with.
export * from '../constants/public-forms.ts';

// ---------------------------------------------------------------------------------------------
// Field schemas

const M = PUBLIC_FORM_MESSAGES;

export const ZEmailField = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, M.emailRequired)
  .max(254, M.emailInvalid)
  .toLowerCase()
  .pipe(z.email({ error: M.emailInvalid }));

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, M.tooLong(max));

const optionalText = (max: number) => z.string().trim().max(max, M.tooLong(max)).optional().default('');

/** Required South African phone number, stored as +27XXXXXXXXX. */
export const ZSaPhoneField = z
  .string({ error: M.phoneRequired })
  .trim()
  .min(1, M.phoneRequired)
  .refine(isSaPhone, M.phoneInvalid)
  .transform((value) => normalizeSaPhone(value) as string);

/** Optional South African phone number: empty stays empty. */
export const ZOptionalSaPhoneField = z
  .string()
  .trim()
  .refine((value) => value === '' || isSaPhone(value), M.phoneInvalid)
  .transform((value) => (value === '' ? '' : (normalizeSaPhone(value) as string)))
  .optional()
  .default('');

/** The honeypot (HONEYPOT_FIELD in constants/public-forms.ts): the server refuses a filled one. */
export const ZHoneypotField = z.string().max(500).optional().default('');

const ZMessageField = z
  .string({ error: M.messageTooShort })
  .trim()
  .min(10, M.messageTooShort)
  .max(5000, M.tooLong(5000));

// ---------------------------------------------------------------------------------------------
// Newsletter

export const ZNewsletterSubscribeSchema = z.object({
  email: ZEmailField,
  website: ZHoneypotField,
});
export type TNewsletterSubscribeInput = z.input<typeof ZNewsletterSubscribeSchema>;
export type TNewsletterSubscribe = z.output<typeof ZNewsletterSubscribeSchema>;

/** The token from a confirm or unsubscribe link (32 random bytes, base64url). */
export const ZNewsletterTokenSchema = z.object({
  token: z
    .string({ error: 'This link is incomplete. Please open the link from the e-mail again.' })
    .trim()
    .min(1, 'This link is incomplete. Please open the link from the e-mail again.')
    .max(200, 'This link is not valid.'),
});
export type TNewsletterToken = z.output<typeof ZNewsletterTokenSchema>;

// ---------------------------------------------------------------------------------------------
// Contact (general) and contact specialists ("Need a custom solution?")

export const CONTACT_KINDS = ['general', 'specialists'] as const;
export type TContactKind = (typeof CONTACT_KINDS)[number];

export const ZGeneralContactSchema = z.object({
  kind: z.literal('general'),
  name: requiredText(M.nameRequired, 120),
  email: ZEmailField,
  phone: ZOptionalSaPhoneField,
  organisation: optionalText(200),
  subject: requiredText(M.subjectRequired, 200),
  message: ZMessageField,
  website: ZHoneypotField,
});
export type TGeneralContactInput = z.input<typeof ZGeneralContactSchema>;

export const ZSpecialistContactSchema = z.object({
  kind: z.literal('specialists'),
  name: requiredText(M.nameRequired, 120),
  email: ZEmailField,
  phone: ZSaPhoneField,
  organisation: requiredText(M.organisationRequired, 200),
  schoolSize: z.enum(SCHOOL_SIZE_IDS, { error: M.schoolSizeRequired }),
  numberOfSchools: z.coerce
    .number({ error: 'Please enter the number of schools' })
    .int('Please enter a whole number of schools')
    .min(1, 'Please enter the number of schools')
    .max(10_000, 'Please enter at most 10,000 schools'),
  message: ZMessageField,
  website: ZHoneypotField,
});
export type TSpecialistContactInput = z.input<typeof ZSpecialistContactSchema>;

export const ZContactMessageSchema = z.discriminatedUnion('kind', [ZGeneralContactSchema, ZSpecialistContactSchema]);
export type TContactMessageInput = z.input<typeof ZContactMessageSchema>;
export type TContactMessage = z.output<typeof ZContactMessageSchema>;

// ---------------------------------------------------------------------------------------------
// Demo booking

/** Why a preferred demo date is refused, or `null` when it is a weekday after today (SA time). */
export function demoDateProblem(isoDate: string, now: Date = new Date()): string | null {
  if (!isoDate) return M.dateRequired;
  if (!isIsoDate(isoDate)) return M.dateRequired;
  const today = todayInSouthAfrica(now);
  if (isoDate <= today) return M.dateNotFuture;
  if (!isWeekday(isoDate)) return M.dateWeekend;
  if (isoDate > addDays(today, DEMO_BOOKING_MAX_DAYS_AHEAD)) return M.dateTooFar;
  return null;
}

export const ZDemoBookingSchema = z.object({
  name: requiredText(M.nameRequired, 120),
  email: ZEmailField,
  phone: ZSaPhoneField,
  schoolName: requiredText(M.schoolNameRequired, 200),
  role: z.enum(DEMO_ROLE_IDS, { error: M.roleRequired }),
  learnerCount: z.coerce
    .number({ error: M.learnerCountRequired })
    .int(M.learnerCountWhole)
    .min(1, M.learnerCountRequired)
    .max(100_000, M.learnerCountTooLarge),
  preferredDate: z
    .string({ error: M.dateRequired })
    .trim()
    .superRefine((value, ctx) => {
      const problem = demoDateProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  preferredTime: z.enum(DEMO_TIME_SLOT_IDS, { error: M.timeSlotRequired }),
  notes: optionalText(2000),
  website: ZHoneypotField,
});
export type TDemoBookingInput = z.input<typeof ZDemoBookingSchema>;
export type TDemoBooking = z.output<typeof ZDemoBookingSchema>;
