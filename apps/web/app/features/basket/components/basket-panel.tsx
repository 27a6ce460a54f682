import { Minus, Plus, ShoppingBasket, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { formatZar } from '@sekolo/shared/domain/money';
import { Button } from '~/components/ui/button';
import { useAccountBasketSync } from '../hooks/use-account-basket-sync';
import { useBasket } from '../hooks/use-basket';
import { paths } from '~/config/paths';

/** The basket on the customer dashboard: change quantities, remove items, clear; saved as you go. */
/** `syncWithAccount`: a signed-in page; the basket is kept in the user's account too. */
export function BasketPanel({ syncWithAccount = false }: { syncWithAccount?: boolean } = {}) {
  useAccountBasketSync(syncWithAccount);
  const basket = useBasket();

  if (basket.items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <ShoppingBasket className="size-10 text-slate-400" aria-hidden="true" />
        <p className="font-medium text-slate-900">Your basket is empty</p>
        <Button asChild variant="secondary" size="sm">
          <Link to={paths.marketplace}>Browse the marketplace</Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200" aria-label="Basket items">
        {basket.items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-3 py-3">
            {/* A row of its own on a phone, where the controls beside it left the name one letter. */}
            <div className="min-w-0 basis-full sm:flex-1 sm:basis-0">
              <p className="truncate font-medium text-slate-900">{item.name}</p>
              <p className="text-sm text-slate-600">{formatZar(item.price)} each</p>
            </div>
            <div className="flex items-center gap-1" role="group" aria-label={`Quantity of ${item.name}`}>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`One less ${item.name}`}
                onClick={() => basket.setQuantity(item.id, item.quantity - 1)}
              >
                <Minus aria-hidden="true" />
              </Button>
              <span className="w-8 text-center font-semibold tabular-nums" aria-live="polite">
                {item.quantity}
              </span>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`One more ${item.name}`}
                onClick={() => basket.setQuantity(item.id, item.quantity + 1)}
              >
                <Plus aria-hidden="true" />
              </Button>
            </div>
            <p className="ml-auto w-28 text-right font-semibold tabular-nums text-slate-900">
              {formatZar(item.price * item.quantity)}
            </p>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Remove ${item.name}`}
              onClick={() => basket.remove(item.id)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
        <Button variant="ghost" size="sm" onClick={basket.clear}>
          Clear basket
        </Button>
        <p className="text-lg font-semibold text-slate-900">
          Total{' '}
          <span className="tabular-nums" data-testid="basket-total">
            {formatZar(basket.totalCents)}
          </span>
        </p>
      </div>
    </div>
  );
}
