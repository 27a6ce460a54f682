import { formatDate, formatDateOfInstant } from '@sekolo/shared/domain/sa-calendar';
import { admissionStatusLabel, gradeName } from '@sekolo/shared/schemas/admissions';
import { ApiError } from '~/lib/api-client';

export { admissionStatusLabel, formatDate, formatDateOfInstant, gradeName };

/** The server's message for a failed act, or a general one. */
export function problemOf(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';
}

/** The server's messages per field ('child.firstName'…) of a refused save or submission. */
export function fieldsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.fields ? error.fields : {};
}

const STATUS_TONE: Record<string, string> = {
  draft: 'bg-slate-100 text-slate-800',
  submitted: 'bg-sky-100 text-sky-900',
  documents_requested: 'bg-amber-100 text-amber-900',
  under_review: 'bg-indigo-100 text-indigo-900',
  offered: 'bg-emerald-100 text-emerald-900',
  waitlisted: 'bg-violet-100 text-violet-900',
  declined: 'bg-red-100 text-red-900',
  accepted: 'bg-emerald-200 text-emerald-950',
  enrolled: 'bg-brand-100 text-brand-900',
  lapsed: 'bg-slate-200 text-slate-800',
};
export const statusTone = (status: string) => STATUS_TONE[status] ?? STATUS_TONE.draft!;
