// What other modules use from uploads (session 2 contract).
export {
  assertUploadsOwnedBy,
  attachUploadsToOrganization,
  getUploadMeta,
  type TUploadMeta,
} from './upload-references.ts';
export { accessToUpload, isAdminOfOrganization, type TUploadAccess } from './access.ts';
export { storageKeysOf, removeStoredBytes } from './purge-uploads.ts';
export { createFileStorage } from './create-file-storage.ts';
export type { IFileStorage } from './storage.ts';
