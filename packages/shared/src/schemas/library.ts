/**
 * The school library (D25): a catalogue of titles with numbered copies (each with a barcode label),
 * loans to learners and staff, renewals, holds and overdue reminders. Forms and the server share
 * these schemas and messages. Due dates are school days 'YYYY-MM-DD' (Africa/Johannesburg).
 */

import { z } from 'zod';
import { HOME_LANGUAGES } from './school.ts';

export const LIBRARY_MESSAGES = {
  titleRequired: 'Enter the book’s title',
  authorRequired: 'Enter the author',
  tooLong: (max: number) => `Must be ${max} characters or fewer`,
  isbnInvalid: 'Enter a valid ISBN-10 or ISBN-13 (the check digit does not match)',
  yearInvalid: (max: number) => `Enter a year from 1450 to ${max}`,
  languageInvalid: 'Choose the language of the book',
  copiesInvalid: 'Copies must be a whole number from 0 to 50',
  isbnTaken: 'The catalogue already has a title with that ISBN',
  titleNotFound: 'That title is not in the catalogue',
  copyNotFound: 'No copy has that barcode',
  loanNotFound: 'That loan does not exist',
  holdNotFound: 'That hold does not exist',
  borrowerNotFound: 'That borrower is not at this school',
  barcodeRequired: 'Scan or type a barcode',
  borrowerRequired: 'Choose the borrower first',
  copyOnLoan: 'This copy is already on loan. Return it first.',
  copyHeldForOther: 'This copy is set aside for a hold by another borrower',
  copyNotLendable: 'This copy is marked lost or withdrawn and cannot be lent',
  copyNotOnLoan: 'This copy is not on loan',
  loanLimitReached: (limit: number) => `The borrower already has ${limit} books on loan, the most allowed`,
  loanReturned: 'This loan has been returned',
  renewalLimitReached: (limit: number) => `This loan has been renewed ${limit} times, the most allowed`,
  renewalHeld: 'Another borrower is waiting for this title, so it cannot be renewed',
  holdExists: 'The borrower already has a hold on this title',
  holdOnLoan: 'The borrower already has this title on loan',
  holdNotActive: 'This hold is no longer active',
  availableNow: 'A copy is on the shelf: borrow it at the library desk',
  noCopies: 'This title has no copies to hold',
  copyStatusOnLoan: 'Return the copy before changing its status',
  limitInvalid: 'Enter a whole number from 1 to 30',
  daysInvalid: 'Enter a whole number of days from 1 to 120',
  renewalsInvalid: 'Enter a whole number from 0 to 10',
  intervalInvalid: 'Enter a whole number of days from 1 to 30',
  pickupInvalid: 'Enter a whole number of days from 1 to 14',
  csvMissingColumns: (columns: string[]) => `The file has no column ${columns.join(', ')}. Use the template.`,
  csvEmpty: 'The file has no rows below its header',
  csvTooManyRows: (max: number) => `A file may hold at most ${max} rows`,
  csvDuplicateInFile: (row: number) => `The same ISBN is on row ${row}`,
  csvCopiesInvalid: 'Copies must be a whole number from 1 to 50',
  csvIsbnRequired: 'Give the ISBN: the import matches titles by it',
} as const;

const M = LIBRARY_MESSAGES;

/** The digits of an ISBN as typed ('978-0-09-958200-6', '0 09 958200 X'): hyphens and spaces out, X upper-case. */
export function normalizeIsbn(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

/** Whether `isbn` (normalised) is an ISBN-10 or ISBN-13 whose check digit matches. */
export function isValidIsbn(isbn: string): boolean {
  if (/^\d{9}[\dX]$/.test(isbn)) {
    let sum = 0;
    for (let i = 0; i < 10; i++) sum += (10 - i) * (isbn[i] === 'X' ? 10 : Number(isbn[i]));
    return sum % 11 === 0;
  }
  if (/^\d{13}$/.test(isbn)) {
    let sum = 0;
    for (let i = 0; i < 13; i++) sum += Number(isbn[i]) * (i % 2 === 0 ? 1 : 3);
    return sum % 10 === 0;
  }
  return false;
}

/** The languages a book is written in: South Africa's official languages and Other. */
export const BOOK_LANGUAGES = HOME_LANGUAGES;
export const bookLanguageLabel = (id: string) => BOOK_LANGUAGES.find((l) => l.id === id)?.label ?? 'Other';
const LANGUAGE_IDS = BOOK_LANGUAGES.map((l) => l.id) as [string, ...string[]];

export const COPY_STATUSES = [
  { id: 'available', label: 'On the shelf' },
  { id: 'on_loan', label: 'On loan' },
  { id: 'held', label: 'Set aside for a hold' },
  { id: 'lost', label: 'Lost' },
  { id: 'withdrawn', label: 'Withdrawn' },
] as const;
export type TCopyStatus = (typeof COPY_STATUSES)[number]['id'];
export const copyStatusLabel = (id: string) => COPY_STATUSES.find((s) => s.id === id)?.label ?? id;

export const HOLD_STATUSES = [
  { id: 'waiting', label: 'Waiting for a copy' },
  { id: 'ready', label: 'Ready to collect' },
  { id: 'fulfilled', label: 'Collected' },
  { id: 'cancelled', label: 'Cancelled' },
  { id: 'expired', label: 'Not collected in time' },
] as const;
export type THoldStatus = (typeof HOLD_STATUSES)[number]['id'];
export const holdStatusLabel = (id: string) => HOLD_STATUSES.find((s) => s.id === id)?.label ?? id;

export const BORROWER_KINDS = [
  { id: 'learner', label: 'Learner' },
  { id: 'staff', label: 'Staff' },
] as const;
export type TBorrowerKind = (typeof BORROWER_KINDS)[number]['id'];

/** A barcode as a scanner types it or a librarian keys it: trimmed, upper-case. */
export const ZBarcode = z
  .string({ error: M.barcodeRequired })
  .trim()
  .min(1, M.barcodeRequired)
  .max(40, M.tooLong(40))
  .transform((v) => v.toUpperCase());

const ZIsbnField = z
  .string()
  .trim()
  .max(20, M.isbnInvalid)
  .transform(normalizeIsbn)
  .refine((v) => v === '' || isValidIsbn(v), M.isbnInvalid);

const maxYear = () => new Date().getFullYear() + 1;

/** A title of the catalogue as the librarian enters it (and a CSV row before its copies). */
export const ZTitleInput = z.object({
  title: z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(200, M.tooLong(200)),
  author: z.string({ error: M.authorRequired }).trim().min(1, M.authorRequired).max(200, M.tooLong(200)),
  isbn: ZIsbnField.default(''),
  subject: z.string().trim().max(80, M.tooLong(80)).default(''),
  publisher: z.string().trim().max(120, M.tooLong(120)).default(''),
  year: z
    .number({ error: M.yearInvalid(maxYear()) })
    .int(M.yearInvalid(maxYear()))
    .min(1450, M.yearInvalid(maxYear()))
    .refine((y) => y <= maxYear(), M.yearInvalid(maxYear()))
    .nullable()
    .default(null),
  language: z.enum(LANGUAGE_IDS, { error: M.languageInvalid }).default('english'),
});
export type TTitleInput = z.input<typeof ZTitleInput>;
export type TTitleValues = z.output<typeof ZTitleInput>;

export const ZNewTitle = ZTitleInput.extend({
  copies: z.number({ error: M.copiesInvalid }).int(M.copiesInvalid).min(0, M.copiesInvalid).max(50, M.copiesInvalid),
});
export type TNewTitle = z.input<typeof ZNewTitle>;

export const ZAddCopies = z.object({
  count: z.number({ error: M.copiesInvalid }).int(M.copiesInvalid).min(1, M.copiesInvalid).max(50, M.copiesInvalid),
});

export const ZCopyStatusInput = z.object({ status: z.enum(['available', 'lost', 'withdrawn']) });

const intIn = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** The school's lending rules per borrower type. */
export const ZLibrarySettings = z.object({
  learnerLoanLimit: intIn(1, 30, M.limitInvalid),
  learnerLoanDays: intIn(1, 120, M.daysInvalid),
  staffLoanLimit: intIn(1, 30, M.limitInvalid),
  staffLoanDays: intIn(1, 120, M.daysInvalid),
  maxRenewals: intIn(0, 10, M.renewalsInvalid),
  reminderIntervalDays: intIn(1, 30, M.intervalInvalid),
  holdPickupDays: intIn(1, 14, M.pickupInvalid),
});
export type TLibrarySettings = z.infer<typeof ZLibrarySettings>;

export const DEFAULT_LIBRARY_SETTINGS: TLibrarySettings = {
  learnerLoanLimit: 3,
  learnerLoanDays: 14,
  staffLoanLimit: 10,
  staffLoanDays: 28,
  maxRenewals: 2,
  reminderIntervalDays: 7,
  holdPickupDays: 5,
};

export const ZBorrowerRef = z.object({
  kind: z.enum(['learner', 'staff'], { error: M.borrowerRequired }),
  id: z.string({ error: M.borrowerRequired }).trim().min(1, M.borrowerRequired).max(64),
});
export type TBorrowerRef = z.infer<typeof ZBorrowerRef>;

export const ZIssueInput = z.object({ barcode: ZBarcode, borrower: ZBorrowerRef });
export type TIssueInput = z.input<typeof ZIssueInput>;
export const ZReturnInput = z.object({ barcode: ZBarcode });
export const ZPlaceHoldInput = z.object({ titleId: z.uuid({ error: M.titleNotFound }), borrower: ZBorrowerRef });
export const ZMyHoldInput = z.object({ titleId: z.uuid({ error: M.titleNotFound }) });

export const ZCatalogueQuery = z.object({
  q: z.string().trim().max(100).optional(),
  subject: z.string().trim().max(80).optional(),
  language: z.string().trim().max(40).optional(),
  available: z.enum(['yes']).optional(),
  /** Keyset: the last title of the previous page, 'title\u0000id'. */
  after: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type TCatalogueQuery = z.input<typeof ZCatalogueQuery>;

/** A title in a list: its copies counted by status. */
export const ZTitleSummary = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  isbn: z.string(),
  subject: z.string(),
  publisher: z.string(),
  year: z.number().nullable(),
  language: z.string(),
  copies: z.number(),
  available: z.number(),
  waitingHolds: z.number(),
});
export type TTitleSummary = z.infer<typeof ZTitleSummary>;

export const ZCataloguePage = z.object({
  titles: z.array(ZTitleSummary),
  next: z.string().nullable(),
  subjects: z.array(z.string()),
});

export const ZBorrower = z.object({
  kind: z.enum(['learner', 'staff']),
  id: z.string(),
  name: z.string(),
  /** Admission number and grade for a learner, the role for staff. */
  detail: z.string(),
});
export type TBorrower = z.infer<typeof ZBorrower>;

export const ZCopy = z.object({
  id: z.string(),
  barcode: z.string(),
  status: z.enum(['available', 'on_loan', 'held', 'lost', 'withdrawn']),
  /** Who has it and until when (on loan), or for whom it is set aside (held). */
  borrower: ZBorrower.nullable(),
  dueOn: z.string().nullable(),
});

export const ZLoan = z.object({
  id: z.string(),
  titleId: z.string(),
  title: z.string(),
  author: z.string(),
  barcode: z.string(),
  borrower: ZBorrower,
  issuedAt: z.string(),
  dueOn: z.string(),
  returnedAt: z.string().nullable(),
  renewals: z.number(),
  overdue: z.boolean(),
  remindersSent: z.number(),
});
export type TLoan = z.infer<typeof ZLoan>;

export const ZHold = z.object({
  id: z.string(),
  titleId: z.string(),
  title: z.string(),
  author: z.string(),
  borrower: ZBorrower,
  status: z.enum(['waiting', 'ready', 'fulfilled', 'cancelled', 'expired']),
  placedAt: z.string(),
  /** Ready holds: the copy set aside and the last day to collect it. */
  barcode: z.string().nullable(),
  collectBy: z.string().nullable(),
  /** Waiting holds: how many are ahead in the queue. */
  position: z.number().nullable(),
});
export type THold = z.infer<typeof ZHold>;

export const ZTitleDetail = z.object({
  title: ZTitleSummary,
  copies: z.array(ZCopy),
  holds: z.array(ZHold),
});

export const ZLoansQuery = z.object({
  status: z.enum(['current', 'overdue', 'returned']).default('current'),
  q: z.string().trim().max(100).optional(),
});

export const ZIssueResult = z.object({ loan: ZLoan, fulfilledHold: z.boolean() });
export const ZReturnResult = z.object({
  loan: ZLoan,
  /** The hold the copy is now set aside for, when one was waiting. */
  heldFor: ZHold.nullable(),
});

export const ZBorrowerAccount = z.object({
  borrower: ZBorrower,
  limit: z.number(),
  loanDays: z.number(),
  loans: z.array(ZLoan),
  holds: z.array(ZHold),
});

/** A learner's (or staff member's) own library page. */
export const ZMyLibrary = z.object({
  borrower: ZBorrower.nullable(),
  loans: z.array(ZLoan),
  holds: z.array(ZHold),
});

/** A parent's children and what each has on loan. */
export const ZChildrenLoans = z.object({
  children: z.array(z.object({ learnerId: z.string(), name: z.string(), loans: z.array(ZLoan) })),
});

/** The learner's catalogue: availability without who borrowed. */
export const ZPublicTitleDetail = z.object({
  title: ZTitleSummary,
  nextDueOn: z.string().nullable(),
  myHold: ZHold.nullable(),
  onLoanToMe: z.boolean(),
});

// CSV import
export const LIBRARY_CSV_COLUMNS = [
  'title',
  'author',
  'isbn',
  'subject',
  'publisher',
  'year',
  'language',
  'copies',
] as const;
export const LIBRARY_CSV_REQUIRED_COLUMNS = ['title', 'author', 'isbn', 'copies'] as const;
export const LIBRARY_CSV_MAX_ROWS = 2000;

export const ZImportInput = z.object({
  csv: z.string().max(2_000_000, 'The file is larger than 2 MB'),
  /** check: only report; all: import when every row is valid; valid_only: import the valid rows. */
  mode: z.enum(['check', 'all', 'valid_only']),
});

export const ZImportRow = z.object({
  row: z.number(),
  title: z.string(),
  isbn: z.string(),
  /** New title, copies added to a title already in the catalogue, or nothing to do. */
  action: z.enum(['create', 'add_copies', 'unchanged', 'refused']),
  copiesToAdd: z.number(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type TImportRow = z.infer<typeof ZImportRow>;

export const ZImportReport = z.object({
  fileError: z.string().nullable(),
  totalRows: z.number(),
  validRows: z.number(),
  invalidRows: z.number(),
  rows: z.array(ZImportRow),
  imported: z.boolean(),
  titlesCreated: z.number(),
  copiesCreated: z.number(),
});
export type TImportReport = z.infer<typeof ZImportReport>;

export const ZLabelsQuery = z.object({
  /** One title's copies; without it, every copy of the catalogue that can be lent. */
  titleId: z.uuid({ error: M.titleNotFound }).optional(),
});
