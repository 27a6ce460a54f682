import { z } from 'zod';

/**
 * Uploaded files (spec 2.11, 4 "Upload"): private storage, 10 MB, PDF, PNG, JPEG and WebP recognised
 * by content. Shared by POST /api/uploads, the FileUpload widget and every form that references a file.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The types the server accepts, as it recognises them from the bytes (never from the name). */
export const UPLOAD_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export type TUploadMimeType = (typeof UPLOAD_MIME_TYPES)[number];

/** For an `<input type="file" accept>`: the same types, with their usual extensions. */
export const UPLOAD_ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,application/pdf,image/png,image/jpeg,image/webp';

/** What a file is for; free-form but short (e.g. 'application-document', 'logo'). */
export const ZUploadPurpose = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{0,49}$/, 'Purpose must be a short lower-case word.');

export const ZUploadId = z.uuid();

/** A stored file as the API answers it and as forms keep it in their values. */
export const ZUploadedFile = z.object({
  id: ZUploadId,
  name: z.string().min(1).max(255),
  size: z.number().int().min(0).max(MAX_UPLOAD_BYTES),
  mimeType: z.string().min(1).max(100),
});
export type TUploadedFile = z.infer<typeof ZUploadedFile>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An object shaped like TUploadedFile ({ id, name, size, mimeType }) wherever a form keeps a file. */
export function isUploadedFileRef(value: unknown): value is TUploadedFile {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && UUID.test(v.id) && typeof v.name === 'string' && typeof v.mimeType === 'string';
}

/** The ids of the uploaded files anywhere in `value` (a step's values: logoFile, documentFiles.*, lists). */
export function uploadedFileIdsIn(value: unknown): string[] {
  if (isUploadedFileRef(value)) return [value.id];
  if (Array.isArray(value)) return value.flatMap(uploadedFileIdsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(uploadedFileIdsIn);
  return [];
}

/** Limits for applicants (accounts awaiting review): uploads are allowed before approval, within reason. */
export const APPLICANT_UPLOAD_LIMITS = { files: 30, totalBytes: 100 * 1024 * 1024 } as const;

export const UPLOAD_MESSAGES = {
  /** Spec 5 (upload widget). */
  failed: 'Error uploading file. Please try again.',
  uploadFailedTitle: 'Upload failed',
  /** A form sent while one of its files is still uploading waits for it. */
  stillUploading: 'Please wait until the file has finished uploading, then try again.',
  required: 'This file is required',
  maxSize: 'Maximum size 10MB',
  tooLarge: 'File is too large. Maximum size 10MB.',
  wrongType: 'This file type is not supported. Please upload a PDF, PNG, JPEG or WebP file.',
  empty: 'This file is empty. Please choose another file.',
  logoNotPicture: 'A logo must be a PNG, JPEG or WebP picture (SVG and other files are not accepted).',
  missing: 'Please choose a file to upload.',
  oneAtATime: 'Please send one file at a time.',
  applicantLimit:
    'You have reached the upload limit for an application. Remove a file you no longer need and try again.',
  notFound: 'File not found.',
  /** The file store (S3) cannot be reached: nothing was stored. */
  storageUnavailable: 'Files cannot be stored or opened right now. Please try again in a few minutes.',
  inSubmittedApplication:
    'This file is part of your submitted application and cannot be removed. If it needs to change, our team will ask you for an update.',
} as const;

/** Human-readable size as the widget shows it: "512 KB", "2.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** GET an organisation's logo: `small` (128 px) for lists and cards, else the profile's (512 px at most). */
export const ZLogoQuery = z.object({ size: z.enum(['small', 'full']).default('full') });
