import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { EventsCalendar } from '~/features/events/components/events-calendar';
import { SchoolEvents } from '~/features/events/components/school-events';
import { followCheckoutRedirect } from '~/features/payments/lib/follow-redirect';
import { EVENTS_PAGE_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Events | Sekolo' }];
}

/**
 * /dashboard/school/events: for whoever holds manage_events at the school (its table, D26), the
 * school's events with their tickets, figures, attendees and door; for everyone else with
 * view_events (staff, parents, learners) the calendar of the events of their audience.
 */
export default function DashboardSchoolEvents() {
  return (
    <RequireAuth roles={EVENTS_PAGE_ROLES}>
      <EventsPage />
    </RequireAuth>
  );
}

function EventsPage() {
  const { permissions, user, status, isLoading } = useSession();
  const buyer = { canBuy: !!user && status === 'active', loading: isLoading, name: user?.name ?? '' };
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      {permissions.includes('manage_events') ? (
        <SchoolEvents followRedirect={followCheckoutRedirect} buyer={buyer} />
      ) : permissions.includes('view_events') ? (
        <EventsCalendar followRedirect={followCheckoutRedirect} buyer={buyer} />
      ) : (
        <p role="alert" className="text-slate-700">
          Your role at the school does not include seeing its events. Ask the school to give it the view events
          permission.
        </p>
      )}
    </div>
  );
}
