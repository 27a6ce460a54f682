import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { schoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import { formatZar } from '@sekolo/shared/domain/money';
import type { TCheckoutRedirect } from '@sekolo/shared/schemas/payments';
import {
  SHOP_CATEGORIES,
  type TShopChild,
  type TShopOrder,
  type TShopPaymentMethod,
  type TShopProduct,
} from '@sekolo/shared/schemas/school-shop';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { errorMessage } from '~/lib/server-field-errors';
import {
  catalogueQuery,
  myShopOrdersQuery,
  useCancelMyOrder,
  usePayOrder,
  usePlaceOrder,
} from '../api/school-shop-queries';
import { dateTimeOf } from '../lib/rand';
import { OrderLines } from './order-lines';

type TFollow = (redirect: TCheckoutRedirect) => void;
/** Per child: variant id → quantity. */
type TBaskets = Record<string, Record<string, number>>;

const gradeName = (grade: number) => (grade === 0 ? 'Grade R' : `Grade ${grade}`);

/** The parent's School shop: the catalogue, a basket per child, paying online or on account, and their orders. */
export function ParentShop({ followRedirect }: { followRedirect: TFollow }) {
  const catalogue = useQuery(catalogueQuery);
  const [search] = useSearchParams();
  const [childId, setChildId] = useState<string>('');
  const [baskets, setBaskets] = useState<TBaskets>({});
  const id = useId();

  if (catalogue.isPending) return <p className="text-slate-600">Loading…</p>;
  if (catalogue.isError)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(catalogue.error)}
      </p>
    );
  const { children, products, schoolName } = catalogue.data;
  const child = children.find((c) => c.id === childId) ?? children[0];
  const basket = child ? (baskets[child.id] ?? {}) : {};
  const setBasket = (next: Record<string, number>) => child && setBaskets((all) => ({ ...all, [child.id]: next }));

  return (
    <div className="space-y-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">School shop</h1>
        <p className="text-slate-700">
          Uniform and stationery from {schoolName}, packed by the school shop and collected at school.
        </p>
      </header>
      {search.get('order') ? (
        <p role="status" className="rounded-lg border border-brand-200 bg-brand-50 p-3 text-slate-800">
          Back from the checkout. Your order’s status is under My orders below.
        </p>
      ) : null}

      {children.length === 0 ? (
        <p className="text-slate-700">
          No children are linked to your account at this school yet. Ask the school to link you to your child.
        </p>
      ) : (
        <>
          <FormField id={`${id}-child`} label="Order for" className="max-w-sm">
            <NativeSelect value={child!.id} onChange={(e) => setChildId(e.target.value)}>
              {children.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({gradeName(c.grade)})
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
            <Catalogue
              products={products}
              child={child!}
              onAdd={(variantId, quantity) =>
                setBasket({ ...basket, [variantId]: Math.min(50, (basket[variantId] ?? 0) + quantity) })
              }
            />
            <Basket
              child={child!}
              products={products}
              basket={basket}
              setBasket={setBasket}
              followRedirect={followRedirect}
            />
          </div>
        </>
      )}
      <MyOrders followRedirect={followRedirect} />
    </div>
  );
}

function stockNote(stock: number) {
  if (stock <= 0) return 'Sold out';
  if (stock <= 5) return `Only ${stock} left`;
  return 'In stock';
}

function Catalogue({
  products,
  child,
  onAdd,
}: {
  products: TShopProduct[];
  child: TShopChild;
  onAdd: (variantId: string, quantity: number) => void;
}) {
  // Stationery packs of another grade are left out; uniform fits every grade.
  const shown = products.filter((p) => p.grade === null || p.grade === child.grade);
  if (shown.length === 0) return <p className="text-slate-600">The shop has nothing on sale yet.</p>;
  return (
    <div className="space-y-6">
      {SHOP_CATEGORIES.map((category) => {
        const inCategory = shown.filter((p) => p.category === category.id);
        if (inCategory.length === 0) return null;
        return (
          <section key={category.id} aria-labelledby={`category-${category.id}`} className="space-y-3">
            <h2 id={`category-${category.id}`} className="text-xl font-semibold text-slate-900">
              {category.label}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2" aria-label={category.label}>
              {inCategory.map((product) => (
                <ProductCard key={product.id} product={product} onAdd={onAdd} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function ProductCard({
  product,
  onAdd,
}: {
  product: TShopProduct;
  onAdd: (variantId: string, quantity: number) => void;
}) {
  const id = useId();
  const firstInStock = product.variants.find((v) => v.stock > 0) ?? product.variants[0]!;
  const [variantId, setVariantId] = useState(firstInStock.id);
  const [quantity, setQuantity] = useState('1');
  const [added, setAdded] = useState<string | null>(null);
  const variant = product.variants.find((v) => v.id === variantId) ?? firstInStock;
  const prices = [...new Set(product.variants.map((v) => v.priceCents))];
  const single = product.variants.length === 1;
  const add = (event: React.FormEvent) => {
    event.preventDefault();
    const n = Number(quantity);
    if (!Number.isInteger(n) || n < 1) {
      setAdded('Enter how many, e.g. 1');
      return;
    }
    onAdd(variant.id, n);
    setAdded(`Added ${n} × ${product.name}${single ? '' : ` (${variant.label})`} to the basket`);
  };
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-label={product.name}>
      <div className="space-y-1">
        <p className="font-semibold text-slate-900">{product.name}</p>
        <p className="text-sm text-slate-700">{product.description}</p>
        <p className="font-semibold text-slate-900">
          {prices.length === 1 ? formatZar(prices[0]!) : `From ${formatZar(Math.min(...prices))}`}
        </p>
      </div>
      <form className="flex flex-wrap items-end gap-2" onSubmit={add} aria-label={`Add ${product.name}`}>
        {single ? (
          <p className="w-full text-sm text-slate-700">
            {variant.label} · {stockNote(variant.stock)}
          </p>
        ) : (
          <FormField id={`${id}-size`} label="Size" className="min-w-32 flex-1">
            <NativeSelect value={variant.id} onChange={(e) => setVariantId(e.target.value)}>
              {product.variants.map((v) => (
                <option key={v.id} value={v.id} disabled={v.stock <= 0}>
                  {v.label} · {stockNote(v.stock)}
                  {prices.length > 1 ? ` · ${formatZar(v.priceCents)}` : ''}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        )}
        <FormField id={`${id}-qty`} label="How many" className="w-24">
          <Input inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
        </FormField>
        <Button type="submit" disabled={variant.stock <= 0}>
          Add to basket
        </Button>
      </form>
      {added ? (
        <p role="status" className="text-sm text-slate-700">
          {added}
        </p>
      ) : null}
    </li>
  );
}

function Basket({
  child,
  products,
  basket,
  setBasket,
  followRedirect,
}: {
  child: TShopChild;
  products: TShopProduct[];
  basket: Record<string, number>;
  setBasket: (next: Record<string, number>) => void;
  followRedirect: TFollow;
}) {
  const id = useId();
  const place = usePlaceOrder();
  const [payment, setPayment] = useState<TShopPaymentMethod>('online');
  const [problem, setProblem] = useState<string | null>(null);
  const [placed, setPlaced] = useState<string | null>(null);
  const lines = useMemo(
    () =>
      Object.entries(basket).flatMap(([variantId, quantity]) => {
        for (const product of products) {
          const variant = product.variants.find((v) => v.id === variantId);
          if (variant) return [{ product, variant, quantity }];
        }
        return [];
      }),
    [basket, products],
  );
  const total = lines.reduce((sum, l) => sum + l.variant.priceCents * l.quantity, 0);
  const method = child.canChargeAccount ? payment : 'online';
  const submit = async () => {
    setProblem(null);
    setPlaced(null);
    try {
      const answer = await place.mutateAsync({
        learnerId: child.id,
        payment: method,
        lines: lines.map((l) => ({ variantId: l.variant.id, quantity: l.quantity })),
      });
      setBasket({});
      if (answer.checkout) {
        followRedirect(answer.checkout.redirect);
        return;
      }
      setPlaced(
        `Order ${answer.order.reference} is placed and ${formatZar(answer.order.totalCents)} is on your family account (invoice ${answer.order.invoiceNumber}). We will let you know when it is ready for collection.`,
      );
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="h-fit space-y-4 rounded-xl border border-slate-200 bg-white p-4 lg:sticky lg:top-4"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        Basket for {child.name}
      </h2>
      {placed ? (
        <p role="status" className="text-sm text-slate-800">
          {placed}
        </p>
      ) : null}
      {lines.length === 0 ? (
        <p className="text-slate-600">The basket is empty. Add items from the shop.</p>
      ) : (
        <>
          <ul className="space-y-2" aria-label={`Basket for ${child.name}`}>
            {lines.map(({ product, variant, quantity }) => (
              <li key={variant.id} className="flex items-start justify-between gap-2 text-sm">
                <span>
                  {product.name}
                  {product.variants.length > 1 ? ` (${variant.label})` : ''} × {quantity}
                  <br />
                  <span className="text-slate-600">{formatZar(variant.priceCents * quantity)}</span>
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${product.name} ${variant.label}`}
                  onClick={() => {
                    const next = { ...basket };
                    delete next[variant.id];
                    setBasket(next);
                  }}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          <p className="flex justify-between font-semibold text-slate-900">
            <span>Total</span>
            <span>{formatZar(total)}</span>
          </p>
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-slate-900">How will you pay?</legend>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-payment`}
                className="mt-1"
                checked={method === 'online'}
                onChange={() => setPayment('online')}
              />
              <span>
                Pay online now: {formatZar(schoolPaymentBreakdown(total).parentPaysCents)}
                <span className="block text-slate-600">Includes the 6.8 % processing fee.</span>
              </span>
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-payment`}
                className="mt-1"
                checked={method === 'account'}
                disabled={!child.canChargeAccount}
                onChange={() => setPayment('account')}
              />
              <span>
                Add to the family account: {formatZar(total)}
                <span className="block text-slate-600">
                  {child.canChargeAccount
                    ? 'It appears on your fee statement and is paid like school fees.'
                    : 'Only the parent who pays this child’s fees can use the family account.'}
                </span>
              </span>
            </label>
          </fieldset>
          <Button className="w-full" disabled={place.isPending} onClick={() => void submit()}>
            {method === 'online' ? 'Pay and place order' : 'Place order on account'}
          </Button>
        </>
      )}
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

function MyOrders({ followRedirect }: { followRedirect: TFollow }) {
  const orders = useQuery(myShopOrdersQuery);
  return (
    <section aria-labelledby="my-shop-orders" className="space-y-3">
      <h2 id="my-shop-orders" className="text-xl font-semibold text-slate-900">
        My orders
      </h2>
      {orders.isPending ? (
        <p className="text-slate-600">Loading…</p>
      ) : orders.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(orders.error)}
        </p>
      ) : orders.data.length === 0 ? (
        <p className="text-slate-600">You have not ordered from the school shop yet.</p>
      ) : (
        <ul className="space-y-3" aria-label="My school shop orders">
          {orders.data.map((order) => (
            <MyOrder key={order.id} order={order} followRedirect={followRedirect} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MyOrder({ order, followRedirect }: { order: TShopOrder; followRedirect: TFollow }) {
  const pay = usePayOrder();
  const cancel = useCancelMyOrder();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const act = async (run: () => Promise<void>) => {
    setProblem(null);
    try {
      await run();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 bg-white p-4" aria-label={`Order ${order.reference}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {order.reference} · for {order.learner.name}
        </p>
        <Badge>{order.statusLabel}</Badge>
      </div>
      <OrderLines order={order} />
      <p className="text-sm text-slate-700">
        Ordered {dateTimeOf(order.createdAt)} ·{' '}
        {order.payment === 'account'
          ? `On the family account${order.invoiceNumber ? ` (invoice ${order.invoiceNumber})` : ''}`
          : `Paid online: ${formatZar(order.payCents)}`}
      </p>
      {order.status === 'ready' ? (
        <p className="text-sm font-semibold text-slate-900">Ready for collection at the school shop.</p>
      ) : null}
      {order.collectedAt ? (
        <p className="text-sm text-slate-700">
          Collected {dateTimeOf(order.collectedAt)}
          {order.collectedBy ? ` by ${order.collectedBy}` : ''}.
        </p>
      ) : null}
      {order.refundedCents > 0 ? (
        <p className="text-sm text-slate-700">
          Refunded {formatZar(schoolPaymentBreakdown(order.refundedCents).parentPaysCents)} to your card.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {order.canPay ? (
          <Button
            size="sm"
            disabled={pay.isPending}
            onClick={() =>
              void act(async () => {
                const answer = await pay.mutateAsync(order.id);
                if (answer.checkout) followRedirect(answer.checkout.redirect);
              })
            }
          >
            Pay now
          </Button>
        ) : null}
        {order.canCancel && !confirming ? (
          <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
            Cancel order
          </Button>
        ) : null}
        {confirming ? (
          <>
            <span className="self-center text-sm text-slate-700">
              {order.status === 'paid'
                ? `Cancel and get ${formatZar(order.payCents)} back?`
                : order.status === 'on_account'
                  ? 'Cancel and take the charge off your family account?'
                  : 'Cancel this order?'}
            </span>
            <Button
              size="sm"
              variant="destructive"
              disabled={cancel.isPending}
              onClick={() => void act(async () => void (await cancel.mutateAsync(order.id)))}
            >
              Yes, cancel
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </>
        ) : null}
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </li>
  );
}
