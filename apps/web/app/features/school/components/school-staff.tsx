import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { roleLabel } from '@sekolo/shared/domain/user-display';
import {
  canGiveStaffRole,
  INVITABLE_STAFF_ROLES,
  ZStaffInviteSchema,
  type TStaffInviteInput,
  type TStaffMember,
} from '@sekolo/shared/schemas/school';
import { Button } from '~/components/ui/button';
import { FormField, fieldAria } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { toastAction } from '~/lib/toast-action';
import { Badge } from '~/components/ui/badge';
import { staffQuery, useChangeStaffRole, useInviteStaff, useReinviteStaff } from '../api/school-queries';
import { StagedSelect } from './staged-select';

/** /dashboard/school/teachers: the school's staff; the admin invites with a role and changes roles (spec 6). */
export function SchoolStaff({
  currentUserId,
  canChangeRoles,
  permissions,
}: {
  currentUserId: string;
  canChangeRoles: boolean;
  /** The signed-in person's permissions: who manages staff but not roles invites only the roles they may give. */
  permissions: readonly string[];
}) {
  const staff = useQuery(staffQuery);
  const reinvite = useReinviteStaff();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Teachers and staff</h1>
      <InviteStaffForm permissions={permissions} />
      {staff.isPending ? (
        <LoadingSpinner />
      ) : staff.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(staff.error)}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="staff-table">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Name
                </th>
                <th scope="col" className="hidden px-4 py-3 sm:table-cell">
                  E-mail
                </th>
                <th scope="col" className="px-4 py-3">
                  Role
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {staff.data.map((member) => {
                const editable =
                  canChangeRoles &&
                  member.id !== currentUserId &&
                  (INVITABLE_STAFF_ROLES as readonly string[]).includes(member.role);
                return (
                  <tr key={member.id}>
                    <td className="px-4 py-3 font-medium text-slate-900">
                      {member.name}
                      {member.invited && (
                        <span className="mt-1 flex flex-wrap items-center gap-2 font-normal">
                          <Badge variant="neutral" className="whitespace-normal">
                            Invited, no password chosen yet
                          </Badge>
                          <Button
                            size="sm"
                            variant="secondary"
                            disabled={reinvite.isPending}
                            aria-label={`Invite ${member.name} again`}
                            onClick={() =>
                              void toastAction(
                                () => reinvite.mutateAsync(member.id),
                                (sent) => `Invitation sent to ${sent.email}`,
                              )
                            }
                          >
                            Invite again
                          </Button>
                        </span>
                      )}
                      {/* On a phone the address goes under the name, leaving the role and its Save in sight. */}
                      <span className="block text-xs font-normal break-all text-slate-600 sm:hidden">
                        {member.email}
                      </span>
                    </td>
                    <td className="hidden px-4 py-3 text-slate-700 sm:table-cell">{member.email}</td>
                    <td className="px-4 py-3 text-slate-700">
                      {editable ? <StaffRolePicker member={member} /> : roleLabel(member.role)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** A staff member's role: the choice is staged, and only Save changes it (StagedSelect). */
function StaffRolePicker({ member }: { member: TStaffMember }) {
  const change = useChangeStaffRole();
  return (
    <StagedSelect
      label={`Role of ${member.name}`}
      saveLabel={`Save role for ${member.name}`}
      cancelLabel={`Cancel role change for ${member.name}`}
      saved={member.role}
      onSave={async (role) => {
        try {
          const changed = await change.mutateAsync({ userId: member.id, role });
          toast.success(`${changed.name} is now ${roleLabel(changed.role)}`);
          return true;
        } catch (error) {
          toast.error(errorMessage(error));
          return false;
        }
      }}
    >
      {INVITABLE_STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {roleLabel(role)}
        </option>
      ))}
    </StagedSelect>
  );
}

const EMPTY: TStaffInviteInput = { firstName: '', lastName: '', email: '', role: '' as TStaffInviteInput['role'] };

function InviteStaffForm({ permissions }: { permissions: readonly string[] }) {
  const id = useId();
  const f = (name: string) => `${id}-${name}`;
  const invite = useInviteStaff();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TStaffInviteInput>({ resolver: zodResolver(ZStaffInviteSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const member = await invite.mutateAsync(values);
      toast.success(`Invitation sent to ${member.email}`);
      form.reset(EMPTY);
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['firstName', 'lastName', 'email', 'role']))
        setProblem(errorMessage(error));
    }
  });
  // Controlled fields: preact/compat passes no ref through Input (decision 005).
  const text = (name: 'firstName' | 'lastName' | 'email', label: string) => (
    <FormField id={f(name)} label={label} error={errors[name]?.message}>
      <Controller
        control={form.control}
        name={name}
        render={({ field: { ref: _ref, ...field } }) => (
          <Input type={name === 'email' ? 'email' : 'text'} {...fieldAria(f(name), errors[name]?.message)} {...field} />
        )}
      />
    </FormField>
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Invite a staff member"
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
    >
      {text('firstName', 'First name')}
      {text('lastName', 'Surname')}
      {text('email', 'E-mail')}
      <FormField id={f('role')} label="Role" error={errors.role?.message}>
        <Controller
          control={form.control}
          name="role"
          render={({ field: { ref: _ref, ...field } }) => (
            <NativeSelect {...fieldAria(f('role'), errors.role?.message)} {...field}>
              <option value="">Choose a role</option>
              {INVITABLE_STAFF_ROLES.filter((role) => canGiveStaffRole(permissions, role)).map((role) => (
                <option key={role} value={role}>
                  {roleLabel(role)}
                </option>
              ))}
            </NativeSelect>
          )}
        />
      </FormField>
      <div className="flex items-end">
        <Button type="submit" disabled={isSubmitting}>
          Send invitation
        </Button>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-800 sm:col-span-2 lg:col-span-5">
          {problem}
        </p>
      )}
    </form>
  );
}
