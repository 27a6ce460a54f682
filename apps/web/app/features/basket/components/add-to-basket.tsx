import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '~/components/ui/button';
import { useBasket } from '../hooks/use-basket';
import { basketSummary } from '../lib/basket-storage';
import { showBasket } from '../lib/show-basket';

type TProps = {
  listingId: string;
  title: string;
  priceCents: number;
  stock: number | null;
  variants: { id: string; label: string; stock: number | null }[];
};

/**
 * "Add to basket" on a listing's page: a size or option first when the listing has them, and a
 * quantity up to what is in stock. The basket item's id is the listing's, or `<listing>:<variant>`.
 * Loaded after the page has painted (the basket's storage brings its schema).
 */
export default function AddToBasket({ listingId, title, priceCents, stock, variants }: TProps) {
  const basket = useBasket();
  const [variantId, setVariantId] = useState('');
  const [quantity, setQuantity] = useState(1);
  const variant = variants.find((v) => v.id === variantId);
  const left = variants.length > 0 ? (variant ? variant.stock : null) : stock;
  const soldOut = variants.length > 0 ? variants.every((v) => v.stock === 0) : stock === 0;
  const max = Math.min(99, left ?? 99);
  const add = () => {
    if (variants.length > 0 && !variant) {
      toast.error('Please choose an option first');
      return;
    }
    const id = variant ? `${listingId}:${variant.id}` : listingId;
    const name = variant ? `${title} (${variant.label})` : title;
    const saved = basket.add({ id, name, price: priceCents, quantity });
    toast.success(`${name} added to your basket`, {
      id: 'basket-added',
      description: `Basket: ${basketSummary(saved)}.`,
      action: { label: 'View basket', onClick: showBasket },
      duration: 8_000,
    });
  };
  if (soldOut) return <p className="font-semibold text-red-700">Sold out</p>;
  return (
    <div className="flex flex-wrap items-end gap-3">
      {variants.length > 0 ? (
        <label className="text-sm font-medium text-slate-700">
          Option
          <select
            value={variantId}
            onChange={(event) => setVariantId(event.target.value)}
            className="block h-11 rounded-lg border border-slate-300 bg-white px-2 text-base"
          >
            <option value="">Choose…</option>
            {variants.map((v) => (
              <option key={v.id} value={v.id} disabled={v.stock === 0}>
                {v.label}
                {v.stock === 0 ? ' (sold out)' : ''}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="text-sm font-medium text-slate-700">
        Quantity
        <input
          type="number"
          min={1}
          max={max}
          value={quantity}
          onChange={(event) => setQuantity(Math.max(1, Math.min(max, Number(event.target.value) || 1)))}
          className="block h-11 w-20 rounded-lg border border-slate-300 bg-white px-2 text-base"
        />
      </label>
      <Button size="lg" onClick={add}>
        Add to basket
      </Button>
    </div>
  );
}
