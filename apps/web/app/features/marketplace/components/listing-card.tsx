import { Link } from 'react-router';
import { Star } from 'lucide-react';
import { formatZar } from '@sekolo/shared/domain/money';
import type { TCatalogueItem } from '@sekolo/shared/schemas/marketplace';
import { paths } from '~/config/paths';

/** A listing in the catalogue: picture, title, price (VAT included), seller, rating, stock. */
export function ListingCard({ item }: { item: TCatalogueItem }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="aspect-[4/3] bg-slate-100">
        {item.thumbUrl ? (
          <img src={item.thumbUrl} alt="" loading="lazy" width={480} height={360} className="size-full object-cover" />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="font-semibold text-slate-900">
          <Link to={paths.marketplaceListing(item.id)} className="hover:underline">
            {item.title}
          </Link>
        </h3>
        <p className="text-lg font-bold text-slate-900" data-testid="listing-price">
          {formatZar(item.priceCents)}
        </p>
        <p className="text-sm text-slate-600">
          <Link to={paths.marketplaceSeller(item.seller.slug)} className="underline">
            {item.seller.name}
          </Link>
        </p>
        <p className="mt-auto flex items-center gap-2 text-sm text-slate-600">
          {item.ratingAverage !== null ? (
            <span className="inline-flex items-center gap-1">
              <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
              <span>
                {item.ratingAverage.toFixed(1)}
                <span className="sr-only"> out of 5</span> ({item.ratingCount})
              </span>
            </span>
          ) : (
            <span>No reviews yet</span>
          )}
          {!item.inStock ? <span className="font-medium text-red-700">Sold out</span> : null}
        </p>
      </div>
    </li>
  );
}
