import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { ZDecisionReason, type TDecisionReason } from '@sekolo/shared/schemas/applications';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog';
import { FormField } from '~/components/ui/form-field';
import { Textarea } from '~/components/ui/textarea';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { useDecideApplication } from '../api/console-applications';

type TProps = {
  applicationId: string;
  name: string;
  applicantEmail: string;
  disabled?: boolean;
  disabledReason?: string;
};

/** Approve: creates the organisation, activates the account and e-mails the applicant. */
export function ApproveDialog({ applicationId, name, applicantEmail, disabled }: TProps) {
  const [open, setOpen] = useState(false);
  const decide = useDecideApplication(applicationId);

  async function approve() {
    try {
      await decide.mutateAsync({ action: 'approve' });
    } catch (error) {
      toast.error('Could not approve the application', { description: errorMessage(error) });
      setOpen(false);
      return;
    }
    setOpen(false);
    toast.success('Application approved', {
      description: `${name || 'The organisation'} is now active. We e-mailed ${applicantEmail}.`,
    });
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button disabled={disabled}>Approve</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Approve this application?</DialogTitle>
          <DialogDescription>
            This creates {name ? <strong>{name}</strong> : 'the organisation'} with the applicant as its administrator,
            activates their account and e-mails {applicantEmail}. It cannot be undone here.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button onClick={() => void approve()} disabled={decide.isPending}>
            {decide.isPending ? 'Approving...' : 'Approve application'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const REASON_COPY = {
  reject: {
    trigger: 'Reject',
    title: 'Reject this application?',
    description: (email: string) =>
      `The applicant is told by e-mail (${email}) that the application was not approved, with your reason.`,
    label: 'Reason for the rejection',
    hint: 'The applicant reads this. Be specific and polite.',
    submit: 'Reject application',
    working: 'Rejecting...',
    done: 'Application rejected',
    failed: 'Could not reject the application',
    variant: 'destructive' as const,
  },
  'request-changes': {
    trigger: 'Request changes',
    title: 'Ask for changes?',
    description: (email: string) =>
      `The applicant gets an e-mail (${email}) with your reason and can edit and resubmit the application.`,
    label: 'What needs to change',
    hint: 'The applicant reads this. Name the step and the field.',
    submit: 'Send request',
    working: 'Sending...',
    done: 'Changes requested',
    failed: 'Could not request changes',
    variant: 'primary' as const,
  },
};

/** Reject or request changes: both need a reason, which is e-mailed to the applicant. */
export function ReasonDialog({
  action,
  applicationId,
  applicantEmail,
  disabled,
}: TProps & { action: 'reject' | 'request-changes' }) {
  const id = useId();
  const copy = REASON_COPY[action];
  const [open, setOpen] = useState(false);
  const decide = useDecideApplication(applicationId);
  const form = useForm<TDecisionReason>({ resolver: zodResolver(ZDecisionReason), defaultValues: { reason: '' } });
  const error = form.formState.errors.reason?.message;

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      await decide.mutateAsync({ action, reason });
    } catch (err) {
      if (applyServerFieldErrors(err, form.setError, ['reason'])) return;
      toast.error(copy.failed, { description: errorMessage(err) });
      setOpen(false);
      return;
    }
    setOpen(false);
    form.reset();
    toast.success(copy.done, { description: `We e-mailed ${applicantEmail}.` });
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant={action === 'reject' ? 'destructive' : 'secondary'} disabled={disabled}>
          {copy.trigger}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          <DialogHeader>
            <DialogTitle>{copy.title}</DialogTitle>
            <DialogDescription>{copy.description(applicantEmail)}</DialogDescription>
          </DialogHeader>
          <FormField id={`${id}-reason`} label={copy.label} hint={copy.hint} error={error}>
            <Textarea {...form.register('reason')} maxLength={2000} />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" type="button">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant={copy.variant} disabled={decide.isPending}>
              {decide.isPending ? copy.working : copy.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
