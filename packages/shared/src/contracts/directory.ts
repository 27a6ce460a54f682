import { z } from 'zod';
import {
  ZDirectoryPage,
  ZDirectoryProfile,
  ZDirectoryQuery,
  ZDirectorySettings,
  ZDirectorySettingsInput,
  ZDirectorySlugParams,
} from '../schemas/directory.ts';
import { ZLogoQuery } from '../schemas/uploads.ts';
import { contract } from './contract.ts';

/** The public directory (modules/directory), under /api/directory. */
export const directoryContracts = {
  search: contract({ method: 'GET', path: '/api/directory', query: ZDirectoryQuery, response: ZDirectoryPage }),
  profile: contract({
    method: 'GET',
    path: '/api/directory/profiles/:slug',
    params: ZDirectorySlugParams,
    response: z.object({ profile: ZDirectoryProfile }),
  }),
  /** A business partner's or charity's logo, public (the profile's logoUrl). */
  logo: contract({
    method: 'GET',
    path: '/api/directory/logos/:organizationId',
    params: z.object({ organizationId: z.string().uuid() }),
    query: ZLogoQuery,
    response: null,
    answer: 'file',
  }),
  getSettings: contract({
    method: 'GET',
    path: '/api/directory/settings',
    response: z.object({ settings: ZDirectorySettings }),
  }),
  updateSettings: contract({
    method: 'PUT',
    path: '/api/directory/settings',
    body: ZDirectorySettingsInput,
    response: z.object({ settings: ZDirectorySettings }),
  }),
};
