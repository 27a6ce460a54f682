import type * as PublicForms from '@sekolo/shared/schemas/public-forms';

let schemas: Promise<typeof PublicForms> | undefined;

/**
 * The shared schemas of the public forms (zod with them, ~40 KB gzip): imported the first time a
 * visitor starts on a form, never with the page. One import for every form.
 */
export const loadPublicFormSchemas = () => (schemas ??= import('@sekolo/shared/schemas/public-forms'));

/** An error toast; sonner is loaded after the first render anyway (root.tsx), so it is imported here lazily too. */
export function showErrorToast(title: string, description: string) {
  void import('sonner').then(({ toast }) => toast.error(title, { description }));
}
