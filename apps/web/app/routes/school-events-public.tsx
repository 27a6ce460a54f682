import { data, Link, useLoaderData } from 'react-router';
import type { TPublicSchoolEvents } from '@sekolo/shared/schemas/events';
import { whenOf } from '~/features/events/lib/format';
import { pageTitle } from '~/content/site';
import { paths } from '~/config/paths';
import type { Route } from './+types/school-events-public';

/** A school's public events, read on the server. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const res = await context.api(`/api/events/schools/${encodeURIComponent(params.slug)}`);
  if (res.status === 404 || res.status === 400) throw data('There is no such school.', { status: 404 });
  if (!res.ok) throw data('The school’s events could not be loaded.', { status: 502 });
  return { page: (await res.json()) as TPublicSchoolEvents, origin: new URL(request.url).origin };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return [{ title: pageTitle('School not found') }];
  const { school, events } = loaded.page;
  const title = `Events at ${school.name}`;
  const description =
    events.length > 0
      ? `${events.map((e) => e.title).join(', ')}: get tickets online for ${school.name}${school.city ? `, ${school.city}` : ''}.`
      : `${school.name} has no public events coming up.`;
  const url = `${loaded.origin}${paths.events.publicList(school.slug)}`;
  return [
    { title: pageTitle(title) },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { tagName: 'link', rel: 'canonical', href: url },
  ];
};

/** /schools/:slug/events: the school's public events that have not ended. */
export default function SchoolEventsPublic() {
  const { page } = useLoaderData<typeof loader>();
  const { school, events } = page;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Events at {school.name}</h1>
      {events.length === 0 ? (
        <p className="text-slate-600">No public events coming up.</p>
      ) : (
        <ul className="space-y-3" aria-label="Events">
          {events.map((event) => (
            <li key={event.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <h2 className="text-xl font-semibold">
                <Link className="text-brand-700 underline" to={paths.events.public(school.slug, event.id)}>
                  {event.title}
                </Link>
              </h2>
              <p className="text-slate-700">
                {whenOf(event)} · {event.place}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
