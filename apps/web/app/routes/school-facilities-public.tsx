import { data, useLoaderData } from 'react-router';
import { formatZar } from '@sekolo/shared/domain/money';
import type { TPublicSchoolFacilities } from '@sekolo/shared/schemas/facilities';
import { BookingPanel } from '~/features/facilities/components/booking-panel';
import { FacilityPhotoGallery } from '~/features/facilities/components/facility-photo-gallery';
import { weekdayName } from '~/features/facilities/components/format';
import { useSession } from '~/features/auth/hooks/use-session';
import { followCheckoutRedirect } from '~/features/payments/lib/follow-redirect';
import { pageTitle } from '~/content/site';
import { paths } from '~/config/paths';
import type { Route } from './+types/school-facilities-public';

/** A school's facilities for hire, read on the server. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const res = await context.api(`/api/facilities/schools/${encodeURIComponent(params.slug)}`);
  if (res.status === 404 || res.status === 400) throw data('There is no such school.', { status: 404 });
  if (!res.ok) throw data('The school’s facilities could not be loaded.', { status: 502 });
  return { page: (await res.json()) as TPublicSchoolFacilities, origin: new URL(request.url).origin };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return [{ title: pageTitle('School not found') }];
  const { school, facilities } = loaded.page;
  const title = `Facilities for hire at ${school.name}`;
  const description =
    facilities.length > 0
      ? `Book ${facilities.map((f) => f.name).join(', ')} at ${school.name}${school.city ? `, ${school.city}` : ''}, by the hour or the day.`
      : `${school.name} has no facilities for hire yet.`;
  const url = `${loaded.origin}${paths.facilities.public(school.slug)}`;
  const cover = facilities.find((f) => f.photos.length > 0)?.photos[0];
  return [
    { title: pageTitle(title) },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(cover ? [{ property: 'og:image', content: `${loaded.origin}${cover.url}` }] : []),
    { tagName: 'link', rel: 'canonical', href: url },
  ];
};

/** /schools/:slug/facilities: the school's halls, fields and rooms, their rates, rules and availability. */
export default function SchoolFacilitiesPublic() {
  const { page } = useLoaderData<typeof loader>();
  const { school, facilities } = page;
  const { user, status, isLoading } = useSession();
  const canBook = !!user && status === 'active';
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10 sm:px-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Facilities for hire at {school.name}</h1>
        <p className="text-slate-700">
          {school.city ? `${school.city} · ` : ''}Book by the hour or the day and pay online. Times the school uses
          itself are not offered.
        </p>
      </header>
      {facilities.length === 0 ? (
        <p className="text-slate-600">The school has no facilities for hire yet.</p>
      ) : (
        <ul className="space-y-8" aria-label="Facilities">
          {facilities.map((facility) => (
            <li key={facility.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <article aria-labelledby={`facility-${facility.id}`} className="space-y-4">
                <header className="space-y-1">
                  <h2 id={`facility-${facility.id}`} className="text-2xl font-bold text-slate-900">
                    {facility.name}
                  </h2>
                  <p className="text-sm text-slate-600">
                    {facility.kindLabel}
                    {facility.capacity ? ` · up to ${facility.capacity} people` : ''}
                    {facility.requiresApproval ? ' · the school approves each booking' : ' · booked at once'}
                  </p>
                </header>
                <FacilityPhotoGallery name={facility.name} photos={facility.photos} />
                {facility.description ? (
                  <p className="whitespace-pre-line text-slate-700">{facility.description}</p>
                ) : null}
                <dl className="grid gap-2 text-sm sm:grid-cols-2">
                  <div>
                    <dt className="font-semibold text-slate-900">Rates</dt>
                    <dd className="text-slate-700">
                      {[
                        facility.hourlyRateCents !== null ? `${formatZar(facility.hourlyRateCents)} an hour` : null,
                        facility.dailyRateCents !== null ? `${formatZar(facility.dailyRateCents)} a day` : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </dd>
                  </div>
                  <div>
                    <dt className="font-semibold text-slate-900">Opening hours</dt>
                    <dd className="text-slate-700">
                      {facility.openingHours.map((h) => `${weekdayName(h.day)} ${h.opens}–${h.closes}`).join('; ')}
                    </dd>
                  </div>
                  <div>
                    <dt className="font-semibold text-slate-900">Cancellation</dt>
                    <dd className="text-slate-700">
                      Full refund up to {facility.cancellationNoticeHours} hours before the start.
                    </dd>
                  </div>
                </dl>
                <BookingPanel
                  facility={facility}
                  canBook={canBook}
                  loading={isLoading}
                  followRedirect={followCheckoutRedirect}
                />
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
