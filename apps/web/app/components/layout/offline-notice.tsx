import { useSyncExternalStore } from 'react';
import { WifiOff } from 'lucide-react';

function subscribe(changed: () => void) {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}
const isOffline = () => !navigator.onLine;
const notOffline = () => false;

/**
 * Says so while the browser has no connection: a page opened meanwhile waits for it (its reads are
 * held and sent once the connection is back), and a save fails at once with its own message, so
 * the user knows why before they try. A polite live region (not a status role, which the pages' loading
 * spinners have): it does not interrupt what a screen reader is saying.
 */
export function OfflineNotice() {
  const offline = useSyncExternalStore(subscribe, isOffline, notOffline);
  return (
    <div aria-live="polite">
      {offline && (
        <p className="mb-6 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            You are offline. Pages load when your connection is back, and what you have entered stays on screen until
            you can save it.
          </span>
        </p>
      )}
    </div>
  );
}
