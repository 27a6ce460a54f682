import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Send, UserRoundX } from 'lucide-react';
import { toast } from 'sonner';
import {
  ZLearnerAccountInviteSchema,
  type TLearnerAccount,
  type TLearnerAccountInviteInput,
} from '@sekolo/shared/schemas/family';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ConfirmAction } from '~/components/ui/confirm-action';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { toastAction } from '~/lib/toast-action';
import { useInviteLearner, useLearnerAccount, useRevokeLearnerAccount } from '../api/family-queries';
import { PanelFormFooter, PanelQuery } from './panel-parts';

/**
 * The learner's own sign-in, on the learner's page: whether they have an account
 * (invited or active); the admin invites them with their e-mail address, sends the link again,
 * or revokes the account.
 */
export function LearnerAccount({
  learnerId,
  firstName,
  canManage,
  archived,
}: {
  learnerId: string;
  firstName: string;
  canManage: boolean;
  archived: boolean;
}) {
  const account = useLearnerAccount(learnerId);
  const [inviting, setInviting] = useState(false);
  return (
    <section
      aria-labelledby="learner-account-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-6"
      data-testid="learner-account"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="learner-account-heading" className="text-lg font-semibold text-slate-900">
          Learner’s own sign-in
        </h2>
        {account.isSuccess && account.data === null && canManage && !archived && !inviting && (
          <Button size="sm" variant="secondary" onClick={() => setInviting(true)}>
            <KeyRound aria-hidden="true" />
            Invite learner to sign in
          </Button>
        )}
      </div>
      <PanelQuery query={account}>
        {(data) =>
          data === null ? (
            <>
              <p className="text-sm text-slate-600">
                {firstName} has no Sekolo account. With one, {firstName} sees their class, timetable and attendance.
              </p>
              {inviting && <InviteForm learnerId={learnerId} onDone={() => setInviting(false)} />}
            </>
          ) : (
            <AccountStatus learnerId={learnerId} firstName={firstName} account={data} canManage={canManage} />
          )
        }
      </PanelQuery>
    </section>
  );
}

function AccountStatus({
  learnerId,
  firstName,
  account,
  canManage,
}: {
  learnerId: string;
  firstName: string;
  account: TLearnerAccount;
  canManage: boolean;
}) {
  const invite = useInviteLearner(learnerId);
  const revoke = useRevokeLearnerAccount(learnerId);
  const active = account.status === 'active';
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <Badge variant={active ? 'brand' : 'accent'} data-testid="learner-account-status">
          {active ? 'Active' : 'Invited'}
        </Badge>
        {active
          ? `${firstName} signs in with ${account.email}.`
          : `Invitation sent to ${account.email}. The account becomes active once ${firstName} chooses a password.`}
      </p>
      {canManage && (
        <ConfirmAction
          layout="panel"
          label="Revoke the learner’s account"
          question={
            <>
              Revoke {firstName}’s account? {firstName} is signed out and no longer sees the school’s information. You
              can invite {firstName} again later.
            </>
          }
          confirmLabel="Yes, revoke"
          cancelLabel="Keep the account"
          success={`${firstName}’s account revoked`}
          pending={revoke.isPending}
          onConfirm={() => revoke.mutateAsync(undefined)}
        >
          {(ask) => (
            <div className="flex flex-wrap gap-2">
              {!active && (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={invite.isPending}
                  onClick={() =>
                    void toastAction(
                      () => invite.mutateAsync({ email: account.email }),
                      () => `Invitation sent to ${account.email}`,
                    )
                  }
                >
                  <Send aria-hidden="true" />
                  Send the invitation again
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={ask}>
                <UserRoundX aria-hidden="true" />
                Revoke account
              </Button>
            </div>
          )}
        </ConfirmAction>
      )}
    </div>
  );
}

function InviteForm({ learnerId, onDone }: { learnerId: string; onDone: () => void }) {
  const id = useId();
  const emailId = `${id}-email`;
  const invite = useInviteLearner(learnerId);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TLearnerAccountInviteInput>({
    resolver: zodResolver(ZLearnerAccountInviteSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const account = await invite.mutateAsync(values);
      toast.success(`Invitation sent to ${account.email}`);
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['email'])) setProblem(errorMessage(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Invite learner to sign in" className="space-y-3">
      <FormField
        id={emailId}
        label="Learner’s e-mail address"
        hint="We e-mail a link to choose a password. Use the learner’s own address."
        error={errors.email?.message}
      >
        <Controller
          control={form.control}
          name="email"
          render={({ field: { ref: _ref, value, ...field } }) => (
            <Input type="email" autoComplete="off" {...field} value={value ?? ''} />
          )}
        />
      </FormField>
      <PanelFormFooter problem={problem} submitting={isSubmitting} onCancel={onDone}>
        <Send aria-hidden="true" />
        Send invitation
      </PanelFormFooter>
    </form>
  );
}
