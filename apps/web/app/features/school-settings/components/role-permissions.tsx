import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { PERMISSION_LABELS, type TPermission } from '@sekolo/shared/constants/roles';
import type { TRolePermissionMatrix } from '@sekolo/shared/schemas/school-settings';
import { errorMessage } from '~/lib/server-field-errors';
import { rolePermissionsQuery, useChangeRolePermission } from '../api/settings-queries';
import { QueryState } from './settings-page';

/**
 * Each school role's permissions in this school: a role per row, a permission per column (on a
 * phone, the table scrolls sideways with the role names kept in view). Ticking grants, clearing
 * withdraws; the change applies to everyone of that role at their next step. A locked box says why.
 */
export function RolePermissions() {
  const matrix = useQuery(rolePermissionsQuery);
  const change = useChangeRolePermission();
  if (!matrix.data) return <QueryState pending={matrix.isPending} error={matrix.error} />;
  const permissions = matrix.data.roles[0]!.cells.map((c) => c.permission);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        A change applies at once to everyone with that role at this school, in the menus and on the server. Boxes marked
        “changed” differ from Sekolo’s default for the role. The school admin always keeps Manage settings, Manage roles
        and Manage permissions, so that nobody locks the school out; only the school admin manages roles and
        permissions.
      </p>
      <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
        <table className="min-w-max text-sm">
          <caption className="sr-only">Permissions of each school role</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="sticky left-0 bg-white px-3 py-2 text-left font-semibold">
                Role
              </th>
              {permissions.map((permission) => (
                <th
                  key={permission}
                  scope="col"
                  className="px-2 py-2 text-left align-bottom font-medium text-slate-700"
                >
                  <span className="block w-24 leading-tight">{PERMISSION_LABELS[permission]}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {matrix.data.roles.map((row) => (
              <Row
                key={row.role}
                row={row}
                pending={change.isPending}
                onChange={(permission, held) =>
                  change.mutate(
                    { role: row.role, permission, held },
                    {
                      onSuccess: () =>
                        toast.success(
                          `${PERMISSION_LABELS[permission]} ${held ? 'granted to' : 'withdrawn from'} ${row.label}.`,
                        ),
                      onError: (error) => toast.error(errorMessage(error)),
                    },
                  )
                }
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Row({
  row,
  pending,
  onChange,
}: {
  row: TRolePermissionMatrix['roles'][number];
  pending: boolean;
  onChange: (permission: TPermission, held: boolean) => void;
}) {
  return (
    <tr className="border-b border-slate-100">
      <th scope="row" className="sticky left-0 bg-white px-3 py-2 text-left font-medium whitespace-nowrap">
        {row.label}
      </th>
      {row.cells.map((cell) => {
        const label = `${PERMISSION_LABELS[cell.permission]} for ${row.label}`;
        return (
          <td key={cell.permission} className="px-2 py-2">
            <span className="flex items-center gap-1">
              <input
                type="checkbox"
                aria-label={label}
                title={cell.locked ?? undefined}
                aria-describedby={cell.locked ? `locked-${row.role}-${cell.permission}` : undefined}
                className="size-4 accent-brand-700"
                checked={cell.held}
                disabled={pending || cell.locked !== null}
                onChange={(event) => onChange(cell.permission, event.currentTarget.checked)}
              />
              {cell.held !== cell.byDefault && <span className="text-xs text-amber-800">changed</span>}
              {cell.locked && (
                <span id={`locked-${row.role}-${cell.permission}`} className="sr-only">
                  {cell.locked}
                </span>
              )}
            </span>
          </td>
        );
      })}
    </tr>
  );
}
