import { normalizeSaPhone } from '@sekolo/shared/domain/sa-phone';

/** Why a number cannot be texted, in words a school administrator understands. */
export const SMS_NUMBER_REFUSALS = {
  empty: 'No cell number is recorded.',
  notSouthAfrican: 'This is not a South African phone number.',
  notMobile: 'This is a landline number; SMS needs a cell number.',
} as const;

export type TSmsNumber = { ok: true; number: string } | { ok: false; reason: string };

/**
 * A number to text, in +27 form (`082 123 4567`, `27821234567` and `+27 82 123 4567` are all
 * `+27821234567`), or the reason it cannot be: South African cell numbers start 06, 07 or 08
 * after the trunk 0 (landlines start 01 to 05).
 */
export function toSmsNumber(input: string | null | undefined): TSmsNumber {
  if (!input || !input.trim()) return { ok: false, reason: SMS_NUMBER_REFUSALS.empty };
  const e164 = normalizeSaPhone(input);
  if (!e164) return { ok: false, reason: SMS_NUMBER_REFUSALS.notSouthAfrican };
  if (!/^\+27[678]/.test(e164)) return { ok: false, reason: SMS_NUMBER_REFUSALS.notMobile };
  return { ok: true, number: e164 };
}

/**
 * Whether an inbound SMS asks for no more messages: the keywords South African gateways and
 * WASPA's code of conduct recognise, alone or first in the message, in any case.
 */
export function isStopRequest(body: string): boolean {
  const first =
    body
      .trim()
      .split(/\s+/)[0]
      ?.replace(/[^A-Za-z]/g, '')
      .toUpperCase() ?? '';
  return ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT'].includes(first);
}
