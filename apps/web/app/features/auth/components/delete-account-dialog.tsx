import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
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
import { Label } from '~/components/ui/label';
import { ApiError } from '~/lib/api-client';
import { deleteUser } from '../api/auth-requests';
import { SIGNED_OUT_STATE } from '../hooks/use-logout';
import { broadcastAuth } from '../lib/auth-broadcast';
import { clearLastPath } from '../lib/last-path';
import { PasswordField } from './password-field';
import { paths } from '~/config/paths';

/** /settings: deletes the account after the user confirms with their password. */
export function DeleteAccountDialog() {
  const id = useId();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      setProblem('Please enter your password to confirm.');
      return;
    }
    setIsDeleting(true);
    setProblem(null);
    try {
      await deleteUser(password);
    } catch (error) {
      setIsDeleting(false);
      setProblem(
        // A refused password, or another refusal of the request the accounts endpoint does not name.
        error instanceof ApiError &&
          (error.code === 'INVALID_PASSWORD' || error.code === 'PASSWORD_REQUIRED' || error.code === 'BAD_REQUEST')
          ? 'That password is not correct.'
          : error instanceof ApiError
            ? error.message
            : 'Something went wrong. Please try again.',
      );
      return;
    }
    clearLastPath();
    broadcastAuth({ type: 'signed-out' });
    toast.success('Account deleted', { description: 'Your account has been deleted.' });
    await navigate(paths.home, { replace: true, state: SIGNED_OUT_STATE });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setPassword('');
          setProblem(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive">Delete my account</Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              This cannot be undone: your account and profile are removed and you are signed out. Enter your password to
              confirm.
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-password`}>Password</Label>
            <PasswordField
              id={`${id}-password`}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
            {problem && (
              <p id={`${id}-problem`} className="text-sm text-red-700">
                {problem}
              </p>
            )}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={isDeleting}>
              {isDeleting ? 'Deleting...' : 'Delete my account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
