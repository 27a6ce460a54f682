// What other modules use from uploads (session 2 contract).
export { assertUploadsOwnedBy, getUploadMeta, type TUploadMeta } from './upload-references.ts';
export { accessToUpload, isOrganizationAdminOf, type TUploadAccess } from './access.ts';
export { storageKeysOf, removeStoredBytes } from './purge-uploads.ts';
export { createFileStorage, type IFileStorage } from './storage.ts';
