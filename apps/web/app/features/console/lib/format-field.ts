import { labelOf, type IOption } from '@sekolo/shared/domain/options';
import { formatZar } from '@sekolo/shared/domain/money';
import {
  ACCOUNT_TYPES,
  BANKS,
  BUSINESS_TYPES,
  CHARITY_TYPES,
  COUNTRIES,
  PRICE_RANGES,
  PRODUCT_CATEGORIES,
  SCHOOL_TYPES,
  SERVICE_CATEGORIES,
  SHOP_CATEGORIES,
  TUTOR_SUBJECTS,
  gradeLabel,
  regionsFor,
} from '@sekolo/shared/constants/enumerations';
import { COMMISSION_TIERS } from '@sekolo/shared/constants/fees';
import { SCHOOL_PACKAGES } from '@sekolo/shared/constants/packages';
import { BUSINESS_PARTNER_TYPES, GUARDIAN_RELATIONS } from '@sekolo/shared/constants/roles';
import { CHARITY_PACKAGE } from '@sekolo/shared/schemas/registration/charity';
import { formatFileSize } from '@sekolo/shared/schemas/uploads';

/** A key naming an amount in integer cents: 'priceCents', 'registrationFeeCents'. */
function isCentsKey(key: string): boolean {
  return /[a-z0-9]Cents$/.test(key);
}

/**
 * 'registrationNumber' -> 'Registration number'; 'id_document' -> 'Id document'; 'acceptedSLA' ->
 * 'Accepted SLA'. An amount in cents is shown in Rand, so 'priceCents' -> 'Price'.
 */
export function humanizeKey(key: string): string {
  const base = isCentsKey(key) ? key.slice(0, -'Cents'.length) : key;
  const words = base
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    // Acronyms (SLA, SMS) keep their capitals; every other word is lower case.
    .map((word) => (/^[A-Z][A-Z0-9]+$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The packages an application can name: the school packages and the charity's. */
const PACKAGES: readonly IOption[] = [
  ...SCHOOL_PACKAGES.map((pkg) => ({ id: pkg.id, label: pkg.name })),
  { id: CHARITY_PACKAGE.id, label: CHARITY_PACKAGE.name },
];

/**
 * What a business partner's payment step stores as `packageData.id` (the server's `packageDataOf`
 * in apps/server/src/modules/payments/registration-orders.ts): the registration fees, not a package.
 */
const PAYMENT_PACKAGES: readonly IOption[] = [
  ...PACKAGES,
  { id: 'business-partner-registration', label: 'Business partner registration fees' },
];

/** Where a field sits: the applicant's type and the group (object or list) holding it. */
export type TFieldScope = { userType?: string; parent?: string };

/** The option list whose ids a field stores, or undefined for a free-text field. */
function optionListFor(key: string, scope: TFieldScope): readonly IOption[] | undefined {
  switch (key) {
    case 'schoolType':
      return SCHOOL_TYPES;
    case 'bank':
      return BANKS;
    case 'accountType':
      return ACCOUNT_TYPES;
    case 'country':
      return COUNTRIES;
    case 'shopCategory':
      return SHOP_CATEGORIES;
    case 'relation':
      return GUARDIAN_RELATIONS;
    case 'businessType':
      // The charity form stores its charity type under the business form's key. Ids both lists
      // have ('trust', 'other') carry the same label, so without a type either list reads right.
      if (scope.userType === 'charity') return CHARITY_TYPES;
      if (scope.userType === 'business_partner') return BUSINESS_TYPES;
      return [...BUSINESS_TYPES, ...CHARITY_TYPES];
    case 'businessPartnerTypes':
    case 'partnerType':
    case 'partnerTypes':
      return BUSINESS_PARTNER_TYPES;
    case 'commissionTier':
      return COMMISSION_TIERS;
    case 'priceRange':
      return PRICE_RANGES;
    case 'category':
      if (scope.parent === 'products') return PRODUCT_CATEGORIES;
      if (scope.parent === 'services') return SERVICE_CATEGORIES;
      return [...PRODUCT_CATEGORIES, ...SERVICE_CATEGORIES];
    case 'subjects':
      return TUTOR_SUBJECTS;
    case 'packageId':
      return PACKAGES;
    case 'id':
      return scope.parent === 'packageData' ? PAYMENT_PACKAGES : undefined;
    default:
      return undefined;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return Boolean(value) && typeof value === 'object' && !Array.isArray(value);
}

/** Rand for an integer number of cents (a number or a string of digits); undefined for anything else. */
function randOf(value: unknown): string | undefined {
  const cents = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof cents === 'number' && Number.isSafeInteger(cents) ? formatZar(cents) : undefined;
}

/**
 * A stored value as the operator reads it: option labels (with the province of the chosen
 * country), amounts in cents as Rand, Yes/No, grades, files by name and size, and the entries of
 * a list one per line ('Name: ...; Category: ...'). `context` is the object holding the field.
 */
export function formatValue(
  key: string,
  value: unknown,
  context: Record<string, unknown> = {},
  scope: TFieldScope = {},
): string {
  if (value === null || value === undefined || value === '') return 'Not given';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (isCentsKey(key)) {
    const rand = randOf(value);
    if (rand) return rand;
  }
  if (key === 'grade' && (typeof value === 'string' || typeof value === 'number')) {
    return gradeLabel(value) ?? String(value);
  }
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const list = optionListFor(key, scope);
    if (list) return labelOf(list, value) ?? value;
    if (key === 'province' && typeof context.country === 'string') {
      return labelOf(regionsFor(context.country), value) ?? value;
    }
    return value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return 'None';
    const separator = value.some(isPlainObject) ? '\n' : ', ';
    return value.map((item) => formatValue(key, item, context, scope)).join(separator);
  }
  if (isPlainObject(value)) {
    if (isFileValue(value)) return fileDescription(value);
    return describeEntry(value, { userType: scope.userType, parent: key });
  }
  return String(value);
}

/** An object's fields on one line: 'Name: Maths workbook; Category: Books; Price range: R100 - R500'. */
export function describeEntry(entry: Record<string, unknown>, scope: TFieldScope = {}): string {
  const parts = Object.entries(entry).map(
    ([key, value]) => `${humanizeKey(key)}: ${formatValue(key, value, entry, scope).replace(/\n/g, '; ')}`,
  );
  return parts.length > 0 ? parts.join('; ') : 'Not given';
}

export type TFileValue = { id: string; name: string; size: number; mimeType: string };

export function isFileValue(value: unknown): value is TFileValue {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.name === 'string' && typeof v.mimeType === 'string';
}

export function fileDescription(file: TFileValue): string {
  return `${file.name} (${formatFileSize(Number(file.size) || 0)})`;
}
