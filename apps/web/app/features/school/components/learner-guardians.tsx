import { useId, useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, Phone, Send, Trash2, UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import { GUARDIAN_RELATIONS } from '@sekolo/shared/constants/roles';
import { labelOf } from '@sekolo/shared/domain/options';
import { ZGuardianSchema, type TGuardianInput, type TGuardianValues } from '@sekolo/shared/schemas/school';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { FormField, fieldAria } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { toastAction } from '~/lib/toast-action';
import { useInviteGuardian, useLearnerGuardians, useLinkGuardian, useUnlinkGuardian } from '../api/school-queries';
import { PanelFormFooter, PanelQuery } from './panel-parts';

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

/** The learner's parents and guardians: relation, contact, who pays and who hears from the school. */
export function LearnerGuardians({ learnerId, canManage }: { learnerId: string; canManage: boolean }) {
  const list = useLearnerGuardians(learnerId);
  const unlink = useUnlinkGuardian(learnerId);
  const invite = useInviteGuardian(learnerId);
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby="guardians-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="guardians-heading" className="text-lg font-semibold text-slate-900">
          Parents and guardians
        </h2>
        {canManage && !adding && (
          <Button size="sm" variant="secondary" onClick={() => setAdding(true)}>
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
              {guardians.map((g) => (
                <li key={g.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                  <div className="space-y-1">
                    <p className="font-medium text-slate-900">
                      {g.firstName} {g.lastName}{' '}
                      <span className="font-normal text-slate-600">({labelOf(GUARDIAN_RELATIONS, g.relation)})</span>
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
                    </p>
                  </div>
                  {canManage && (
                    <div className="flex items-center gap-1">
                      {g.email && !g.hasAccount && (
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={invite.isPending}
                          onClick={() =>
                            void toastAction(
                              () => invite.mutateAsync(g.id),
                              (sent) => `Invitation sent to ${sent.email}`,
                            )
                          }
                        >
                          <Send aria-hidden="true" />
                          Invite to Sekolo
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={unlink.isPending}
                        aria-label={`Remove ${g.firstName} ${g.lastName} from this learner`}
                        onClick={() =>
                          void toastAction(
                            () => unlink.mutateAsync(g.id),
                            () => `${g.firstName} ${g.lastName} removed`,
                          )
                        }
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </PanelQuery>
      {adding && <AddGuardianForm learnerId={learnerId} onDone={() => setAdding(false)} />}
    </section>
  );
}

function AddGuardianForm({ learnerId, onDone }: { learnerId: string; onDone: () => void }) {
  const id = useId();
  const f = (name: string) => `${id}-${name}`;
  const link = useLinkGuardian(learnerId);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TGuardianInput, unknown, TGuardianValues>({
    resolver: zodResolver(ZGuardianSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await link.mutateAsync(values);
      toast.success(`${values.firstName} ${values.lastName} added`);
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, FIELDS)) setProblem(errorMessage(error));
    }
  });
  const text = (name: 'firstName' | 'lastName' | 'email' | 'phone', label: string, type = 'text') => (
    <FormField id={f(name)} label={label} error={errors[name]?.message} optional={name === 'email' || name === 'phone'}>
      <TextControl control={form.control} name={name} type={type} aria={fieldAria(f(name), errors[name]?.message)} />
    </FormField>
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-2"
      aria-label="Add parent or guardian"
    >
      {text('firstName', 'Guardian first name')}
      {text('lastName', 'Guardian surname')}
      {text('email', 'Guardian e-mail', 'email')}
      {text('phone', 'Guardian phone', 'tel')}
      <FormField id={f('relation')} label="Relation to the learner" error={errors.relation?.message}>
        <Controller
          control={form.control}
          name="relation"
          render={({ field: { ref: _ref, ...field } }) => (
            <NativeSelect {...fieldAria(f('relation'), errors.relation?.message)} {...field}>
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

/** Controlled (preact/compat passes no ref through Input, decision 005). */
function TextControl({
  control,
  name,
  type,
  aria,
}: {
  control: Control<TGuardianInput, unknown, TGuardianValues>;
  name: 'firstName' | 'lastName' | 'email' | 'phone';
  type: string;
  aria: ReturnType<typeof fieldAria>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref: _ref, value, ...field } }) => (
        <Input type={type} {...aria} {...field} value={value ?? ''} />
      )}
    />
  );
}
