import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { CheckboxField } from '~/components/ui/form-field';
import { paths } from '~/config/paths';
import { errorMessage } from '~/lib/server-field-errors';
import { notificationsQuery, useUpdateNotifications } from '../api/settings-queries';
import { QueryState } from './settings-page';

/** What the school's automatic mail does. */
export function NotificationSettings() {
  const id = useId();
  const settings = useQuery(notificationsQuery);
  const save = useUpdateNotifications();
  if (!settings.data) return <QueryState pending={settings.isPending} error={settings.error} />;
  return (
    <section aria-labelledby={`${id}-mail`} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-mail`} className="text-lg font-semibold text-slate-900">
        E-mail to families
      </h2>
      <CheckboxField
        id={`${id}-absence`}
        label="E-mail guardians when their child is marked absent"
        checked={settings.data.absenceNotices}
        disabled={save.isPending}
        onChange={(event) => {
          const absenceNotices = event.currentTarget.checked;
          save.mutate(
            { absenceNotices },
            {
              onSuccess: () => toast.success(absenceNotices ? 'Absence e-mails are on.' : 'Absence e-mails are off.'),
              onError: (error) => toast.error(errorMessage(error)),
            },
          );
        }}
      />
      <p className="text-sm text-slate-600">
        Guardians who receive the school’s communications get the e-mail as soon as a register is saved. Fee reminders
        are set in{' '}
        <Link to={paths.finance.overview} className="font-medium text-brand-700 underline">
          Finance
        </Link>{' '}
        (reminder days).
      </p>
    </section>
  );
}
