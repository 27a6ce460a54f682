// The uploads module's public door: its routes and the file storage other modules keep files in.
export { uploadRoutes } from './routes.ts';
export { assertUploadsOwnedBy } from './upload-references.ts';
export { attachUploadsToOrganization, createFileStorage, removeStoredBytes, storageKeysOf } from './uploads-service.ts';
export { retireUploads } from './retire-uploads.ts';
export type { IFileStorage } from './storage.ts';
export { addUploadReadRule, type TUploadReadRule } from './access.ts';
export { getUploadMeta } from './upload-references.ts';
export { claimLogoUpload, LOGO_TYPES, logoFileOf, sendLogo, type TLogoFile } from './organisation-logos.ts';
