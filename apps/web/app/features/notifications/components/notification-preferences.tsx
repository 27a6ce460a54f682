import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
} from '@sekolo/shared/constants/notifications';
import type { TNotificationPreference } from '@sekolo/shared/schemas/communication';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { preferencesQuery, useSavePreferences } from '../api/notification-queries';

/** Per kind of notification, the channels it comes by: a table of checkboxes (a list of fieldsets at 375 px). */
export function NotificationPreferences() {
  const prefs = useQuery(preferencesQuery);
  if (prefs.isPending) return <LoadingSpinner className="py-4" />;
  if (prefs.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(prefs.error)}
      </p>
    );
  return <PreferencesForm initial={prefs.data.preferences} hasPhone={prefs.data.hasPhone} />;
}

function PreferencesForm({ initial, hasPhone }: { initial: TNotificationPreference[]; hasPhone: boolean }) {
  const [prefs, setPrefs] = useState(initial);
  const save = useSavePreferences();
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = (kind: string, channel: (typeof NOTIFICATION_CHANNELS)[number]) =>
    setPrefs((list) => list.map((p) => (p.kind === kind ? { ...p, [channel]: !p[channel] } : p)));
  return (
    <form
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        setProblem(null);
        try {
          const answer = await save.mutateAsync(prefs);
          setPrefs(answer.preferences);
          toast.success('Notification settings saved.');
        } catch (error) {
          setProblem(errorMessage(error));
        }
      }}
    >
      {!hasPhone && (
        <p className="text-sm text-slate-600">
          SMS reaches you only once your school has your cell number and sends SMS through its own account.
        </p>
      )}
      <div className="space-y-3">
        {NOTIFICATION_KINDS.map((kind) => {
          const p = prefs.find((x) => x.kind === kind.id)!;
          return (
            <fieldset
              key={kind.id}
              className="flex flex-wrap items-center gap-x-6 gap-y-2 border-b border-slate-100 pb-3"
            >
              <legend className="float-left w-full text-sm font-medium text-slate-900 sm:w-48">{kind.label}</legend>
              {NOTIFICATION_CHANNELS.map((channel) => {
                const id = `pref-${kind.id}-${channel}`;
                return (
                  <label key={channel} htmlFor={id} className="flex items-center gap-2 text-sm text-slate-700">
                    <input
                      id={id}
                      type="checkbox"
                      className="size-4 rounded border-slate-300 accent-brand-700"
                      checked={p[channel]}
                      onChange={() => toggle(kind.id, channel)}
                    />
                    {NOTIFICATION_CHANNEL_LABELS[channel]}
                  </label>
                );
              })}
            </fieldset>
          );
        })}
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save notification settings'}
      </Button>
    </form>
  );
}
