import { Link, data, useLoaderData } from 'react-router';
import type { TPublicService, TSlots } from '@sekolo/shared/schemas/bookings';
import { BOOKING_CATEGORIES } from '@sekolo/shared/schemas/bookings';
import { formatZar } from '@sekolo/shared/domain/money';
import { BookSlots } from '~/features/bookings/components/book-slots';
import { useSession } from '~/features/auth/hooks/use-session';
import { followCheckoutRedirect } from '~/features/payments/lib/follow-redirect';
import { pageTitle } from '~/content/site';
import { paths } from '~/config/paths';
import type { Route } from './+types/marketplace-service';

/** A bookable service and its free times for the next two weeks, read on the server. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const res = await context.api(`/api/bookings/services/${encodeURIComponent(params.id)}`);
  if (res.status === 404 || res.status === 400) throw data('There is no such service.', { status: 404 });
  if (!res.ok) throw data('The service could not be loaded.', { status: 502 });
  const { service } = (await res.json()) as { service: TPublicService };
  const slots = await context.api(`/api/bookings/services/${encodeURIComponent(params.id)}/slots?days=14`);
  return {
    service,
    slots: slots.ok ? ((await slots.json()) as TSlots) : null,
    origin: new URL(request.url).origin,
  };
}

function describe(service: TPublicService): string {
  const how = service.online ? 'online' : service.location || 'in person';
  const seats = service.kind === 'group' && service.seatLimit ? `, up to ${service.seatLimit} learners` : '';
  return `${service.durationMinutes} minutes, ${how}${seats}: ${formatZar(service.priceCents)}`;
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return [{ title: pageTitle('Service not found') }];
  const { service } = loaded;
  const description = (service.description || `${service.title} with ${service.provider.name}`).slice(0, 160);
  const url = `${loaded.origin}${paths.bookingService(service.id)}`;
  return [
    { title: pageTitle(`${service.title} – ${service.provider.name}`) },
    { name: 'description', content: description },
    { property: 'og:type', content: 'product' },
    { property: 'og:title', content: `${service.title} – ${service.provider.name}` },
    { property: 'og:description', content: `${describe(service)}. ${description}` },
    { property: 'og:url', content: url },
    { tagName: 'link', rel: 'canonical', href: url },
  ];
};

/** /marketplace/services/:id: a tutor's, consultant's or service provider's bookable service. */
export default function MarketplaceServicePage() {
  const { service, slots } = useLoaderData<typeof loader>();
  const session = useSession();
  const category = BOOKING_CATEGORIES.find((c) => c.id === service.category)?.label ?? service.category;
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10 sm:px-6">
      <header className="space-y-2">
        <p className="text-sm text-slate-600">
          <Link to={paths.marketplace} className="underline">
            Marketplace
          </Link>{' '}
          ·{' '}
          <Link to={paths.marketplaceSeller(service.provider.slug)} className="underline">
            {service.provider.name}
          </Link>
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{service.title}</h1>
        <p className="text-lg text-slate-700">
          {category} · {describe(service)}
        </p>
        {service.description ? (
          <p className="max-w-3xl whitespace-pre-line text-slate-700">{service.description}</p>
        ) : null}
        <p className="text-sm text-slate-600">
          Free cancellation or rescheduling up to {service.noticeHours} hours before the start.
          {service.online ? ' The joining link is shown in your bookings once you have paid.' : ''}
        </p>
      </header>
      {slots ? (
        <BookSlots
          service={service}
          slots={slots}
          signedIn={session.isAuthenticated}
          followRedirect={followCheckoutRedirect}
        />
      ) : (
        <p>Free times could not be loaded. Please try again.</p>
      )}
    </div>
  );
}
