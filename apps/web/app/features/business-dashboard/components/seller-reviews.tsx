import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { marketplaceBusinessContracts as api } from '@sekolo/shared/contracts/marketplace-business';
import { REVIEW_MESSAGES, type TSellerReview } from '@sekolo/shared/schemas/marketplace-business';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { Textarea } from '~/components/ui/textarea';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { Stars } from '~/components/ui/stars';

const DATE = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Johannesburg',
});

/** The business dashboard's Reviews: the average, how the stars fall, each review and a reply (once). */
export function SellerReviews() {
  const reviews = useQuery({ queryKey: ['business', 'reviews'], queryFn: () => call(api.sellerReviews) });
  if (reviews.isPending) return <LoadingSpinner label="Loading your reviews..." />;
  if (reviews.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(reviews.error)}
      </p>
    );
  const r = reviews.data;
  return (
    <div className="space-y-6">
      {r.belowMinimum && r.ratingAverage !== null ? (
        <Alert variant="warning" role="alert">
          {REVIEW_MESSAGES.belowMinimum(r.ratingAverage)}
        </Alert>
      ) : null}
      <section aria-labelledby="rating-summary" className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 id="rating-summary" className="sr-only">
          Your rating
        </h2>
        {r.ratingAverage === null ? (
          <p className="text-slate-700">No reviews yet. Customers can review an order once you mark it completed.</p>
        ) : (
          <div className="flex flex-wrap items-center gap-6">
            <p className="text-slate-900">
              <span className="block text-3xl font-bold">{r.ratingAverage.toFixed(1)} of 5</span>
              <Stars rating={r.ratingAverage} />
              <span className="block text-sm text-slate-600">
                {r.ratingCount} {r.ratingCount === 1 ? 'review' : 'reviews'}
              </span>
            </p>
            <dl className="grid grid-cols-[auto_1fr_auto] items-center gap-x-2 gap-y-1 text-sm">
              {[5, 4, 3, 2, 1].map((stars) => {
                const n = r.distribution[stars - 1] ?? 0;
                return (
                  <div key={stars} className="contents">
                    <dt>{stars} stars</dt>
                    <dd className="h-2 w-32 rounded bg-slate-100" aria-hidden="true">
                      <span
                        className="block h-2 rounded bg-amber-400"
                        style={{ width: `${r.ratingCount ? (n / r.ratingCount) * 100 : 0}%` }}
                      />
                    </dd>
                    <dd>{n}</dd>
                  </div>
                );
              })}
            </dl>
          </div>
        )}
      </section>
      {r.items.length > 0 ? (
        <ul className="space-y-4" aria-label="Reviews">
          {r.items.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ReviewItem({ review }: { review: TSellerReview }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const reply = useMutation({
    mutationFn: () => call(api.reply, { params: { id: review.id }, body: { reply: text } }),
    onSuccess: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: ['business', 'reviews'] });
    },
  });
  const fieldId = `reply-${review.id}`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="seller-review">
      <div className="flex flex-wrap items-center gap-2">
        <Stars rating={review.rating} />
        <span className="font-medium text-slate-900">{review.buyerName}</span>
        <span className="text-sm text-slate-600">
          {DATE.format(new Date(review.createdAt))} · order {review.orderReference}
        </span>
        {review.hidden ? <Badge>Hidden by Sekolo</Badge> : null}
      </div>
      {review.listingTitles.length > 0 ? (
        <p className="mt-1 text-sm text-slate-600">{review.listingTitles.join(', ')}</p>
      ) : null}
      <p className="mt-2 whitespace-pre-line text-slate-700">{review.body}</p>
      {review.reply ? (
        <p className="mt-3 border-l-4 border-brand-200 pl-3 text-sm text-slate-700">
          <span className="font-semibold">Your reply: </span>
          {review.reply}
        </p>
      ) : review.hidden ? null : open ? (
        <form
          className="mt-3 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            reply.mutate();
          }}
        >
          <FormField
            id={fieldId}
            label="Your reply"
            hint="Customers see it under the review. You can reply once."
            error={reply.isError ? errorMessage(reply.error) : undefined}
          >
            <Textarea value={text} onChange={(e) => setText(e.target.value)} rows={3} maxLength={2000} />
          </FormField>
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={reply.isPending}>
              Publish reply
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button type="button" size="sm" variant="secondary" className="mt-3" onClick={() => setOpen(true)}>
          Reply
        </Button>
      )}
    </li>
  );
}
