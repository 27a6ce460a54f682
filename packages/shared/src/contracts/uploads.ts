import { z } from 'zod';
import { ZUploadedFile } from '../schemas/uploads.ts';
import { contract } from './contract.ts';

const ZUploadParams = z.object({ id: z.string().min(1).max(100) });

/** Uploaded files: private to their owner, their organisation's admins and platform admins. */
export const uploadsContracts = {
  /** multipart/form-data: `file` (one) and an optional `purpose`, read by the route itself. */
  upload: contract({ method: 'POST', path: '/api/uploads', status: 201, response: ZUploadedFile }),
  /** The bytes; `download` asks for an attachment rather than inline. */
  read: contract({
    method: 'GET',
    path: '/api/uploads/:id',
    params: ZUploadParams,
    query: z.object({ download: z.enum(['1', 'true']).optional() }),
    response: null,
    answer: 'file',
  }),
  remove: contract({ method: 'DELETE', path: '/api/uploads/:id', params: ZUploadParams, status: 204, response: null }),
};
