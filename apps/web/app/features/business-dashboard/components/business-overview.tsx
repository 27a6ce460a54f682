import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatZar } from '@sekolo/shared/domain/money';
import { marketplaceBusinessContracts as api } from '@sekolo/shared/contracts/marketplace-business';
import { REVIEW_MESSAGES } from '@sekolo/shared/schemas/marketplace-business';
import { Alert } from '~/components/ui/alert';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { paths } from '~/config/paths';
import { Figure } from './business-page';

/** The Overview's figures: this month's sales, orders waiting, rating and listing views. */
export function BusinessOverview() {
  const overview = useQuery({ queryKey: ['business', 'overview'], queryFn: () => call(api.overview) });
  if (overview.isPending) return <LoadingSpinner label="Loading your figures..." />;
  if (overview.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(overview.error)}
      </p>
    );
  const o = overview.data;
  return (
    <section aria-labelledby="business-overview" className="space-y-3">
      <h2 id="business-overview" className="text-lg font-semibold text-slate-900">
        This month
      </h2>
      {o.belowMinimum && o.ratingAverage !== null ? (
        <Alert variant="warning" role="alert">
          {REVIEW_MESSAGES.belowMinimum(o.ratingAverage)}{' '}
          <Link to={paths.dashboard.businessModule('reviews')} className="font-semibold underline">
            See your reviews
          </Link>
        </Alert>
      ) : null}
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          label="Sales this month"
          value={formatZar(o.salesThisMonthCents)}
          note={`${o.ordersThisMonth} ${o.ordersThisMonth === 1 ? 'order' : 'orders'}`}
        />
        <Figure label="Open orders" value={String(o.openOrders)} note="Paid and waiting for you" />
        <Figure
          label="Rating"
          value={o.ratingAverage === null ? 'No reviews yet' : `${o.ratingAverage.toFixed(1)} of 5`}
          note={`${o.ratingCount} ${o.ratingCount === 1 ? 'review' : 'reviews'}`}
        />
        <Figure
          label="Listing views this month"
          value={o.listingViewsThisMonth.toLocaleString('en-ZA')}
          note={`${o.publishedListings} published ${o.publishedListings === 1 ? 'listing' : 'listings'}`}
        />
      </dl>
      <p className="text-sm">
        <Link to={paths.dashboard.businessModule('orders')} className="font-semibold text-brand-700 underline">
          Open your orders
        </Link>{' '}
        ·{' '}
        <Link to={paths.dashboard.businessModule('analytics')} className="font-semibold text-brand-700 underline">
          See the analytics
        </Link>
      </p>
    </section>
  );
}
