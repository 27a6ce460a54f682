import { PRIVACY_POLICY_VERSION, PRIVACY_POLICY_VERSION_DISPLAY } from '@sekolo/shared/constants/privacy';

/**
 * Display helpers for figures on the public pages. Money goes through `formatZar`/`formatZarWhole`
 * in @sekolo/shared; these cover rates and counts.
 */

/** 680 → '6.8%', 500 → '5%'. The spec writes rates with a decimal point ("6.8%", "99.5%"). */
export function formatPercentFromBps(bps: number): string {
  return `${bps / 100}%`;
}

/**
 * 10000 → '10 000', grouped the South African way. A plain space (not Intl's narrow no-break
 * space) so the prerendered HTML and the browser render the very same text.
 */
export function formatCount(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/**
 * The date every legal page states, in ISO form for <time dateTime> and in words for people. It is
 * the privacy policy's version that guardians' consents record, so both come from one place.
 */
export const LEGAL_LAST_UPDATED = { iso: PRIVACY_POLICY_VERSION, display: PRIVACY_POLICY_VERSION_DISPLAY } as const;
