import type * as Sonner from 'sonner';

type TToast = typeof Sonner.toast;

let sonner: Promise<typeof Sonner> | undefined;
const loadSonner = () => (sonner ??= import('sonner'));

/**
 * sonner's `success` and `error` toasts for the sign-in pages, with sonner (~9 KB gzip) loaded by
 * the first toast rather than with the page: a toast only answers an action, and sonner shows a
 * toast raised before its toaster (root.tsx) has mounted.
 */
export const toast = {
  success: (...args: Parameters<TToast['success']>) => {
    void loadSonner().then((module) => module.toast.success(...args));
  },
  error: (...args: Parameters<TToast['error']>) => {
    void loadSonner().then((module) => module.toast.error(...args));
  },
};
