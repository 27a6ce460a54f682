import { REGIONS_BY_COUNTRY } from '@sekolo/shared/constants/enumerations';
import { BUSINESS_PARTNER_TYPES } from '@sekolo/shared/constants/roles';
import type { TDirectoryEntry, TDirectoryTypeFilter } from '@sekolo/shared/schemas/directory';

const REGION_LABELS = new Map<string, string>(
  Object.values(REGIONS_BY_COUNTRY).flatMap((regions) => regions.map((r) => [r.id, r.label] as [string, string])),
);

/** A province or region id as people write it (kwazulu_natal: KwaZulu-Natal). */
export const regionLabel = (id: string) => REGION_LABELS.get(id) ?? id;

export const SA_PROVINCE_OPTIONS = REGIONS_BY_COUNTRY.south_africa;

/** The directory's type filter, in the order a visitor thinks of them. */
export const TYPE_OPTIONS: { id: TDirectoryTypeFilter; label: string }[] = [
  { id: 'school', label: 'Schools' },
  { id: 'business', label: 'Business partners (all)' },
  ...BUSINESS_PARTNER_TYPES.map((type) => ({ id: type.id, label: `— ${type.label}` })),
  { id: 'charity', label: 'Charities' },
];

const PARTNER_LABELS = new Map<string, string>(BUSINESS_PARTNER_TYPES.map((t) => [t.id, t.label]));

/** What kind of organisation it is, in words: School, Charity, or the partner's types. */
export function kindLabel(entry: Pick<TDirectoryEntry, 'kind' | 'partnerTypes'>): string {
  if (entry.kind === 'school') return 'School';
  if (entry.kind === 'charity') return 'Charity';
  const types = entry.partnerTypes.map((t) => PARTNER_LABELS.get(t) ?? t);
  return types.length > 0 ? types.join(' · ') : 'Business partner';
}

/** Initials for an organisation without a logo. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z0-9]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}
