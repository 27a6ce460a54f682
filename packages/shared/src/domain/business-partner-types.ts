/**
 * Lenient business partner type matching (spec 2.9): the products form shows a tab for a partner
 * type when the chosen types name it by its id, by its label, or by a substring of either. Older
 * drafts and hand-offs carry labels ('Product Vendor'), ids ('product_vendor') or fragments
 * ('vendor'), so every reader of the chosen types goes through these functions.
 */

import { BUSINESS_PARTNER_TYPES, type TBusinessPartnerType } from '../constants/roles.ts';

/** Lower-case words separated by single spaces: 'Tutor / Course Provider' → 'tutor course provider'. */
function normalise(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A fragment shorter than this matches only exactly, so 'a' or 'or' never selects a type. */
const MIN_SUBSTRING_LENGTH = 3;

/** Does one chosen value name `type`? Exact id or label, or either contains the other. */
export function partnerTypeValueMatches(value: unknown, type: TBusinessPartnerType): boolean {
  if (typeof value !== 'string') return false;
  const needle = normalise(value);
  if (needle === '') return false;
  const option = BUSINESS_PARTNER_TYPES.find((candidate) => candidate.id === type);
  if (!option) return false;
  const names = [normalise(option.id), normalise(option.label)];
  if (names.includes(needle)) return true;
  // 'product_vendor_premium' contains the id; 'vendor' is contained in the label.
  if (names.some((name) => needle.includes(name))) return true;
  return needle.length >= MIN_SUBSTRING_LENGTH && names.some((name) => name.includes(needle));
}

/** Is `type` among the chosen values (ids, labels or fragments)? */
export function hasPartnerType(values: readonly unknown[] | null | undefined, type: TBusinessPartnerType): boolean {
  return (values ?? []).some((value) => partnerTypeValueMatches(value, type));
}

/** The canonical ids the chosen values name, in the list's order, each once. */
export function normalisePartnerTypes(values: readonly unknown[] | null | undefined): TBusinessPartnerType[] {
  return BUSINESS_PARTNER_TYPES.map((option) => option.id).filter((type) => hasPartnerType(values, type));
}
