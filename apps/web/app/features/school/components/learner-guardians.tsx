import { useEffect, useId, useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, Pencil, Phone, Send, Trash2, UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import { GUARDIAN_RELATIONS } from '@sekolo/shared/constants/roles';
import { labelOf } from '@sekolo/shared/domain/options';
import {
  guardianInvitationElsewhere,
  guardianInvitedNote,
  guardianInvitationWithdrawn,
  guardianSignInNote,
  ZGuardianSchema,
  type TGuardianInput,
  GUARDIAN_LINK_STATE_TEXT,
  type TGuardianValues,
  type TLearnerGuardian,
} from '@sekolo/shared/schemas/school';
import { UnsavedChangesGuard } from '~/components/layout/unsaved-changes-guard';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ConfirmAction } from '~/components/ui/confirm-action';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { mergeSaved, sameFormValue, savedMeanwhileNotice } from '~/lib/merge-saved';
import { useFocusFirstInvalid } from '~/lib/use-focus-invalid';
import { useMergedReading } from '~/lib/use-merged-reading';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { toastAction } from '~/lib/toast-action';
import {
  useInviteGuardian,
  useLearnerGuardians,
  useLinkGuardian,
  useUnlinkGuardian,
  useUpdateGuardian,
} from '../api/school-queries';
import { PanelFormFooter, PanelQuery, useFocusAfterClose, useFocusFirstField } from './panel-parts';

const EMPTY: TGuardianInput = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  relation: '' as TGuardianInput['relation'],
  paysFees: false,
  receivesCommunications: true,
};
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'relation'] as const;
const ALL_FIELDS = [...FIELDS, 'paysFees', 'receivesCommunications'] as const;
type TField = (typeof ALL_FIELDS)[number];

/** Each field's label, as the form shows it (for the notice of a guardian saved meanwhile). */
const FIELD_LABELS: Record<TField, string> = {
  firstName: 'First name',
  lastName: 'Surname',
  email: 'E-mail',
  phone: 'Phone',
  relation: 'Relation',
  paysFees: 'Pays the school fees',
  receivesCommunications: 'Receives messages',
};

export function guardianToInput(g: TLearnerGuardian): TGuardianInput {
  return {
    firstName: g.firstName,
    lastName: g.lastName,
    email: g.email ?? '',
    phone: g.phone,
    relation: g.relation,
    paysFees: g.paysFees,
    receivesCommunications: g.receivesCommunications,
  };
}

/**
 * A newer reading of the guardian under the edit form (someone else saved them meanwhile), merged
 * with what the form holds (mergeSaved): `values` for the form, and the notice naming the fields
 * saved differently meanwhile, with whether the user's own value was kept; null when none differ.
 */
export function mergeGuardianInput(before: TGuardianInput, saved: TGuardianInput, current: TGuardianInput) {
  const merged = mergeSaved<TField, unknown>(ALL_FIELDS, before, saved, current, sameFormValue);
  const changed = merged.changed.map((c) => ({ label: FIELD_LABELS[c.key], yoursKept: c.kept }));
  return {
    values: merged.values as TGuardianInput,
    notice: changed.length
      ? savedMeanwhileNotice('Someone else saved this parent or guardian after you opened the form.', changed)
      : null,
  };
}

/** The learner's parents and guardians: relation, contact, who pays and who hears from the school. */
export function LearnerGuardians({ learnerId, canManage }: { learnerId: string; canManage: boolean }) {
  const list = useLearnerGuardians(learnerId);
  const unlink = useUnlinkGuardian(learnerId);
  const invite = useInviteGuardian(learnerId);
  // The form open in the panel: adding a guardian, or editing the one of this id.
  const [open, setOpen] = useState<'add' | { edit: string } | null>(null);
  const editing = open !== null && open !== 'add' ? open.edit : null;
  const addId = useId();
  const focusAfterClose = useFocusAfterClose();
  // Closed (saved or cancelled): focus goes back to what opened the form.
  const close = (opener: string) => {
    setOpen(null);
    focusAfterClose(opener);
  };
  // Removed meanwhile (by someone else, on another screen): the edit form closes with their row.
  useEffect(() => {
    if (editing && list.data && !list.data.some((g) => g.id === editing)) setOpen(null);
  }, [editing, list.data]);
  return (
    <section aria-labelledby="guardians-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="guardians-heading" className="text-lg font-semibold text-slate-900">
          Parents and guardians
        </h2>
        {canManage && open === null && (
          <Button id={addId} size="sm" variant="secondary" onClick={() => setOpen('add')}>
            <UserPlus aria-hidden="true" />
            Add parent or guardian
          </Button>
        )}
      </div>
      <PanelQuery query={list}>
        {(guardians) =>
          guardians.length === 0 ? (
            <p className="text-sm text-slate-600">No parent or guardian recorded yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="guardian-list">
              {guardians.map((g) =>
                editing === g.id ? (
                  <li key={g.id} className="py-3">
                    <GuardianForm learnerId={learnerId} guardian={g} onDone={() => close(editButtonId(g.id))} />
                  </li>
                ) : (
                  <GuardianItem
                    key={g.id}
                    guardian={g}
                    canManage={canManage}
                    canEdit={open === null}
                    onEdit={() => setOpen({ edit: g.id })}
                    onInvite={() =>
                      void toastAction(
                        () => invite.mutateAsync(g.id),
                        (sent) => `Invitation sent to ${sent.email}`,
                      )
                    }
                    inviting={invite.isPending}
                    onRemove={() => unlink.mutateAsync(g.id)}
                    removing={unlink.isPending}
                  />
                ),
              )}
            </ul>
          )
        }
      </PanelQuery>
      {open === 'add' && <GuardianForm learnerId={learnerId} onDone={() => close(addId)} />}
    </section>
  );
}

/** The id of a guardian's Edit button, where focus returns when their edit form closes. */
const editButtonId = (guardianId: string) => `guardian-edit-${guardianId}`;

/** One guardian of the list: who, how to reach them, and (for a manager) invite, edit and remove. */
function GuardianItem({
  guardian: g,
  canManage,
  canEdit,
  onEdit,
  onInvite,
  inviting,
  onRemove,
  removing,
}: {
  guardian: TLearnerGuardian;
  canManage: boolean;
  canEdit: boolean;
  onEdit: () => void;
  onInvite: () => void;
  inviting: boolean;
  onRemove: () => Promise<unknown>;
  removing: boolean;
}) {
  const name = `${g.firstName} ${g.lastName}`;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="space-y-1">
        <p className="font-medium text-slate-900">
          {name} <span className="font-normal text-slate-600">({labelOf(GUARDIAN_RELATIONS, g.relation)})</span>
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
          {g.email && (
            <span className="inline-flex items-center gap-1">
              <Mail className="size-3.5" aria-hidden="true" />
              {g.email}
            </span>
          )}
          {g.phone && (
            <span className="inline-flex items-center gap-1">
              <Phone className="size-3.5" aria-hidden="true" />
              {g.phone}
            </span>
          )}
        </p>
        <p className="flex flex-wrap gap-2">
          {g.paysFees && <Badge>Pays fees</Badge>}
          {g.receivesCommunications && <Badge variant="neutral">Receives messages</Badge>}
          {g.hasAccount && <Badge variant="accent">Has an account</Badge>}
          {g.invited && <Badge variant="neutral">Invited, no password chosen yet</Badge>}
          {/* An account outside the school: nothing of it shows until its holder accepts. */}
          {g.linkRequest && <Badge variant="neutral">{GUARDIAN_LINK_STATE_TEXT[g.linkRequest]}</Badge>}
        </p>
        {/* The school writes to its own address for them; they sign in with theirs (never changed here).
            An invitation not taken up follows a corrected address when the school invites again. */}
        {g.signInEmail && g.signInEmail !== g.email && (
          <p className="text-sm text-slate-600">
            {g.invited ? guardianInvitationElsewhere(g.signInEmail, g.email) : `Signs in with ${g.signInEmail}`}
          </p>
        )}
      </div>
      {canManage && (
        <ConfirmAction
          label={`Remove ${name}`}
          question={
            <>
              Remove {name} from this learner’s parents and guardians? They stay on the records of their other children.
            </>
          }
          confirmLabel="Yes, remove"
          cancelLabel="Keep"
          success={`${name} removed`}
          pending={removing}
          onConfirm={onRemove}
        >
          {(ask) => (
            <div className="flex items-center gap-1">
              {/* Invited but no password chosen (a lost mail, a link past its 7 days): a fresh link. */}
              {g.email && !g.hasAccount && (
                <Button size="sm" variant="secondary" disabled={inviting} onClick={onInvite}>
                  <Send aria-hidden="true" />
                  {g.invited || g.linkRequest ? 'Invite again' : 'Invite to Sekolo'}
                </Button>
              )}
              <Button
                id={editButtonId(g.id)}
                size="sm"
                variant="ghost"
                disabled={!canEdit}
                aria-label={`Edit ${name}`}
                onClick={onEdit}
              >
                <Pencil aria-hidden="true" />
              </Button>
              <Button size="sm" variant="ghost" aria-label={`Remove ${name} from this learner`} onClick={ask}>
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          )}
        </ConfirmAction>
      )}
    </li>
  );
}

/**
 * Adds a parent or guardian to the learner, or edits one (`guardian`): their contact details and
 * their link to this learner. An edit is based on the guardian as the list showed them (If-Match):
 * when someone else saved them meanwhile, the server refuses, the list is read again, and the form
 * merges the newer reading (mergeGuardianInput), keeping the user's own changes and naming the others.
 */
function GuardianForm({
  learnerId,
  guardian,
  onDone,
}: {
  learnerId: string;
  guardian?: TLearnerGuardian;
  onDone: () => void;
}) {
  const id = useId();
  const f = (name: string) => `${id}-${name}`;
  const link = useLinkGuardian(learnerId);
  const update = useUpdateGuardian(learnerId);
  const [problem, setProblem] = useState<string | null>(null);
  const read = guardian ? guardianToInput(guardian) : EMPTY;
  const form = useForm<TGuardianInput, unknown, TGuardianValues>({
    resolver: zodResolver(ZGuardianSchema),
    defaultValues: read,
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const { formRef: invalidRef, focusFirstInvalid } = useFocusFirstInvalid();
  const formRef = useFocusFirstField<HTMLFormElement>(invalidRef);
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      if (guardian) {
        const { invitationWithdrawn } = await update.mutateAsync({
          guardianId: guardian.id,
          values,
          basedOn: guardian.updatedAt,
        });
        // The old address's invitation link was withdrawn with the save: the school is to invite again.
        const withdrawn =
          invitationWithdrawn && guardian.signInEmail
            ? guardianInvitationWithdrawn(values.firstName, guardian.signInEmail, values.email)
            : undefined;
        toast.success(
          `${values.firstName} ${values.lastName} saved`,
          withdrawn ? { description: withdrawn } : undefined,
        );
      } else {
        await link.mutateAsync(values);
        toast.success(`${values.firstName} ${values.lastName} added`);
      }
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, FIELDS)) setProblem(errorMessage(error));
      else focusFirstInvalid();
    }
  }, focusFirstInvalid);

  // The guardian read again after someone else's save: merged into the form, not replacing it.
  useMergedReading(form, read, ALL_FIELDS, mergeGuardianInput, setProblem);

  // A guardian with an account keeps signing in with their own address: the form says so by the field.
  // One only invited: a corrected address takes the invitation with it when the school invites again.
  const signInNote = guardian?.signInEmail
    ? (guardian.invited ? guardianInvitedNote : guardianSignInNote)(guardian.firstName, guardian.signInEmail)
    : undefined;
  const text = (name: 'firstName' | 'lastName' | 'email' | 'phone', label: string, type = 'text') => {
    const hint = name === 'email' ? signInNote : undefined;
    return (
      <FormField
        id={f(name)}
        label={label}
        hint={hint}
        error={errors[name]?.message}
        optional={name === 'email' || name === 'phone'}
      >
        <TextControl control={form.control} name={name} type={type} />
      </FormField>
    );
  };
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-2"
      aria-label={guardian ? `Edit ${guardian.firstName} ${guardian.lastName}` : 'Add parent or guardian'}
    >
      <UnsavedChangesGuard
        dirty={isDirty && !isSubmitting}
        what={
          guardian
            ? `The changes to ${guardian.firstName} ${guardian.lastName} are not saved.`
            : 'The parent or guardian you entered is not saved.'
        }
      />
      {text('firstName', 'Guardian first name')}
      {text('lastName', 'Guardian surname')}
      {text('email', 'Guardian e-mail', 'email')}
      {text('phone', 'Guardian phone', 'tel')}
      <FormField id={f('relation')} label="Relation to the learner" error={errors.relation?.message}>
        <Controller
          control={form.control}
          name="relation"
          render={({ field: { ref: _ref, ...field } }) => (
            <NativeSelect {...field}>
              <option value="">Choose a relation</option>
              {GUARDIAN_RELATIONS.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))}
            </NativeSelect>
          )}
        />
      </FormField>
      <div className="flex flex-col justify-end gap-2 text-sm text-slate-800">
        {(['paysFees', 'receivesCommunications'] as const).map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <label className="inline-flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={Boolean(field.value)}
                  onChange={(event) => field.onChange(event.target.checked)}
                />
                {name === 'paysFees' ? 'Pays the school fees' : 'Receives messages from the school'}
              </label>
            )}
          />
        ))}
      </div>
      <PanelFormFooter problem={problem} submitting={isSubmitting} onCancel={onDone} className="sm:col-span-2">
        Save guardian
      </PanelFormFooter>
    </form>
  );
}

/** A text field bound through react-hook-form's Controller, like the learner form's fields. */
function TextControl({
  control,
  name,
  type,
}: {
  control: Control<TGuardianInput, unknown, TGuardianValues>;
  name: 'firstName' | 'lastName' | 'email' | 'phone';
  type: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref: _ref, value, ...field } }) => <Input type={type} {...field} value={value ?? ''} />}
    />
  );
}
