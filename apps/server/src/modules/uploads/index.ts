// The uploads module's public door: its routes and the file storage other modules keep files in.
export { uploadRoutes } from './routes.ts';
export { assertUploadsOwnedBy } from './upload-references.ts';
export {
  attachUploadsToOrganization,
  createFileStorage,
  removeStoredBytes,
  storageKeysOf,
} from './uploads-service.ts';
export type { IFileStorage } from './uploads-service.ts';
