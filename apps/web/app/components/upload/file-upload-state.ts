import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, UPLOAD_MIME_TYPES } from '@sekolo/shared/schemas/uploads';

/**
 * The upload widget's states (spec 4 "Upload"): idle, then uploading, then success or error.
 * "Success" is the form's value itself (a TUploadedFile): the widget shows the done state whenever
 * it has one, so an initial value counts as done. This reducer holds what happens around it.
 */
export type TFileUploadState =
  | { status: 'idle'; problem: string | null }
  | { status: 'uploading'; file: File; progress: number }
  | { status: 'error'; file: File; message: string };

export type TFileUploadAction =
  | { type: 'rejected'; problem: string }
  | { type: 'started'; file: File }
  | { type: 'progress'; progress: number }
  | { type: 'succeeded' }
  | { type: 'failed'; message: string }
  | { type: 'reset' };

export const initialFileUploadState: TFileUploadState = { status: 'idle', problem: null };

export function fileUploadReducer(state: TFileUploadState, action: TFileUploadAction): TFileUploadState {
  switch (action.type) {
    case 'rejected':
      return { status: 'idle', problem: action.problem };
    case 'started':
      return { status: 'uploading', file: action.file, progress: 0 };
    case 'progress':
      if (state.status !== 'uploading') return state;
      // Progress only moves forward (a retried request starts again from 'started').
      return { ...state, progress: Math.max(state.progress, Math.min(1, Math.max(0, action.progress))) };
    case 'succeeded':
      return initialFileUploadState;
    case 'failed':
      return state.status === 'uploading' ? { status: 'error', file: state.file, message: action.message } : state;
    case 'reset':
      return initialFileUploadState;
  }
}

const MIME_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
};
const EXTENSION_MIME: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** The MIME type a browser reports, or the one its extension implies when the browser reports none. */
function typeOf(file: { name: string; type: string }): string {
  if (file.type) return file.type.toLowerCase();
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  return EXTENSION_MIME[extension] ?? '';
}

/** The server's types, narrowed by an `accept` list (".pdf", "image/*", "image/png") when one is given. */
export function allowedTypes(accept?: string): string[] {
  if (!accept?.trim()) return [...UPLOAD_MIME_TYPES];
  const tokens = accept
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);
  return UPLOAD_MIME_TYPES.filter((mime) =>
    tokens.some(
      (token) =>
        token === mime ||
        (token.endsWith('/*') && mime.startsWith(token.slice(0, -1))) ||
        (token.startsWith('.') && EXTENSION_MIME[token.slice(1)] === mime),
    ),
  );
}

/** "PDF, PNG, JPEG or WebP" */
export function describeTypes(types: readonly string[]): string {
  const labels = types.map((mime) => MIME_LABELS[mime] ?? mime);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

/**
 * The browser's quick check before sending (the server decides by content): a message to show,
 * or null when the file may be sent.
 */
export function checkFileBeforeUpload(
  file: { name: string; type: string; size: number },
  accept?: string,
): string | null {
  const types = allowedTypes(accept);
  if (!types.includes(typeOf(file))) {
    return types.length === UPLOAD_MIME_TYPES.length
      ? UPLOAD_MESSAGES.wrongType
      : `This file type is not supported. Please upload a ${describeTypes(types)} file.`;
  }
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return null;
}
