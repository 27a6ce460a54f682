import { createContext } from 'react';
import type { TUploadedFile } from '@sekolo/shared/schemas/uploads';

/**
 * Given by a form that keeps its files in a saved draft (the registration wizard): FileUpload
 * hands it a file the user removed, and the form deletes it on the server once no saved step or
 * draft names it any more. Without it, FileUpload deletes only files uploaded in that widget (a
 * file shown from saved data may still be needed by that data).
 */
export const UploadReleaseContext = createContext<((file: TUploadedFile) => void) | null>(null);
