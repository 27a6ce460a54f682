import { AppError } from '../http/errors.ts';

/**
 * Public forms carry a hidden field people never see (shared schema: HONEYPOT_FIELD). Something
 * that filled it in is a bot: nothing is stored or sent, and the answer says so plainly in case a
 * person's browser autofill was the culprit.
 */
export function rejectHoneypot(value: string | undefined | null) {
  if (value && value.trim() !== '') {
    throw new AppError(
      400,
      'SUBMISSION_REJECTED',
      'We could not accept this form. Please reload the page and try again, or e-mail us at hello@sekolo.co.za.',
    );
  }
}
