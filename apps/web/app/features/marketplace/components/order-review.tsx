import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { marketplaceBusinessContracts as api } from '@sekolo/shared/contracts/marketplace-business';
import type { TMarketplaceOrder } from '@sekolo/shared/schemas/marketplace-orders';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Textarea } from '~/components/ui/textarea';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { Stars } from '~/components/ui/stars';

/**
 * Under a completed order: the buyer's review (once: 1 to 5 stars and a few words), or the review
 * they gave with the seller's reply.
 */
export function OrderReview({ order }: { order: TMarketplaceOrder }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState('');
  const submit = useMutation({
    mutationFn: () => call(api.review, { params: { id: order.id }, body: { rating, body } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['marketplace', 'my-orders'] }),
  });
  if (order.review)
    return (
      <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <p className="flex items-center gap-2 font-medium text-slate-900">
          Your review <Stars rating={order.review.rating} />
        </p>
        <p className="mt-1 whitespace-pre-line">{order.review.body}</p>
        {order.review.reply ? (
          <p className="mt-2 border-l-4 border-brand-200 pl-3">
            <span className="font-semibold">Seller’s reply: </span>
            {order.review.reply}
          </p>
        ) : null}
      </div>
    );
  if (order.status !== 'completed') return null;
  if (!open)
    return (
      <Button type="button" size="sm" variant="secondary" className="mt-3" onClick={() => setOpen(true)}>
        Review this order
      </Button>
    );
  const idBase = `review-${order.id}`;
  return (
    <form
      className="mt-3 space-y-3 rounded-lg border border-slate-200 p-3"
      aria-label={`Review order ${order.reference}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit.mutate();
      }}
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Your rating</legend>
        <div className="mt-1 flex gap-3">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="flex items-center gap-1 text-sm">
              <input
                type="radio"
                name={`${idBase}-rating`}
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                className="accent-brand-700"
              />
              {n} {n === 1 ? 'star' : 'stars'}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField
        id={`${idBase}-body`}
        label="Your review"
        hint="Other customers read it on the listing and the seller’s page."
      >
        <Textarea rows={3} maxLength={2000} value={body} onChange={(e) => setBody(e.target.value)} />
      </FormField>
      {submit.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(submit.error)}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={submit.isPending || rating === 0}>
          Publish review
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
