import type { toast as sonnerToast } from 'sonner';

type TToast = typeof sonnerToast;

/** Loads sonner on the first toast; the toaster (root.tsx) shows toasts raised before it mounted. */
const raise =
  <K extends 'success' | 'error'>(kind: K) =>
  (...args: Parameters<TToast[K]>): void => {
    void import('sonner').then(({ toast }) => (toast[kind] as (...a: Parameters<TToast[K]>) => unknown)(...args));
  };

/**
 * sonner's `toast.success` and `toast.error` for forms whose toasts only answer a submit: the page
 * does not load sonner until the first toast.
 */
export const toastOnDemand = { success: raise('success'), error: raise('error') };
