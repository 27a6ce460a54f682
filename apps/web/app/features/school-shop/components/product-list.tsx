import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatZar } from '@sekolo/shared/domain/money';
import {
  SHOP_CATEGORIES,
  type TShopCategory,
  type TShopProduct,
  type TShopVariant,
} from '@sekolo/shared/schemas/school-shop';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { CheckboxField, FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { ApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import {
  movementsQuery,
  useAddVariant,
  useCreateProduct,
  useRecordMovement,
  useUpdateProduct,
  useUpdateVariant,
} from '../api/school-shop-queries';
import { centsToRandInput, dateTimeOf, randInputToCents } from '../lib/rand';

/** The shop's products with each size's price, stock and low-stock level; receiving and adjusting stock. */
export function ProductList({ products }: { products: TShopProduct[] }) {
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby="shop-products" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="shop-products" className="text-xl font-semibold text-slate-900">
          Products and stock
        </h2>
        {!adding ? <Button onClick={() => setAdding(true)}>Add product</Button> : null}
      </div>
      {adding ? <NewProduct onDone={() => setAdding(false)} /> : null}
      {products.length === 0 ? (
        <p className="text-slate-600">No products yet. Add the uniform items and stationery packs your shop sells.</p>
      ) : (
        <ul className="space-y-4" aria-label="Products">
          {products.map((product) => (
            <ProductItem key={product.id} product={product} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ProductItem({ product }: { product: TShopProduct }) {
  const update = useUpdateProduct();
  const [addingSize, setAddingSize] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = async () => {
    setProblem(null);
    try {
      await update.mutateAsync({
        productId: product.id,
        body: {
          name: product.name,
          category: product.category as TShopCategory,
          description: product.description,
          grade: product.grade,
          active: !product.active,
        },
      });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-label={product.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-lg font-semibold text-slate-900">
          {product.name} <span className="text-sm font-normal text-slate-600">· {product.categoryLabel}</span>{' '}
          {product.active ? null : <Badge>Not on sale</Badge>}
        </p>
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" onClick={() => setAddingSize(true)}>
            Add size
          </Button>
          <Button size="sm" variant="ghost" disabled={update.isPending} onClick={() => void toggle()}>
            {product.active ? 'Take off sale' : 'Put on sale'}
          </Button>
        </div>
      </div>
      {addingSize ? <NewVariant productId={product.id} onDone={() => setAddingSize(false)} /> : null}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[34rem] text-left text-sm">
          <caption className="sr-only">Sizes of {product.name}</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Size
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Price
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                In stock
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Low-stock level
              </th>
              <th scope="col" className="py-1 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {product.variants.map((variant) => (
              <VariantRow key={variant.id} product={product} variant={variant} />
            ))}
          </tbody>
        </table>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </li>
  );
}

function VariantRow({ product, variant }: { product: TShopProduct; variant: TShopVariant }) {
  const [open, setOpen] = useState<'stock' | 'edit' | null>(null);
  const name = `${product.name} ${variant.label}`;
  return (
    <>
      <tr className="border-t border-slate-100">
        <th scope="row" className="py-2 pr-3 font-semibold text-slate-900">
          {variant.label} {variant.active ? null : <Badge>Not on sale</Badge>}
        </th>
        <td className="py-2 pr-3">{formatZar(variant.priceCents)}</td>
        <td className="py-2 pr-3">
          {variant.stock}{' '}
          {variant.lowStock ? <Badge className="bg-amber-100 text-amber-900">Low</Badge> : null}
        </td>
        <td className="py-2 pr-3">{variant.lowStockThreshold}</td>
        <td className="py-2 text-right whitespace-nowrap">
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={open === 'stock'}
            aria-label={`Stock of ${name}`}
            onClick={() => setOpen(open === 'stock' ? null : 'stock')}
          >
            Stock
          </Button>{' '}
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={open === 'edit'}
            aria-label={`Edit ${name}`}
            onClick={() => setOpen(open === 'edit' ? null : 'edit')}
          >
            Edit
          </Button>
        </td>
      </tr>
      {open ? (
        <tr>
          <td colSpan={5} className="pb-3">
            {open === 'stock' ? (
              <StockPanel variant={variant} name={name} />
            ) : (
              <EditVariant variant={variant} name={name} onDone={() => setOpen(null)} />
            )}
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** Receive a delivery, record a return, or correct the count (with a reason); and the history. */
function StockPanel({ variant, name }: { variant: TShopVariant; name: string }) {
  const id = useId();
  const record = useRecordMovement();
  const history = useQuery(movementsQuery(variant.id));
  const [kind, setKind] = useState<'received' | 'returned' | 'adjusted'>('received');
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFields({});
    setProblem(null);
    setDone(null);
    try {
      const answer = await record.mutateAsync({
        variantId: variant.id,
        body: { kind, quantity: Number(quantity.trim() || Number.NaN), reason },
      });
      setQuantity('');
      setReason('');
      setDone(`${name}: ${answer.variant.stock} in stock.`);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      setProblem(errorMessage(error));
    }
  };
  return (
    <div className="space-y-3 rounded-lg bg-slate-50 p-3">
      <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => void submit(e)} aria-label={`Stock of ${name}`}>
        <FormField id={`${id}-kind`} label="What happened" className="min-w-40">
          <NativeSelect value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
            <option value="received">Received from the supplier</option>
            <option value="returned">Returned by a family</option>
            <option value="adjusted">Adjust the count</option>
          </NativeSelect>
        </FormField>
        <FormField
          id={`${id}-qty`}
          label={kind === 'adjusted' ? 'Change (e.g. -2)' : 'How many'}
          error={fields.quantity}
          className="w-32"
        >
          <Input inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
        </FormField>
        <FormField
          id={`${id}-reason`}
          label={kind === 'adjusted' ? 'Reason' : 'Note'}
          optional={kind !== 'adjusted'}
          error={fields.reason}
          className="min-w-48 flex-1"
        >
          <Input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} />
        </FormField>
        <Button type="submit" size="sm" disabled={record.isPending}>
          {kind === 'received' ? 'Receive stock' : kind === 'returned' ? 'Record return' : 'Adjust stock'}
        </Button>
      </form>
      {done ? (
        <p role="status" className="text-sm text-slate-800">
          {done}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {history.data && history.data.movements.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-sm font-semibold text-slate-800">Stock history</summary>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {history.data.movements.map((m) => (
              <li key={m.id}>
                {dateTimeOf(m.at)} · {m.kindLabel} {m.quantity > 0 ? `+${m.quantity}` : m.quantity}
                {m.orderReference ? ` · order ${m.orderReference}` : ''}
                {m.reason && !m.orderReference ? ` · ${m.reason}` : ''}
                {m.by ? ` · ${m.by}` : ''}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function EditVariant({ variant, name, onDone }: { variant: TShopVariant; name: string; onDone: () => void }) {
  const id = useId();
  const update = useUpdateVariant();
  const [label, setLabel] = useState(variant.label);
  const [price, setPrice] = useState(centsToRandInput(variant.priceCents));
  const [low, setLow] = useState(String(variant.lowStockThreshold));
  const [active, setActive] = useState(variant.active);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFields({});
    setProblem(null);
    try {
      await update.mutateAsync({
        variantId: variant.id,
        body: {
          label,
          priceCents: randInputToCents(price) ?? Number.NaN,
          lowStockThreshold: Number(low),
          active,
        },
      });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      setProblem(errorMessage(error));
    }
  };
  return (
    <form
      className="flex flex-wrap items-end gap-2 rounded-lg bg-slate-50 p-3"
      onSubmit={(e) => void submit(e)}
      aria-label={`Edit ${name}`}
    >
      <FormField id={`${id}-label`} label="Size" error={fields.label} className="w-28">
        <Input value={label} onChange={(e) => setLabel(e.target.value)} maxLength={40} />
      </FormField>
      <FormField id={`${id}-price`} label="Price (R)" error={fields.priceCents} className="w-32">
        <Input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
      </FormField>
      <FormField id={`${id}-low`} label="Low-stock level" error={fields.lowStockThreshold} className="w-32">
        <Input inputMode="numeric" value={low} onChange={(e) => setLow(e.target.value)} />
      </FormField>
      <CheckboxField
        id={`${id}-active`}
        label="On sale"
        checked={active}
        onChange={(e) => setActive(e.target.checked)}
      />
      <Button type="submit" size="sm" disabled={update.isPending}>
        Save
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onDone}>
        Back
      </Button>
      {problem ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function NewVariant({ productId, onDone }: { productId: string; onDone: () => void }) {
  const id = useId();
  const add = useAddVariant();
  const [label, setLabel] = useState('');
  const [price, setPrice] = useState('');
  const [low, setLow] = useState('5');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFields({});
    setProblem(null);
    try {
      await add.mutateAsync({
        productId,
        body: { label, priceCents: randInputToCents(price) ?? Number.NaN, lowStockThreshold: Number(low) },
      });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      setProblem(errorMessage(error));
    }
  };
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => void submit(e)} aria-label="New size">
      <FormField id={`${id}-label`} label="Size" error={fields.label} className="w-28">
        <Input value={label} onChange={(e) => setLabel(e.target.value)} maxLength={40} />
      </FormField>
      <FormField id={`${id}-price`} label="Price (R)" error={fields.priceCents} className="w-32">
        <Input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
      </FormField>
      <FormField id={`${id}-low`} label="Low-stock level" error={fields.lowStockThreshold} className="w-32">
        <Input inputMode="numeric" value={low} onChange={(e) => setLow(e.target.value)} />
      </FormField>
      <Button type="submit" size="sm" disabled={add.isPending}>
        Add size
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onDone}>
        Back
      </Button>
      {problem ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

/** A new product: what it is, and its sizes (one price for all; each size can be edited after). */
function NewProduct({ onDone }: { onDone: () => void }) {
  const id = useId();
  const create = useCreateProduct();
  const [name, setName] = useState('');
  const [category, setCategory] = useState<TShopCategory>('uniform');
  const [grade, setGrade] = useState('');
  const [description, setDescription] = useState('');
  const [sizes, setSizes] = useState('');
  const [price, setPrice] = useState('');
  const [low, setLow] = useState('5');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFields({});
    setProblem(null);
    const labels = sizes
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const priceCents = randInputToCents(price) ?? Number.NaN;
    try {
      await create.mutateAsync({
        name,
        category,
        description,
        grade: grade === '' ? null : Number(grade),
        variants: (labels.length ? labels : ['One size']).map((label) => ({
          label,
          priceCents,
          lowStockThreshold: Number(low),
        })),
      });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      setProblem(errorMessage(error));
    }
  };
  return (
    <form
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
      onSubmit={(e) => void submit(e)}
      aria-label="New product"
      noValidate
    >
      <h3 className="text-lg font-semibold text-slate-900">New product</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Name" error={fields.name}>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />
        </FormField>
        <FormField id={`${id}-category`} label="Category" error={fields.category}>
          <NativeSelect value={category} onChange={(e) => setCategory(e.target.value as TShopCategory)}>
            {SHOP_CATEGORIES.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id={`${id}-sizes`}
          label="Sizes"
          optional
          hint="Separated by commas, e.g. 28, 30, 32 or S, M, L, XL. Empty: one size."
          error={fields.variants}
        >
          <Input value={sizes} onChange={(e) => setSizes(e.target.value)} />
        </FormField>
        <FormField id={`${id}-price`} label="Price (R)" error={fields['variants.0.priceCents'] ?? fields.priceCents}>
          <Input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
        </FormField>
        <FormField id={`${id}-low`} label="Low-stock level" hint="You are told when a sale takes a size to this level.">
          <Input inputMode="numeric" value={low} onChange={(e) => setLow(e.target.value)} />
        </FormField>
        <FormField
          id={`${id}-grade`}
          label="For grade"
          optional
          hint="For a stationery pack: only parents of that grade see it."
          error={fields.grade}
        >
          <NativeSelect value={grade} onChange={(e) => setGrade(e.target.value)}>
            <option value="">Every grade</option>
            {Array.from({ length: 13 }, (_, g) => (
              <option key={g} value={g}>
                {g === 0 ? 'Grade R' : `Grade ${g}`}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField id={`${id}-description`} label="Description" optional error={fields.description}>
        <Textarea value={description} onChange={(e) => setDescription(e.target.value)} maxLength={1000} rows={2} />
      </FormField>
      <p className="text-sm text-slate-600">New sizes start with no stock: receive stock once the product is saved.</p>
      <div className="flex gap-2">
        <Button type="submit" disabled={create.isPending}>
          Save product
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Back
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
