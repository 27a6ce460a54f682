import { Star } from 'lucide-react';
import type { TPublicReview } from '@sekolo/shared/schemas/marketplace';

const DATE = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Johannesburg',
});

/** Buyers' reviews (1 to 5 stars and text) with the seller's reply. */
export function ReviewsList({ reviews }: { reviews: TPublicReview[] }) {
  if (reviews.length === 0) return <p className="text-slate-600">No reviews yet.</p>;
  return (
    <ul className="space-y-4" aria-label="Reviews">
      {reviews.map((review) => (
        <li key={review.id} className="rounded-xl border border-slate-200 bg-white p-4">
          <p className="flex items-center gap-2 font-medium text-slate-900">
            <span className="inline-flex" aria-label={`${review.rating} out of 5 stars`}>
              {Array.from({ length: 5 }, (_, i) => (
                <Star
                  key={i}
                  aria-hidden="true"
                  className={i < review.rating ? 'size-4 fill-amber-400 text-amber-500' : 'size-4 text-slate-300'}
                />
              ))}
            </span>
            {review.buyerName}
            <span className="text-sm font-normal text-slate-600">{DATE.format(new Date(review.createdAt))}</span>
          </p>
          <p className="mt-2 whitespace-pre-line text-slate-700">{review.body}</p>
          {review.reply ? (
            <p className="mt-3 border-l-4 border-brand-200 pl-3 text-sm text-slate-700">
              <span className="font-semibold">Seller’s reply: </span>
              {review.reply}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
