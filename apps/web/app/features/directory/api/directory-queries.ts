import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { directoryContracts as directory } from '@sekolo/shared/contracts/directory';
import type { TDirectorySettingsInput } from '@sekolo/shared/schemas/directory';
import { call } from '~/lib/api-client';

/** The organisation's "Public profile" settings (/api/directory/settings). */
export const DIRECTORY_SETTINGS_KEY = ['directory', 'settings'] as const;

export const directorySettingsQuery = queryOptions({
  queryKey: DIRECTORY_SETTINGS_KEY,
  queryFn: () => call(directory.getSettings).then((a) => a.settings),
});

export function useUpdateDirectorySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TDirectorySettingsInput) => call(directory.updateSettings, { body }).then((a) => a.settings),
    onSuccess: (settings) => client.setQueryData(DIRECTORY_SETTINGS_KEY, settings),
  });
}
