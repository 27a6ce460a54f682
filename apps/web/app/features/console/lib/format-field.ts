import { labelOf, type IOption } from '@sekolo/shared/domain/options';
import {
  ACCOUNT_TYPES,
  BANKS,
  COUNTRIES,
  SCHOOL_TYPES,
  SHOP_CATEGORIES,
  REGIONS_BY_COUNTRY,
} from '@sekolo/shared/constants/enumerations';
import { GUARDIAN_RELATIONS } from '@sekolo/shared/constants/roles';
import { formatFileSize } from '@sekolo/shared/schemas/uploads';

/** 'registrationNumber' -> 'Registration number'; 'id_document' -> 'Id document'. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const OPTION_LISTS: Record<string, readonly IOption[]> = {
  schoolType: SCHOOL_TYPES,
  bank: BANKS,
  accountType: ACCOUNT_TYPES,
  country: COUNTRIES,
  shopCategory: SHOP_CATEGORIES,
  relation: GUARDIAN_RELATIONS,
};

/** A stored value as the operator reads it: option labels, Yes/No, the province's name. */
export function formatValue(key: string, value: unknown, context: Record<string, unknown> = {}): string {
  if (value === null || value === undefined || value === '') return 'Not given';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const list = OPTION_LISTS[key];
    if (list) return labelOf(list, value) ?? value;
    if (key === 'province' && typeof context.country === 'string') {
      const regions = (REGIONS_BY_COUNTRY as Record<string, readonly IOption[]>)[context.country];
      return (regions && labelOf(regions, value)) ?? value;
    }
    if (key === 'grade') return `Grade ${value}`;
    return value;
  }
  if (Array.isArray(value)) return value.length ? value.map((v) => formatValue(key, v)).join(', ') : 'None';
  return JSON.stringify(value);
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
