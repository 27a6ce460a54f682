import { useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { UserMinus } from 'lucide-react';
import { roleLabel } from '@sekolo/shared/domain/user-display';
import {
  canGiveStaffRole,
  canMarkRegisters,
  classTeacherRoleWarning,
  INVITABLE_STAFF_ROLES,
  listNames,
  subjectClassesRoleWarning,
  ZStaffInviteSchema,
  type TStaffInviteInput,
  type TStaffMember,
} from '@sekolo/shared/schemas/school';
import { canTeachSubjects, subjectClassEditPath } from '@sekolo/shared/schemas/timetable';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { toastAction } from '~/lib/toast-action';
import { Badge } from '~/components/ui/badge';
import {
  staffQuery,
  useChangeStaffRole,
  useInviteStaff,
  useReinviteStaff,
  useRemoveStaff,
} from '../api/school-queries';
import { StagedSelect } from './staged-select';

/**
 * /dashboard/school/teachers: the school's staff; the admin invites with a role, changes roles and
 * removes someone from the school (spec 6). On a phone each row stacks (name, then role, then
 * actions) so a role such as "School Shop Manager" is read whole, not cut.
 */
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
  // Who edits the timetable is led from a leaving teacher's subject classes to hand them over.
  const canEditTimetable = permissions.includes('manage_curriculum');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const removeButton = (userId: string) =>
    tableRef.current?.querySelector<HTMLElement>(`button[data-remove-staff="${userId}"]`) ?? null;
  /**
   * Where the focus goes once someone is removed and their row with it: the next row's Remove
   * button, else the previous row's, else the heading. Read before the removal, while the row is there.
   */
  const focusAfterRemoving = (userId: string) => {
    const ids = [...(tableRef.current?.querySelectorAll<HTMLElement>('button[data-remove-staff]') ?? [])].map(
      (button) => button.dataset.removeStaff,
    );
    const index = ids.indexOf(userId);
    const neighbour = index < 0 ? undefined : (ids[index + 1] ?? ids[index - 1]);
    return () => (neighbour ? removeButton(neighbour) : null) ?? headingRef.current;
  };
  return (
    <div className="space-y-6">
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none"
      >
        Teachers and staff
      </h1>
      <InviteStaffForm permissions={permissions} />
      {staff.isPending ? (
        <LoadingSpinner />
      ) : staff.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(staff.error)}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table ref={tableRef} className="block w-full text-left text-sm sm:table" data-testid="staff-table">
            <thead className="hidden border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase sm:table-header-group">
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
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-100 sm:table-row-group">
              {staff.data.map((member) => {
                const editable =
                  canChangeRoles &&
                  member.id !== currentUserId &&
                  (INVITABLE_STAFF_ROLES as readonly string[]).includes(member.role);
                // Nobody removes themselves; an admin or another manager only by who manages roles.
                const removable =
                  member.id !== currentUserId &&
                  (member.role === 'school_admin'
                    ? canChangeRoles
                    : canGiveStaffRole(permissions, member.role as (typeof INVITABLE_STAFF_ROLES)[number]));
                return (
                  <tr key={member.id} className="block py-2 sm:table-row sm:py-0">
                    <td className="block px-4 py-1 font-medium text-slate-900 sm:table-cell sm:py-3">
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
                    <td className="block px-4 py-1 text-slate-700 sm:table-cell sm:py-3">
                      {editable ? (
                        <StaffRolePicker member={member} canEditTimetable={canEditTimetable} />
                      ) : (
                        <span>
                          <span className="text-slate-500 sm:sr-only">Role: </span>
                          {roleLabel(member.role)}
                        </span>
                      )}
                    </td>
                    <td className="block px-4 py-1 sm:table-cell sm:py-3 sm:text-right">
                      {removable && (
                        <RemoveStaffButton
                          member={member}
                          canEditTimetable={canEditTimetable}
                          focusAfterRemoving={focusAfterRemoving}
                        />
                      )}
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

/**
 * The subject classes a teacher who leaves or can no longer teach has, each a link to its edit in
 * the timetable (`?edit=`) where the admin gives it to another teacher; plain names for who does
 * not edit the timetable.
 */
function HandOverSubjectClasses({
  teaches,
  canEditTimetable,
}: {
  teaches: TStaffMember['teaches'];
  canEditTimetable: boolean;
}) {
  if (!canEditTimetable) return <>{listNames(teaches.map((t) => t.title))}.</>;
  return (
    <ul className="mt-1 space-y-1">
      {teaches.map((t) => (
        <li key={t.id}>
          <Link to={subjectClassEditPath(t.id)} className="font-semibold text-brand-800 underline">
            Give {t.title} to another teacher
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * A staff member's role: the choice is staged, and only Save changes it (StagedSelect). A class
 * teacher given a role that cannot mark registers is warned first: saving leaves their classes
 * without a class teacher (the server clears them), and the toast names those classes. A teacher
 * given a role that cannot teach (canTeachSubjects) is warned that their subject classes stay under
 * their name, with a link to hand each over. Closing the warning, however (Cancel, Escape, Change
 * role), returns the focus to the role select: cancelled, the chosen role stays staged there to Save
 * or Cancel; confirmed, the select shows the new role once saved (a failed save leaves it staged).
 */
function StaffRolePicker({ member, canEditTimetable }: { member: TStaffMember; canEditTimetable: boolean }) {
  const change = useChangeStaffRole();
  const selectRef = useRef<HTMLSelectElement>(null);
  const [warning, setWarning] = useState<{
    classTeacher: string | null;
    subjectClasses: string | null;
    answer: (go: boolean) => void;
  } | null>(null);
  const confirmed = (role: string) =>
    new Promise<boolean>((resolve) => {
      const classTeacher =
        canMarkRegisters(role) || member.classTeacherOf.length === 0
          ? null
          : classTeacherRoleWarning(member.name, roleLabel(role), member.classTeacherOf);
      const subjectClasses =
        canTeachSubjects(role) || member.teaches.length === 0
          ? null
          : subjectClassesRoleWarning(
              member.name,
              roleLabel(role),
              member.teaches.map((t) => t.title),
            );
      if (!classTeacher && !subjectClasses) return resolve(true);
      setWarning({ classTeacher, subjectClasses, answer: resolve });
    });
  const answer = (go: boolean) => {
    warning?.answer(go);
    setWarning(null);
  };
  return (
    <>
      <StagedSelect
        label={`Role of ${member.name}`}
        saveLabel={`Save role for ${member.name}`}
        cancelLabel={`Cancel role change for ${member.name}`}
        saved={member.role}
        className="sm:min-w-48"
        selectRef={selectRef}
        onSave={async (role) => {
          // The select offers these roles only; the API takes one of them.
          const chosen = INVITABLE_STAFF_ROLES.find((known) => known === role);
          if (!chosen || !(await confirmed(chosen))) return false;
          try {
            const { member: changed, clearedClasses } = await change.mutateAsync({ userId: member.id, role: chosen });
            const cleared = clearedClasses.length
              ? ` ${listNames(clearedClasses)} ${clearedClasses.length === 1 ? 'has' : 'have'} no class teacher now.`
              : '';
            toast.success(`${changed.name} is now ${roleLabel(changed.role)}.${cleared}`);
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
      <Dialog open={warning !== null} onOpenChange={(open) => !open && answer(false)}>
        {/* Opened by Save, not by a trigger: without this the focus fell to the page's body. */}
        <DialogContent
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            selectRef.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>Change the role of {member.name}?</DialogTitle>
            <DialogDescription>{warning?.classTeacher ?? warning?.subjectClasses}</DialogDescription>
          </DialogHeader>
          {warning?.classTeacher && warning.subjectClasses && (
            <p className="text-sm text-slate-600">{warning.subjectClasses}</p>
          )}
          {warning?.subjectClasses && canEditTimetable && (
            <div className="text-sm text-slate-700">
              Hand them over now (the role stays as it is) or later in the timetable, where they are marked:
              <HandOverSubjectClasses teaches={member.teaches} canEditTimetable />
            </div>
          )}
          <DialogFooter>
            <Button variant="secondary" onClick={() => answer(false)}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => answer(true)}>
              Change role
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * "Remove from school": a dialog naming what happens (access ends at once, the classes left without
 * a class teacher, the subject classes that stay on the timetable, the records that stay) before
 * the staff member is removed. Cancelled, the focus returns to the button (the dialog's trigger);
 * once removed, to where `focusAfterRemoving` says, as the row and its button are gone.
 */
function RemoveStaffButton({
  member,
  canEditTimetable,
  focusAfterRemoving,
}: {
  member: TStaffMember;
  canEditTimetable: boolean;
  focusAfterRemoving: (userId: string) => () => HTMLElement | null;
}) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveStaff();
  // Set once removed: the dialog's closing focuses it (the row may be gone by then, the dialog with it).
  const focusTarget = useRef<(() => HTMLElement | null) | null>(null);
  const confirm = async () => {
    const target = focusAfterRemoving(member.id);
    try {
      const removed = await remove.mutateAsync(member.id);
      focusTarget.current = target;
      const cleared = removed.clearedClasses.length
        ? ` ${listNames(removed.clearedClasses)} ${removed.clearedClasses.length === 1 ? 'has' : 'have'} no class teacher now.`
        : '';
      toast.success(`${removed.name} was removed from the school.${cleared}`);
      setOpen(false);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Remove ${member.name} from school`}
          data-remove-staff={member.id}
        >
          <UserMinus aria-hidden="true" />
          Remove from school
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!focusTarget.current) return;
          event.preventDefault();
          focusTarget.current()?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Remove {member.name} from the school?</DialogTitle>
          <DialogDescription>
            {member.name} loses access to the school at once and is signed out on every device.
          </DialogDescription>
        </DialogHeader>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          {member.classTeacherOf.length > 0 && (
            <li>{listNames(member.classTeacherOf)} will have no class teacher: name another in Classes.</li>
          )}
          {member.teaches.length > 0 && (
            <li>
              Their subject classes stay on the timetable under their name until you give them to another teacher
              {canEditTimetable ? ' (now, or later in the timetable, where they are marked)' : ''}:{' '}
              <HandOverSubjectClasses teaches={member.teaches} canEditTimetable={canEditTimetable} />
            </li>
          )}
          {member.invited && <li>Their invitation link stops working.</li>}
          <li>The attendance marks and other records they made stay, with their name.</li>
        </ul>
        <DialogFooter>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => void confirm()}>
            Remove from school
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
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
  // Controlled fields through react-hook-form's Controller, like the learner form's.
  const text = (name: 'firstName' | 'lastName' | 'email', label: string) => (
    <FormField id={f(name)} label={label} error={errors[name]?.message}>
      <Controller
        control={form.control}
        name={name}
        render={({ field: { ref: _ref, ...field } }) => <Input type={name === 'email' ? 'email' : 'text'} {...field} />}
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
            <NativeSelect {...field}>
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
