import { UPLOAD_MESSAGES, type TUploadedFile } from '@sekolo/shared/schemas/uploads';
import { uploadsContracts } from '@sekolo/shared/contracts/uploads';
import { ApiError, apiErrorOf, call, urlOf } from './api-client';

/**
 * Sends one file to POST /api/uploads with XMLHttpRequest, because fetch cannot report upload
 * progress. `onProgress` gets 0..1 as the bytes leave the browser. Errors are ApiErrors carrying
 * the server's message (e.g. "File is too large. Maximum size 10MB."); an aborted upload rejects
 * with an ApiError of code 'ABORTED'.
 */
export function uploadFile(
  file: File,
  options: { purpose?: string; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<TUploadedFile> {
  return new Promise<TUploadedFile>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new ApiError(0, 'ABORTED', 'The upload was cancelled.'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(uploadsContracts.upload.method, urlOf(uploadsContracts.upload));
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status === 201 || xhr.status === 200) {
        options.onProgress?.(1);
        resolve(data as TUploadedFile);
        return;
      }
      reject(
        apiErrorOf(xhr.status, data, (code) =>
          code === 'FILE_TOO_LARGE' ? UPLOAD_MESSAGES.tooLarge : UPLOAD_MESSAGES.failed,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', UPLOAD_MESSAGES.failed));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', 'The upload was cancelled.'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    // The purpose goes first: the server reads the parts in order.
    const body = new FormData();
    if (options.purpose) body.append('purpose', options.purpose);
    body.append('file', file, file.name);
    xhr.send(body);
  });
}

/** Removes one of the signed-in user's files (DELETE /api/uploads/:id). */
export function deleteUploadedFile(id: string): Promise<void> {
  return call(uploadsContracts.remove, { params: { id } });
}

/** Where the owner (and reviewers) can open a stored file. */
export function uploadedFileUrl(id: string): string {
  return urlOf(uploadsContracts.read, { params: { id }, query: {} });
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
