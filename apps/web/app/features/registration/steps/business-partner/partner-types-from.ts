import type { TBusinessPartnerType } from '@sekolo/shared/constants/roles';
import { normalisePartnerTypes } from '@sekolo/shared/domain/business-partner-types';
import type { TRegistrationData } from '../../lib/wizard-types';

const KEYS = ['businessPartnerTypes', 'partnerType', 'partnerTypes'] as const;

/**
 * The partner types chosen in an earlier step (step 1 unless `fromStep` says otherwise), read
 * leniently (spec 2.9: ids, labels or substrings), then from the merged form data.
 */
export function partnerTypesFrom(registration: TRegistrationData | undefined, fromStep = 1): TBusinessPartnerType[] {
  const sources = [registration?.stepData?.[String(fromStep)], registration?.formData];
  for (const source of sources) {
    if (!source || typeof source !== 'object') continue;
    for (const key of KEYS) {
      const value = (source as Record<string, unknown>)[key];
      if (Array.isArray(value) && value.length > 0) return normalisePartnerTypes(value);
    }
  }
  return [];
}
