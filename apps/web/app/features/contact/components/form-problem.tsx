import { AlertCircle } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';

/** The form-level problem: field messages sit under the fields, this says what happened overall. */
export function FormProblem({ id, title, message }: { id: string; title: string; message?: string }) {
  return (
    <Alert variant="destructive" id={id} role="alert">
      <AlertCircle aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      {message && <AlertDescription>{message}</AlertDescription>}
    </Alert>
  );
}
