import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { marketplaceBusinessContracts as api } from '@sekolo/shared/contracts/marketplace-business';
import type { TConsoleReviews } from '@sekolo/shared/schemas/marketplace-business';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { paths } from '~/config/paths';
import { Stars } from '~/components/ui/stars';

/**
 * The operator's marketplace reviews: sellers whose average is below the SLA's 3.5 (flagged), and
 * the latest reviews, each of which can be hidden as abuse with a reason (audited).
 */
export function ConsoleReviews() {
  const reviews = useQuery({ queryKey: ['console', 'marketplace-reviews'], queryFn: () => call(api.consoleReviews) });
  return (
    <section aria-labelledby="console-reviews" className="space-y-4">
      <h2 id="console-reviews" className="text-lg font-semibold text-slate-900">
        Marketplace reviews
      </h2>
      {reviews.isPending ? (
        <p className="text-sm text-slate-600">Loading reviews...</p>
      ) : reviews.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(reviews.error)}
        </p>
      ) : (
        <>
          {reviews.data.flaggedSellers.length > 0 ? (
            <div className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="status">
              <p className="font-semibold">Below the minimum rating of 3.5</p>
              <ul className="mt-1 list-disc pl-5">
                {reviews.data.flaggedSellers.map((s) => (
                  <li key={s.id}>
                    <Link to={paths.marketplaceSeller(s.slug)} className="underline">
                      {s.name}
                    </Link>
                    : {s.ratingAverage.toFixed(1)} of 5 from {s.ratingCount} reviews
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {reviews.data.items.length === 0 ? (
            <p className="text-sm text-slate-600">No reviews yet.</p>
          ) : (
            <ul className="space-y-3" aria-label="Latest marketplace reviews">
              {reviews.data.items.map((review) => (
                <ConsoleReview key={review.id} review={review} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function ConsoleReview({ review }: { review: TConsoleReviews['items'][number] }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const hide = useMutation({
    mutationFn: () => call(api.hide, { params: { id: review.id }, body: { reason } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['console', 'marketplace-reviews'] }),
  });
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <Stars rating={review.rating} />
        <span className="font-medium text-slate-900">{review.buyerName}</span>
        <span className="text-slate-600">on {review.sellerName}</span>
        {review.hidden ? <Badge>Hidden</Badge> : null}
      </p>
      <p className="mt-1 whitespace-pre-line text-slate-700">{review.body}</p>
      {review.hidden ? (
        <p className="mt-1 text-slate-600">Reason: {review.removalReason}</p>
      ) : (
        <form
          className="mt-2 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            hide.mutate();
          }}
        >
          <FormField
            id={`hide-${review.id}`}
            label="Reason for hiding"
            className="min-w-56 flex-1"
            error={hide.isError ? errorMessage(hide.error) : undefined}
          >
            <Input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
          </FormField>
          <Button type="submit" size="sm" variant="destructive" disabled={hide.isPending || reason.trim().length < 3}>
            Hide review
          </Button>
        </form>
      )}
    </li>
  );
}
