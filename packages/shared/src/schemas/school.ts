/**
 * School management: learners, register classes and the CSV import. One schema validates
 * the form in the browser, each CSV row, and the request on the server, so every message lives here.
 */

import { z } from 'zod';
import { ERROR_CODES } from '../contracts/error-codes.ts';
import { gradeLabel, SCHOOL_GRADE_IDS, SCHOOL_GRADES, type TSchoolGrade } from '../constants/enumerations.ts';
import { countOf } from '../domain/count.ts';
import { idsOf, type IOption } from '../domain/options.ts';
import { isIsoDate, todayInSouthAfrica } from '../domain/sa-calendar.ts';
import { checkSouthAfricanId, SA_ID_INVALID_MESSAGES } from '../domain/sa-id.ts';
import { formatSaPhone, isSaPhone } from '../domain/sa-phone.ts';
import {
  GUARDIAN_RELATIONS,
  hasPermission,
  PERMISSIONS,
  SCHOOL_STAFF_ROLES,
  type TPermission,
} from '../constants/roles.ts';
import { LEARNER_CONSENT_STATUSES } from './learner-consent.ts';

// ---------------------------------------------------------------------------------------------
// Option lists

/** Ours: the spec gives no list. 'Other' keeps a learner who identifies otherwise out of a forced choice. */
export const LEARNER_GENDERS = [
  { id: 'female', label: 'Female' },
  { id: 'male', label: 'Male' },
  { id: 'other', label: 'Other' },
] as const satisfies readonly IOption[];
export const LEARNER_GENDER_IDS = idsOf(LEARNER_GENDERS);
export type TLearnerGender = (typeof LEARNER_GENDERS)[number]['id'];

/** South Africa's twelve official languages (Constitution, as amended in 2023 for Sign Language) and Other. */
export const HOME_LANGUAGES = [
  { id: 'afrikaans', label: 'Afrikaans' },
  { id: 'english', label: 'English' },
  { id: 'isindebele', label: 'isiNdebele' },
  { id: 'isixhosa', label: 'isiXhosa' },
  { id: 'isizulu', label: 'isiZulu' },
  { id: 'sepedi', label: 'Sepedi' },
  { id: 'sesotho', label: 'Sesotho' },
  { id: 'setswana', label: 'Setswana' },
  { id: 'sign_language', label: 'South African Sign Language' },
  { id: 'siswati', label: 'siSwati' },
  { id: 'tshivenda', label: 'Tshivenda' },
  { id: 'xitsonga', label: 'Xitsonga' },
  { id: 'other', label: 'Other' },
] as const satisfies readonly IOption[];
export const HOME_LANGUAGE_IDS = idsOf(HOME_LANGUAGES);

/** How a learner is identified: a South African ID (checked), a passport, or neither yet. */
export const LEARNER_ID_TYPES = [
  { id: 'sa_id', label: 'South African ID number' },
  { id: 'passport', label: 'Passport number' },
  { id: 'none', label: 'None yet' },
] as const satisfies readonly IOption[];
export const LEARNER_ID_TYPE_IDS = idsOf(LEARNER_ID_TYPES);

/** Grades are stored as numbers so they sort: Grade R is 0. */
export function gradeToNumber(grade: TSchoolGrade): number {
  return grade === 'R' ? 0 : Number(grade);
}
export function gradeFromNumber(value: number): TSchoolGrade {
  return (value === 0 ? 'R' : String(value)) as TSchoolGrade;
}

// ---------------------------------------------------------------------------------------------
// Messages

export const SCHOOL_MESSAGES = {
  firstNameRequired: 'Please enter the learner’s first name',
  lastNameRequired: 'Please enter the learner’s surname',
  dateOfBirthRequired: 'Please enter the date of birth',
  dateOfBirthInvalid: 'Please enter the date of birth as YYYY-MM-DD',
  dateOfBirthNotADate: 'This date does not exist: please check the day and the month',
  dateOfBirthFuture: 'The date of birth cannot be in the future',
  dateOfBirthTooOld: 'A learner must be younger than 25',
  genderRequired: 'Please choose the gender',
  gradeRequired: 'Please choose a grade (R or 1 to 12)',
  admissionNumberRequired: 'Please enter the admission number',
  admissionNumberInvalid: 'Use letters, digits, / and - only for the admission number',
  admissionNumberTaken: 'Another learner in your school already has this admission number',
  idTypeInvalid: 'Please choose South African ID, passport or none',
  idNumberRequired: 'Please enter the ID or passport number',
  passportInvalid: 'A passport number has 5 to 20 letters and digits',
  idBirthDateMismatch: 'The ID number’s date of birth does not match the date of birth entered',
  idGenderMismatch:
    'The ID number’s gender digits do not match the gender chosen (digits 7 to 10: below 5000 female, 5000 or more male)',
  dateOfBirthImplausibleForGrade: (grade: TSchoolGrade, turns: number) => {
    const { usual, youngest, oldest } = gradeAgeRange(grade);
    return (
      `${gradeLabel(grade)} learners usually turn ${usual} this year (we accept ${youngest} to ${oldest}); ` +
      `with this date of birth the learner turns ${turns}. Please check the date of birth and the grade.`
    );
  },
  homeLanguageInvalid: 'Please choose a home language from the list',
  classInvalid: 'Please choose a class of your school',
  classNotFound: 'There is no such class in your school',
  classGradeMismatch: 'The class is for another grade',
  classSinceInvalid: 'Please enter the date the learner joined the class as YYYY-MM-DD',
  classSinceNotADate: 'This date does not exist: please check the day and the month',
  classSinceFuture: 'A learner cannot join a class on a future date: choose today or an earlier day',
  classSinceBeforeYear: (yearStart: string) =>
    `Please choose a day in this school year, from 1 January ${yearStart.slice(0, 4)}: earlier registers are not captured here`,
  classSinceMarkedElsewhere: (className: string, day: string) =>
    `The learner is marked in ${className}’s register of ${day}: choose a later day to be in this class since`,
  classNameRequired: 'Please enter the class name, e.g. 8A',
  classNameTaken: 'Your school already has a class with this name',
  learnerNotFound: 'There is no such learner in your school.',
  learnerChangedMeanwhile:
    'Someone else saved this learner after you opened the record. Reload it, check your changes and save again.',
  notASchoolMember: 'Only members of a school can use the school dashboard.',
  csvEmpty: 'The file has no learners. Add one row per learner under the header row.',
  csvMissingColumns: (columns: string[]) => `The file is missing these columns: ${columns.join(', ')}`,
  csvTooManyRows: (max: number) => `A file may hold at most ${max.toLocaleString('en-ZA')} learners`,
  csvDuplicateInFile: (row: number) => `The same admission number is already on row ${row}`,
  csvHasErrors: 'Nothing was imported: fix the rows listed below, or import only the valid rows.',
  csvNoValidRows:
    'Nothing was imported: no row of the file is valid. Fix the rows listed below and choose the file again.',
  csvCheckInterrupted:
    'The connection was lost before the file was checked. Check your connection and choose the file again.',
  csvImportInterrupted:
    'The connection was lost during the import. Open the learner list to see whether the learners were imported before you try again.',
  csvUnreadableCharacter:
    'This cell has a character that could not be read (�). Save the file as “CSV UTF-8” and choose it again.',
  guardianFirstNameRequired: 'Please enter the guardian’s first name',
  guardianLastNameRequired: 'Please enter the guardian’s surname',
  guardianContactRequired: 'Please enter an e-mail address or a phone number',
  guardianEmailInvalid: 'Please enter a valid email address',
  guardianPhoneInvalid: 'Please enter a valid South African phone number, e.g. 082 123 4567 or +27 82 123 4567',
  guardianRelationRequired: 'Please choose how the guardian is related to the learner',
  guardianNotFound: 'This guardian is not linked to the learner.',
  guardianAlreadyLinked: 'This guardian is already linked to the learner',
  guardianEmailTaken: 'Another parent or guardian of your school has this e-mail address',
  guardianChangedMeanwhile:
    'Someone else saved this parent or guardian after you opened it. Check your changes and save again.',
  tooLong: (max: number) => `Please keep this under ${max.toLocaleString('en-ZA')} characters`,
} as const;

const M = SCHOOL_MESSAGES;

// ---------------------------------------------------------------------------------------------
// Learner

export const NAME_MAX = 100;
export const ADMISSION_NUMBER_MAX = 20;
export const MEDICAL_NOTES_MAX = 2000;
export const ADDRESS_MAX = 500;
const MAX_LEARNER_AGE_YEARS = 25;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, M.tooLong(max));
const optionalText = (max: number) => z.string().trim().max(max, M.tooLong(max)).optional().default('');

/** Blank form selects send '' (or nothing, or null); the API stores null. */
const optionalEnum = <T extends readonly [string, ...string[]]>(ids: T, message: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.enum(ids, { error: message }).nullable(),
  ) as unknown as z.ZodType<T[number] | null, T[number] | '' | null | undefined>;

/**
 * The ages a learner of a grade may turn in the school year (the calendar year in South Africa).
 * The norm is grade + 6 (Grade R turns 6, Grade 1 turns 7, Grade 12 turns 18). We accept up to 3
 * years younger (a school enters next year's intake before the year starts; a learner who skipped a
 * grade) and up to 4 years older (repeated grades, a late start, learners with barriers to
 * learning); anything further is taken for a mistyped date of birth or grade (a Grade 8 learner
 * born last year). There is no warning to confirm on the form, so the bounds are generous.
 */
export const GRADE_AGE_YOUNGER_BY = 3;
export const GRADE_AGE_OLDER_BY = 4;
export function gradeAgeRange(grade: TSchoolGrade): { usual: number; youngest: number; oldest: number } {
  const usual = gradeToNumber(grade) + 6;
  return { usual, youngest: usual - GRADE_AGE_YOUNGER_BY, oldest: usual + GRADE_AGE_OLDER_BY };
}

/**
 * A date of birth (YYYY-MM-DD, on `monthDay`) with which a learner of `grade` (an id or its stored
 * number, R is 0) turns the grade's usual age this year (gradeAgeRange), `yearsOlder` more: what
 * the demo seed, the test factories and the tests give a learner, so their records stay valid in
 * any year the code runs.
 */
export function birthDateForGrade(
  grade: TSchoolGrade | number,
  {
    monthDay = '03-15',
    yearsOlder = 0,
    today = todayInSouthAfrica(),
  }: { monthDay?: string; yearsOlder?: number; today?: string } = {},
): string {
  const gradeNumber = typeof grade === 'number' ? grade : gradeToNumber(grade);
  return `${Number(today.slice(0, 4)) - 6 - gradeNumber - yearsOlder}-${monthDay}`;
}

/** YYYY-MM-DD in form, whether or not the day exists (isIsoDate says that). */
const ISO_DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The first day of the school's current academic year: in South Africa the school year is the
 * calendar year (as gradeAgeRange counts it), so 1 January of `today`'s year.
 */
export function schoolYearStart(today: string = todayInSouthAfrica()): string {
  return `${today.slice(0, 4)}-01-01`;
}

/**
 * "In this class since": the day a learner joined their register class (created, imported, moved,
 * restored), from which the class's registers list them (attendance, class-members.ts). Blank is
 * "today" (null here; the server writes the school's today). It may not be in the future, nor
 * before the current school year began (schoolYearStart): registers are back-captured within the year.
 */
export const ZRegisterClassSince = z.preprocess(
  (value) => (value === '' || value === undefined ? null : typeof value === 'string' ? value.trim() || null : value),
  z
    .string({ error: M.classSinceInvalid })
    .regex(ISO_DATE_SHAPE, M.classSinceInvalid)
    .refine((value) => isIsoDate(value), M.classSinceNotADate)
    .refine((value) => !isIsoDate(value) || value <= todayInSouthAfrica(), M.classSinceFuture)
    .refine((value) => !isIsoDate(value) || value > todayInSouthAfrica() || value >= schoolYearStart(), {
      // A function: the year is the one of the check, not of the day the code was loaded.
      error: () => M.classSinceBeforeYear(schoolYearStart()),
    })
    .nullable(),
) as unknown as z.ZodType<string | null, string | null | undefined>;

function yearsBefore(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.split('-');
  return `${Number(y) - years}-${m}-${d}`;
}

/**
 * Why a date of birth is implausible for the grade this calendar year (gradeAgeRange), or null when
 * it is plausible (or the date or the grade is not one: their own checks say so).
 */
export function learnerAgeForGradeProblem(value: { dateOfBirth: string; grade: string }): string | null {
  if (!isIsoDate(value.dateOfBirth) || !(SCHOOL_GRADE_IDS as readonly string[]).includes(value.grade)) return null;
  const grade = value.grade as TSchoolGrade;
  const turns = Number(todayInSouthAfrica().slice(0, 4)) - Number(value.dateOfBirth.slice(0, 4));
  const { youngest, oldest } = gradeAgeRange(grade);
  return turns < youngest || turns > oldest ? M.dateOfBirthImplausibleForGrade(grade, turns) : null;
}

/** A learner's date of birth and grade as saved, which an edit of the record is checked against. */
export type TLearnerSavedAge = { dateOfBirth: string; grade: string };

/**
 * The age-for-grade rule (learnerAgeForGradeProblem) judges a date of birth against today's year, so
 * a record that was right when it was saved drifts out of it as the years pass when nobody moves the
 * learner up a grade (or was imported from an older system). It is checked when a learner is added
 * or imported, and on an edit only when the date of birth or the grade changes: a secretary
 * correcting the address is never refused for the learner's age.
 */
export function learnerAgeRuleApplies(
  value: { dateOfBirth: string; grade: string },
  saved: TLearnerSavedAge | null,
): boolean {
  return saved === null || value.dateOfBirth !== saved.dateOfBirth || value.grade !== saved.grade;
}

const learnerSchemaWith = (ageRule: (value: { dateOfBirth: string; grade: string }) => boolean) =>
  z
    .object({
      firstName: requiredText(M.firstNameRequired, NAME_MAX),
      lastName: requiredText(M.lastNameRequired, NAME_MAX),
      preferredName: optionalText(NAME_MAX),
      dateOfBirth: z
        .string({ error: M.dateOfBirthRequired })
        .trim()
        .min(1, M.dateOfBirthRequired)
        .regex(ISO_DATE_SHAPE, M.dateOfBirthInvalid)
        // In the right form but no such day (2012-02-30): say so, not "as YYYY-MM-DD".
        .refine((value) => !ISO_DATE_SHAPE.test(value) || isIsoDate(value), M.dateOfBirthNotADate)
        .refine((value) => !isIsoDate(value) || value <= todayInSouthAfrica(), M.dateOfBirthFuture)
        .refine(
          (value) => !isIsoDate(value) || value > yearsBefore(todayInSouthAfrica(), MAX_LEARNER_AGE_YEARS),
          M.dateOfBirthTooOld,
        ),
      gender: z.enum(LEARNER_GENDER_IDS, { error: M.genderRequired }),
      grade: z.enum(SCHOOL_GRADE_IDS, { error: M.gradeRequired }),
      registerClassId: z
        .union([z.literal(''), z.uuid({ error: M.classInvalid })], { error: M.classInvalid })
        .nullable()
        .optional()
        .transform((value) => (value ? value : null)),
      /** In the register class since (ZRegisterClassSince); read when the class is set or changed. */
      registerClassSince: ZRegisterClassSince.optional().transform((value) => value ?? null),
      admissionNumber: z
        .string({ error: M.admissionNumberRequired })
        .trim()
        .min(1, M.admissionNumberRequired)
        .max(ADMISSION_NUMBER_MAX, M.tooLong(ADMISSION_NUMBER_MAX))
        .toUpperCase()
        .regex(/^[A-Z0-9/-]+$/, M.admissionNumberInvalid),
      idType: z.enum(LEARNER_ID_TYPE_IDS, { error: M.idTypeInvalid }).default('none'),
      // Nullable: the form sends the schema's own output (null when there is none) to the API.
      idNumber: z
        .string()
        .trim()
        .max(20, M.tooLong(20))
        .nullable()
        .optional()
        .transform((value) => value ?? ''),
      homeLanguage: optionalEnum(HOME_LANGUAGE_IDS, M.homeLanguageInvalid),
      medicalNotes: optionalText(MEDICAL_NOTES_MAX),
      address: optionalText(ADDRESS_MAX),
    })
    .superRefine((value, ctx) => {
      // zod runs this after a field's own check failed too (a date not in the form, in the future):
      // that field's message is the one to show, not a second one.
      const today = todayInSouthAfrica();
      const dateOk =
        isIsoDate(value.dateOfBirth) &&
        value.dateOfBirth <= today &&
        value.dateOfBirth > yearsBefore(today, MAX_LEARNER_AGE_YEARS);
      const ageProblem = dateOk && ageRule(value) ? learnerAgeForGradeProblem(value) : null;
      if (ageProblem) ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: ageProblem });
      if (value.idType === 'none') return;
      const raw = value.idNumber.replace(/\s+/g, '');
      if (!raw) {
        ctx.addIssue({ code: 'custom', path: ['idNumber'], message: M.idNumberRequired });
        return;
      }
      if (value.idType === 'passport') {
        if (!/^[A-Za-z0-9]{5,20}$/.test(raw))
          ctx.addIssue({ code: 'custom', path: ['idNumber'], message: M.passportInvalid });
        return;
      }
      const check = checkSouthAfricanId(raw);
      if (!check.valid) {
        ctx.addIssue({ code: 'custom', path: ['idNumber'], message: SA_ID_INVALID_MESSAGES[check.reason] });
        return;
      }
      if (isIsoDate(value.dateOfBirth) && check.dateOfBirth !== value.dateOfBirth) {
        ctx.addIssue({ code: 'custom', path: ['idNumber'], message: M.idBirthDateMismatch });
      }
      // Only female and male are in the ID; 'other' is the learner's own and is not checked.
      if ((value.gender === 'female' || value.gender === 'male') && check.gender !== value.gender) {
        ctx.addIssue({ code: 'custom', path: ['idNumber'], message: M.idGenderMismatch });
      }
    })
    .transform((value) => ({
      ...value,
      idNumber: value.idType === 'none' ? null : value.idNumber.replace(/\s+/g, '').toUpperCase(),
    }));

/** A new learner (the form, the API, every row of an import): the age-for-grade rule applies. */
export const ZLearnerSchema = learnerSchemaWith(() => true);

/**
 * An edit of the learner saved as `saved`: the same checks, the age-for-grade rule only when the
 * date of birth or the grade changes (learnerAgeRuleApplies). The edit form makes it from the record
 * it shows; the server from the record's locked row (update-learner.ts), after the request passed
 * ZLearnerEditRequestSchema.
 */
export function learnerEditSchema(saved: TLearnerSavedAge) {
  return learnerSchemaWith((value) => learnerAgeRuleApplies(value, saved));
}

/**
 * The body of `PUT /learners/:id`: every check but the age-for-grade rule, which needs the record
 * as saved and is made on its locked row (learnerEditSchema).
 */
export const ZLearnerEditRequestSchema = learnerSchemaWith(() => false);

export type TLearnerInput = z.input<typeof ZLearnerSchema>;

/**
 * POST /learners/:id/restore: an archived learner rejoins their class's registers from
 * `registerClassSince`, today unless the admin gives an earlier day of the year (they were not in
 * the class while archived, so by default no register of those days lists them).
 */
export const ZLearnerRestoreSchema = z.object({
  registerClassSince: ZRegisterClassSince.optional().transform((value) => value ?? null),
});
export type TLearnerRestoreInput = z.input<typeof ZLearnerRestoreSchema>;
export type TLearnerValues = z.output<typeof ZLearnerSchema>;

/** What the API answers for one learner. */
export const ZLearner = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  preferredName: z.string(),
  dateOfBirth: z.string(),
  gender: z.enum(LEARNER_GENDER_IDS),
  grade: z.enum(SCHOOL_GRADE_IDS),
  registerClassId: z.string().nullable(),
  registerClassName: z.string().nullable(),
  /**
   * The day the learner joined their register class (its registers list them from it); null
   * without a class. Not `registerClassSince`, the form's question: a record sent back as a save
   * changes no day (a day of last year would be refused there).
   */
  classSince: z.string().nullable(),
  admissionNumber: z.string(),
  idType: z.enum(['sa_id', 'passport', 'none']),
  idNumber: z.string().nullable(),
  homeLanguage: z.string().nullable(),
  medicalNotes: z.string(),
  address: z.string(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** A guardian's consent to processing the learner's data, for the current policy version. */
  consent: z.enum(LEARNER_CONSENT_STATUSES),
});
export type TLearner = z.infer<typeof ZLearner>;

/**
 * The fields of a learner's record only a manager of learners (`manage_students`) reads. Anyone who
 * reads records with `view_students` alone (a teacher, a coach, the librarian) gets the record
 * without them, from the API as on the page (a child's data kept to what the job needs).
 */
export const LEARNER_MANAGER_ONLY_FIELDS = ['idType', 'idNumber'] as const satisfies readonly (keyof TLearner)[];
/** A learner's record as a reader without `manage_students` gets it. */
export const ZLearnerViewerRecord = ZLearner.omit({ idType: true, idNumber: true });
export type TLearnerViewerRecord = z.infer<typeof ZLearnerViewerRecord>;
/**
 * What `GET /api/school/learners/:id` answers: the whole record to a manager, a viewer's to the
 * others. The whole record is tried first, so its manager-only fields are kept when present.
 */
export const ZLearnerRecord = z.union([ZLearner, ZLearnerViewerRecord]);
export type TLearnerRecord = z.infer<typeof ZLearnerRecord>;

/** Whether someone holding `permissions` reads a learner's whole record (LEARNER_MANAGER_ONLY_FIELDS too). */
export function readsWholeLearnerRecord(permissions: readonly string[]): boolean {
  return permissions.includes('manage_students');
}

/** A viewer's record: the whole one without LEARNER_MANAGER_ONLY_FIELDS. */
export function toLearnerViewerRecord(learner: TLearner): TLearnerViewerRecord {
  const record: Partial<TLearner> = { ...learner };
  for (const field of LEARNER_MANAGER_ONLY_FIELDS) delete record[field];
  return record as TLearnerViewerRecord;
}

export function isWholeLearnerRecord(record: TLearnerRecord): record is TLearner {
  return LEARNER_MANAGER_ONLY_FIELDS.every((field) => field in record);
}

// ---------------------------------------------------------------------------------------------
// Guardians (spec 6 relations: parent, legal guardian, grandparent, other)

export const GUARDIAN_RELATION_IDS = idsOf(GUARDIAN_RELATIONS);

export const ZGuardianSchema = z
  .object({
    firstName: requiredText(M.guardianFirstNameRequired, NAME_MAX),
    lastName: requiredText(M.guardianLastNameRequired, NAME_MAX),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, M.guardianEmailInvalid)
      .refine((value) => value === '' || z.email().safeParse(value).success, M.guardianEmailInvalid)
      .nullable()
      .optional()
      .transform((value) => value || null),
    phone: z
      .string()
      .trim()
      .refine((value) => value === '' || isSaPhone(value), M.guardianPhoneInvalid)
      .nullable()
      .optional()
      .transform((value) => (value ? formatSaPhone(value) : '')),
    relation: z.enum(GUARDIAN_RELATION_IDS, { error: M.guardianRelationRequired }),
    paysFees: z.boolean().default(false),
    receivesCommunications: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (!value.email && !value.phone)
      ctx.addIssue({ code: 'custom', path: ['email'], message: M.guardianContactRequired });
  });
export type TGuardianInput = z.input<typeof ZGuardianSchema>;
export type TGuardianValues = z.output<typeof ZGuardianSchema>;

/** A guardian as linked to one learner. */
export const ZLearnerGuardian = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  relation: z.enum(GUARDIAN_RELATION_IDS),
  paysFees: z.boolean(),
  receivesCommunications: z.boolean(),
  /** Has chosen their password and signs in to Sekolo. */
  hasAccount: z.boolean(),
  /** Invited (an account made for them), but has not chosen a password yet: the school can invite again. */
  invited: z.boolean(),
  /**
   * The address their account signs in with, when one is linked (invited or active), else null. The
   * school's `email` is where it writes to; editing it never changes how the guardian signs in. An
   * invitation not taken up yet follows a corrected `email` when the school invites again.
   */
  signInEmail: z.string().nullable(),
  /**
   * The school asked an account that is not a member of the school to be linked (its holder has to
   * accept, signed in): 'pending' until they answer, 'declined' when they said no, 'expired' when
   * the link ran out unanswered; null otherwise. Until they accept the school sees no account data.
   */
  linkRequest: z.enum(['pending', 'declined', 'expired']).nullable(),
  /** When the guardian or a link of theirs was last saved: the version an edit is based on (If-Match). */
  updatedAt: z.string(),
});
export type TLearnerGuardian = z.infer<typeof ZLearnerGuardian>;

/**
 * Beside the e-mail field of a guardian with an account: the school's address for them is where it
 * writes to; the address they sign in with is theirs, and editing the record never changes it.
 */
export function guardianSignInNote(firstName: string, signInEmail: string): string {
  return `${firstName} signs in with ${signInEmail}. Changing the address here changes where the school writes to, not how ${firstName} signs in.`;
}

/**
 * Beside the e-mail field of a guardian invited who has not chosen a password yet: saving a
 * corrected address withdraws the link sent to the old one; inviting again sends one to the new.
 */
export function guardianInvitedNote(firstName: string, signInEmail: string): string {
  return `${firstName} has not chosen a password yet: the invitation went to ${signInEmail}. Saving a corrected address here stops that link working; then choose “Invite again” to send the invitation to the new address, which ${firstName} will then sign in with.`;
}

/**
 * After saving that corrected address (the answer's `invitationWithdrawn`): the old link is withdrawn,
 * and nothing has gone to the new address yet.
 */
export function guardianInvitationWithdrawn(firstName: string, signInEmail: string, email: string | null): string {
  return email
    ? `The invitation link sent to ${signInEmail} no longer works. Invite ${firstName} again to send one to ${email}.`
    : `The invitation link sent to ${signInEmail} no longer works. Add ${firstName}’s e-mail address to invite them again.`;
}

/** On an invited guardian's card when the school's address for them is not the invitation's. */
export function guardianInvitationElsewhere(signInEmail: string, email: string | null): string {
  return email
    ? `The invitation sent to ${signInEmail} no longer works: choose “Invite again” to send it to ${email}`
    : `The invitation sent to ${signInEmail} no longer works`;
}

// ---------------------------------------------------------------------------------------------
// Linking an existing account to a learner (the account holder accepts)

export type TGuardianLinkState = NonNullable<TLearnerGuardian['linkRequest']>;

/** The guardian's card, while a request to link an existing account waits or was answered no. */
export const GUARDIAN_LINK_STATE_TEXT: Record<TGuardianLinkState, string> = {
  pending: 'Invitation sent — waiting for them to accept',
  declined: 'They declined the invitation to link their account',
  expired: 'The invitation ran out unanswered: invite again to send a new one',
};

/** What the holder of the account the school asked sees before answering. */
export const ZGuardianLinkRequestView = z.object({
  schoolName: z.string(),
  /** The first names of the learners the guardian record is linked to in that school. */
  learnerFirstNames: z.array(z.string()),
  relation: z.enum(GUARDIAN_RELATION_IDS),
  expiresAt: z.string(),
});
export type TGuardianLinkRequestView = z.infer<typeof ZGuardianLinkRequestView>;

export const ZGuardianLinkTokenSchema = z.object({
  token: z
    .string({ error: 'This link is incomplete: open it again from the mail.' })
    .trim()
    .min(16, { error: 'This link is incomplete: open it again from the mail.' })
    .max(200, { error: 'This link is incomplete: open it again from the mail.' }),
});

export const GUARDIAN_LINK_MESSAGES = {
  notFound:
    'This link no longer works: it was answered already, the school withdrew it, or it is more than 7 days old. Ask the school to send a new one.',
  otherAccount:
    'This link was sent to another e-mail address than the one you are signed in with. Sign out, then sign in with the account at the address the mail went to.',
  notParent:
    'Only a parent account can be linked to a learner, and this account is for something else. Decline, and ask the school to invite you at another e-mail address.',
  accepted: (schoolName: string) => `Your account is now linked. ${schoolName} appears on your dashboard.`,
  declined: (schoolName: string) => `You declined. ${schoolName} has been told and sees nothing of your account.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Staff (spec 6: teachers and the other school roles)

/** The roles an admin gives a staff member of their school. */
export const INVITABLE_STAFF_ROLES = ['teacher', ...SCHOOL_STAFF_ROLES] as const;
export const STAFF_MESSAGES = {
  roleRequired: 'Please choose the staff member’s role',
  emailTaken: 'This e-mail address already has a Sekolo account.',
  alreadyInvited:
    'This person is already invited to your school. Use “Invite again” in the staff list to send a fresh link.',
  alreadyActive: 'This staff member has chosen a password already and signs in to Sekolo.',
  notStaff: 'There is no such staff member in your school.',
  ownRole: 'You cannot change your own role.',
  roleReserved: 'Only someone who manages roles (your school admin) can give this role.',
  removeSelf: 'You cannot remove yourself from the school.',
  removeReserved: 'Only someone who manages roles (your school admin) can remove this staff member.',
  lastAdmin: 'This is your school’s only admin. A school needs at least one admin.',
} as const;

/** Whether a school role marks registers (spec 6 manage_attendance): only such a role can be a class teacher. */
export function canMarkRegisters(role: string): boolean {
  return hasPermission(role, 'manage_attendance');
}

/** "9A", "9A and 9B", "9A, 9B and 9C". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The warning before a class teacher is given a role that cannot mark registers, e.g. "Sibusiso
 * Khoza is class teacher of 9A. As Driver they can no longer mark its register; 9A will have no
 * class teacher." Saving clears them as class teacher of those classes (changeStaffRole).
 */
export function classTeacherRoleWarning(name: string, roleName: string, classes: readonly string[]): string {
  const list = listNames(classes);
  const its = classes.length === 1 ? 'its register' : 'their registers';
  return `${name} is class teacher of ${list}. As ${roleName} they can no longer mark ${its}; ${list} will have no class teacher.`;
}

/**
 * The warning before a teacher is given a role that cannot teach (canTeachSubjects), e.g. "Sibusiso
 * Khoza teaches 9A Mathematics and 9B English. As Driver they can no longer teach: these subject
 * classes stay on the timetable under their name until you give them to another teacher."
 */
export function subjectClassesRoleWarning(name: string, roleName: string, subjectClasses: readonly string[]): string {
  const these = subjectClasses.length === 1 ? 'this subject class stays' : 'these subject classes stay';
  const them = subjectClasses.length === 1 ? 'it' : 'them';
  return `${name} teaches ${listNames(subjectClasses)}. As ${roleName} they can no longer teach: ${these} on the timetable under their name until you give ${them} to another teacher.`;
}

/**
 * Permissions that make a role a manager of people or of the school itself. Inviting someone with
 * such a role needs `manage_roles` (the school admin); `manage_staff` alone (human resources) hires
 * teachers and the other staff, but cannot create an administrator or another manager.
 */
export const RESERVED_ROLE_PERMISSIONS = [
  'manage_students',
  'manage_staff',
  'manage_roles',
  'manage_permissions',
  'manage_settings',
] as const satisfies readonly TPermission[];

/** Whether someone holding `permissions` may invite a staff member with `role`. */
export function canGiveStaffRole(
  permissions: readonly string[],
  role: (typeof INVITABLE_STAFF_ROLES)[number],
): boolean {
  if (permissions.includes('manage_roles')) return true;
  if (!permissions.includes('manage_staff')) return false;
  return !(PERMISSIONS[role] as readonly string[]).some((p) =>
    (RESERVED_ROLE_PERMISSIONS as readonly string[]).includes(p),
  );
}

export const ZStaffRoleSchema = z.object({
  role: z.enum(INVITABLE_STAFF_ROLES, { error: STAFF_MESSAGES.roleRequired }),
});
export type TStaffRoleInput = z.input<typeof ZStaffRoleSchema>;

export const ZStaffInviteSchema = z.object({
  firstName: requiredText('Please enter the first name', NAME_MAX),
  lastName: requiredText('Please enter the surname', NAME_MAX),
  email: z
    .string({ error: M.guardianEmailInvalid })
    .trim()
    .toLowerCase()
    .max(254, M.guardianEmailInvalid)
    .pipe(z.email({ error: M.guardianEmailInvalid })),
  role: z.enum(INVITABLE_STAFF_ROLES, { error: STAFF_MESSAGES.roleRequired }),
});
export type TStaffInviteInput = z.input<typeof ZStaffInviteSchema>;
/** `invited`: an account made for them that they have not opened yet (no password chosen): the school can invite again. */
export const ZStaffMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  invited: z.boolean(),
  /** The register classes they are class teacher of (names, sorted). */
  classTeacherOf: z.array(z.string()),
  /** The subject classes they teach, each with the title the timetable gives it ("8A Mathematics"). */
  teaches: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;

/** What removing a staff member did (removeStaff): the classes left without a class teacher, the subject classes kept. */
export const ZStaffRemoval = z.object({
  name: z.string(),
  clearedClasses: z.array(z.string()),
  keptSubjectClasses: z.array(z.string()),
});
export type TStaffRemoval = z.infer<typeof ZStaffRemoval>;

// ---------------------------------------------------------------------------------------------
// Learner list (keyset pagination, D: lists that can grow are paginated on the server)

export const LEARNER_SORTS = ['name', 'admissionNumber', 'grade'] as const;
export type TLearnerSort = (typeof LEARNER_SORTS)[number];
export const LEARNER_PAGE_SIZE_DEFAULT = 25;
export const LEARNER_PAGE_SIZE_MAX = 100;

/** The longest learner search the list takes (the search box's maxLength too). */
export const LEARNER_SEARCH_MAX = 100;

/** The learner list's consent filter (ZLearnerListQuerySchema's `consent`). */
export const LEARNER_CONSENT_FILTERS = ['given', 'not_given'] as const;
export type TLearnerConsentFilter = (typeof LEARNER_CONSENT_FILTERS)[number];

export const ZLearnerListQuerySchema = z.object({
  q: z.string().trim().max(LEARNER_SEARCH_MAX).optional().default(''),
  sort: z.enum(LEARNER_SORTS).optional().default('name'),
  dir: z.enum(['asc', 'desc']).optional().default('asc'),
  status: z.enum(['active', 'archived']).optional().default('active'),
  grade: z
    .union([z.literal(''), z.enum(SCHOOL_GRADE_IDS)])
    .optional()
    .default(''),
  /** A register class of the school: only its learners ('' for every class). */
  classId: z
    .union([z.literal(''), z.uuid()])
    .optional()
    .default(''),
  /**
   * Guardian consent: only learners with a standing consent to the current policy version
   * ('given', as a list item's `consent` says 'given'), only those without one ('not_given': none,
   * withdrawn or an older version only; the overview's "Without guardian consent"), '' for all.
   */
  consent: z
    .union([z.literal(''), z.enum(LEARNER_CONSENT_FILTERS)])
    .optional()
    .default(''),
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(LEARNER_PAGE_SIZE_MAX).optional().default(LEARNER_PAGE_SIZE_DEFAULT),
});
export type TLearnerListQuery = z.input<typeof ZLearnerListQuerySchema>;

/**
 * A row of the learner list: what the list shows, sorts and links on. The rest of the record (ID
 * number, medical notes, address, home language, gender) is read one learner at a time, and each
 * such read is audited: a list page of 100 learners must not carry it unaudited.
 */
export const LEARNER_LIST_FIELDS = [
  'id',
  'firstName',
  'lastName',
  'preferredName',
  'dateOfBirth',
  'grade',
  'registerClassId',
  'registerClassName',
  'admissionNumber',
  'archivedAt',
  'consent',
] as const satisfies readonly (keyof TLearner)[];
export const ZLearnerListItem = ZLearner.pick(
  Object.fromEntries(LEARNER_LIST_FIELDS.map((field) => [field, true])) as Record<
    (typeof LEARNER_LIST_FIELDS)[number],
    true
  >,
);
export type TLearnerListItem = z.infer<typeof ZLearnerListItem>;

export const ZLearnerListPage = z.object({ learners: z.array(ZLearnerListItem), nextCursor: z.string().nullable() });
export type TLearnerListPage = z.infer<typeof ZLearnerListPage>;

// ---------------------------------------------------------------------------------------------
// Register classes

export const ZRegisterClassSchema = z.object({
  name: requiredText(M.classNameRequired, 20),
  grade: z.enum(SCHOOL_GRADE_IDS, { error: M.gradeRequired }),
});
export type TRegisterClassInput = z.input<typeof ZRegisterClassSchema>;
/** "3 learners", "2 archived learners", "3 learners and 1 archived learner". */
function classLearnersPhrase(active: number, archived: number): string {
  if (archived === 0) return countOf(active, 'learner');
  if (active === 0) return countOf(archived, 'archived learner');
  return `${countOf(active, 'learner')} and ${countOf(archived, 'archived learner')}`;
}

/**
 * Why a register class cannot be deleted, or given another grade (PUT and DELETE
 * /api/school/classes/:classId), each saying what to do instead.
 */
export const REGISTER_CLASS_MESSAGES = {
  hasLearners: (name: string, active: number, archived: number) =>
    `${name} still has ${classLearnersPhrase(active, archived)}. Move them to another class first (edit each learner${archived > 0 ? ', archived ones too' : ''}), then delete the class.`,
  hasRegisters: (name: string, days: number) =>
    `${name} has attendance registers (${countOf(days, 'day')} marked), which stay in the school’s records, so it cannot be deleted. Rename it instead.`,
  hasSubjectClasses: (name: string, subjectClasses: number) =>
    `${name} has ${countOf(subjectClasses, 'subject class', 'subject classes')} in the timetable. Remove ${subjectClasses === 1 ? 'it' : 'them'} under Timetable first, then delete the class.`,
  gradeHasLearners: (name: string, grade: string, active: number, archived: number) =>
    `${name} has ${classLearnersPhrase(active, archived)} in ${grade}, and a class’s learners are in its grade. Move them to another class of ${grade} first, or keep ${grade}.`,
  gradeHasGroupLearners: (name: string, grade: string, learners: number) =>
    `${name}’s groups in the timetable have ${countOf(learners, 'learner')} of ${grade}. Remove them from its groups under Timetable first, or keep ${grade}.`,
} as const;

/** A register class with its active learners and its class teacher (who marks its register), if named. */
export const ZRegisterClass = z.object({
  id: z.string(),
  name: z.string(),
  grade: z.enum(SCHOOL_GRADE_IDS),
  learnerCount: z.number(),
  teacherId: z.string().nullable(),
  teacherName: z.string().nullable(),
});
export type TRegisterClass = z.infer<typeof ZRegisterClass>;

// ---------------------------------------------------------------------------------------------
// CSV import

/** The columns of the import file, in the order the template and the export use. */
export const LEARNER_CSV_COLUMNS = [
  'first_name',
  'last_name',
  'preferred_name',
  'date_of_birth',
  'gender',
  'grade',
  'class',
  'admission_number',
  'id_type',
  'id_number',
  'home_language',
  'medical_notes',
  'address',
  'in_class_since',
] as const;
export const LEARNER_CSV_REQUIRED_COLUMNS = [
  'first_name',
  'last_name',
  'date_of_birth',
  'gender',
  'grade',
  'admission_number',
] as const;
export const LEARNER_CSV_MAX_ROWS = 5000;

export const LEARNER_IMPORT_MODES = ['check', 'all', 'valid_only'] as const;
export const ZLearnerImportSchema = z.object({
  csv: z
    .string()
    .min(1, M.csvEmpty)
    .max(4 * 1024 * 1024),
  /** check: report only; all: import when every row is valid; valid_only: import the valid rows. */
  mode: z.enum(LEARNER_IMPORT_MODES).default('check'),
});
export type TLearnerImportInput = z.input<typeof ZLearnerImportSchema>;

const ZLearnerImportRowError = z.object({
  row: z.number(),
  admissionNumber: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type TLearnerImportRowError = z.infer<typeof ZLearnerImportRowError>;
export const ZLearnerImportReport = z.object({
  totalRows: z.number(),
  validRows: z.number(),
  invalidRows: z.number(),
  imported: z.number(),
  errors: z.array(ZLearnerImportRowError),
  /** A file-level problem (missing columns, empty file); the rows were not checked. */
  fileError: z.string().nullable(),
});
export type TLearnerImportReport = z.infer<typeof ZLearnerImportReport>;

/** How far a check (then an import) of a file has come: `done` of `total` rows. */
const ZLearnerImportProgress = z.object({ phase: z.enum(['check', 'import']), done: z.number(), total: z.number() });
export type TLearnerImportProgress = z.infer<typeof ZLearnerImportProgress>;

/**
 * The media type a client asks for (Accept) to hear a check's progress: POST /learners/import then
 * answers one JSON object a line, `{ progress }` as the rows are checked, then `{ report }`, or
 * `{ error }` (the API's error shape, with its HTTP `status`) when the import fails after it started.
 */
export const LEARNER_IMPORT_PROGRESS_TYPE = 'application/x-ndjson';
export const ZLearnerImportLine = z.union([
  z.object({ progress: ZLearnerImportProgress }),
  z.object({ report: ZLearnerImportReport }),
  z.object({
    error: z.object({
      status: z.number(),
      code: z.enum(ERROR_CODES),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  }),
]);
export type TLearnerImportLine = z.infer<typeof ZLearnerImportLine>;

/** Grade labels accepted in a CSV: 'R', 'Grade R', '7', 'Grade 7'. */
export function parseCsvGrade(value: string): string {
  const trimmed = value
    .trim()
    .replace(/^grade\s*/i, '')
    .toUpperCase();
  return SCHOOL_GRADES.some((grade) => grade.id === trimmed) ? trimmed : value.trim();
}

// ---------------------------------------------------------------------------------------------
// Overview

const ZSchoolActivity = z.object({
  at: z.string(),
  action: z.string(),
  summary: z.string(),
  actorName: z.string().nullable(),
});
export type TSchoolActivity = z.infer<typeof ZSchoolActivity>;
export const ZSchoolOverview = z.object({
  school: z.object({ id: z.string(), name: z.string() }),
  learners: z.object({
    enrolled: z.number(),
    archived: z.number(),
    limit: z.number().nullable(),
    packageName: z.string().nullable(),
    /** Enrolled learners without a guardian's consent to the current privacy policy. */
    withoutConsent: z.number(),
  }),
  classes: z.number(),
  learnersByGrade: z.array(z.object({ grade: z.enum(SCHOOL_GRADE_IDS), count: z.number() })),
  recentActivity: z.array(ZSchoolActivity),
  /**
   * The day's attendance across the school (the school's today unless another day is asked for),
   * or null for a reader without the attendance screens: the registers of the classes with
   * learners and how many of them have no mark (none is due on a day that is not a school day,
   * `reason`), the learners marked and the share of them present or late (null when none is).
   */
  attendance: z
    .object({
      date: z.string(),
      schoolDay: z.boolean(),
      reason: z.enum(['weekend', 'holiday']).nullable(),
      registers: z.number(),
      missing: z.number(),
      /** Registers kept that do not cover every learner of the class that day (TTodayOverview's). */
      incomplete: z.number(),
      marked: z.number(),
      rate: z.number().nullable(),
    })
    .nullable(),
});
export type TSchoolOverview = z.infer<typeof ZSchoolOverview>;
