import { DASHBOARD_PATH_BY_ROLE, type TRole } from '@sekolo/shared/constants/roles';

/** The roles whose own dashboard is `path`: the guard of that dashboard lets exactly these in. */
export function rolesForDashboard(path: string): TRole[] {
  return (Object.entries(DASHBOARD_PATH_BY_ROLE) as [TRole, string][])
    .filter(([, own]) => own === path)
    .map(([role]) => role);
}
