import { LoadingSpinner } from '~/components/ui/loading-spinner';

/**
 * For route modules that render in the browser only: the signed-in areas (their layouts) and the
 * public pages that are neither prerendered nor rendered with data by the server. A route module
 * re-exports both (`export { clientLoader, HydrateFallback } from '~/lib/client-only-route'`): the
 * server then renders the fallback, a spinner inside the parent layouts, and the browser renders the
 * page once it has hydrated, as these pages did from the single-page fallback before the server
 * rendered pages.
 */
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingSpinner className="min-h-[60vh]" />;
}
