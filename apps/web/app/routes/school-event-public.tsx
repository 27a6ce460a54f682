import { data, Link, useLoaderData } from 'react-router';
import { formatZar } from '@sekolo/shared/domain/money';
import type { TEvent } from '@sekolo/shared/schemas/events';
import { EventDetails } from '~/features/events/components/events-calendar';
import { whenOf } from '~/features/events/lib/format';
import { followCheckoutRedirect } from '~/features/payments/lib/follow-redirect';
import { useSession } from '~/features/auth/hooks/use-session';
import { pageTitle } from '~/content/site';
import { paths } from '~/config/paths';
import type { Route } from './+types/school-event-public';

/** One public event of a school, read on the server. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const res = await context.api(`/api/events/public/${encodeURIComponent(params.eventId)}`);
  if (res.status === 404 || res.status === 400) throw data('There is no such event.', { status: 404 });
  if (!res.ok) throw data('The event could not be loaded.', { status: 502 });
  const { event } = (await res.json()) as { event: TEvent };
  if (event.school.slug !== params.slug) throw data('There is no such event.', { status: 404 });
  return { event, origin: new URL(request.url).origin };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return [{ title: pageTitle('Event not found') }];
  const { event } = loaded;
  const title = `${event.title} at ${event.school.name}`;
  const prices = event.ticketTypes
    .map((t) => `${t.name} ${t.priceCents ? formatZar(t.priceCents) : 'free'}`)
    .join(', ');
  const description = `${whenOf(event)}, ${event.place}. Tickets: ${prices}.`;
  const url = `${loaded.origin}${paths.events.public(event.school.slug, event.id)}`;
  return [
    { title: pageTitle(title) },
    { name: 'description', content: description },
    { property: 'og:type', content: 'event' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { tagName: 'link', rel: 'canonical', href: url },
  ];
};

/** /schools/:slug/events/:eventId: a public event's page, with its tickets. */
export default function SchoolEventPublic() {
  const { event } = useLoaderData<typeof loader>();
  const { user, status, isLoading } = useSession();
  const buyer = { canBuy: !!user && status === 'active', loading: isLoading, name: user?.name ?? '' };
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <p className="text-sm">
        <Link className="text-brand-700 underline" to={paths.events.publicList(event.school.slug)}>
          All public events of {event.school.name}
        </Link>
      </p>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{event.title}</h1>
      <p className="text-slate-700">{event.school.name}</p>
      {event.status === 'cancelled' ? (
        <p role="status" className="font-semibold text-red-700">
          This event is cancelled.
        </p>
      ) : null}
      <EventDetails event={event} buyer={buyer} followRedirect={followCheckoutRedirect} />
    </div>
  );
}
