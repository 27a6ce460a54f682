import { toast } from 'sonner';
import { errorMessage } from './server-field-errors';

/**
 * Runs a button's request: toasts `success(answer)` when it succeeds, the error's message when it
 * fails. Resolves true on success, false on failure (it never rejects).
 */
export async function toastAction<T>(action: () => Promise<T>, success: (answer: T) => string): Promise<boolean> {
  try {
    const answer = await action();
    toast.success(success(answer));
    return true;
  } catch (error) {
    toast.error(errorMessage(error));
    return false;
  }
}
