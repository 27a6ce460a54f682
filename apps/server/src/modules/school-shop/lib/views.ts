import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { schoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import {
  SCHOOL_SHOP_MESSAGES as M,
  shopCategoryLabel,
  shopOrderStatusLabel,
  type TLowStockItem,
  type TShopOrder,
  type TShopOrderStatus,
  type TShopProduct,
  type TShopVariant,
} from '@sekolo/shared/schemas/school-shop';
import { rowsOf, type DbExecutor } from '../../../platform/db/client.ts';
import { notFound } from '../../../platform/http/errors.ts';

// Crockford base32 without I, L, O, U: easy to read out at the counter.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newOrderReference(): string {
  let code = '';
  for (const byte of randomBytes(7)) code += ALPHABET[byte % 32];
  return `SH-${code}`;
}

/** A variant's stock: the sum of its movements. */
export const stockSql = (variantId: SQL) =>
  sql`coalesce((select sum(sm.quantity) from school_shop_stock_movements sm where sm.variant_id = ${variantId}), 0)`;

type TVariantRow = {
  id: string;
  product_id: string;
  label: string;
  price_cents: number;
  low_stock_threshold: number;
  active: boolean;
  stock: string;
};

export function variantView(row: TVariantRow): TShopVariant {
  const stock = Number(row.stock);
  return {
    id: row.id,
    label: row.label,
    priceCents: Number(row.price_cents),
    payCents: schoolPaymentBreakdown(Number(row.price_cents)).parentPaysCents,
    stock,
    lowStockThreshold: Number(row.low_stock_threshold),
    lowStock: row.active && stock <= Number(row.low_stock_threshold),
    active: row.active,
  };
}

const variantColumns = sql`v.id, v.product_id, v.label, v.price_cents, v.low_stock_threshold, v.active, ${stockSql(sql`v.id`)} as stock`;

export async function variantById(db: DbExecutor, organizationId: string, variantId: string): Promise<TShopVariant> {
  const [row] = rowsOf<TVariantRow>(
    await db.execute(sql`select ${variantColumns} from school_shop_variants v
      where v.id = ${variantId}::uuid and v.organization_id = ${organizationId}::uuid`),
  );
  if (!row) throw notFound(M.variantNotFound);
  return variantView(row);
}

/** The school's products with their variants and stock; only what is on sale for a parent. */
export async function productViews(
  db: DbExecutor,
  organizationId: string,
  options: { onSaleOnly?: boolean; productId?: string } = {},
): Promise<TShopProduct[]> {
  const onSale = options.onSaleOnly ? sql`and p.active` : sql``;
  const one = options.productId ? sql`and p.id = ${options.productId}::uuid` : sql``;
  const products = rowsOf<{
    id: string;
    name: string;
    category: string;
    description: string;
    grade: number | null;
    active: boolean;
  }>(
    await db.execute(sql`select p.id, p.name, p.category, p.description, p.grade, p.active from school_shop_products p
      where p.organization_id = ${organizationId}::uuid ${onSale} ${one}
      order by case p.category when 'uniform' then 1 when 'sportswear' then 2 when 'stationery' then 3 else 4 end,
        p.grade nulls first, p.name`),
  );
  if (products.length === 0) return [];
  const variants = rowsOf<TVariantRow>(
    await db.execute(sql`select ${variantColumns} from school_shop_variants v
      join school_shop_products p on p.id = v.product_id
      where v.organization_id = ${organizationId}::uuid ${onSale} ${one} ${options.onSaleOnly ? sql`and v.active` : sql``}
      order by v.position, v.created_at`),
  );
  return products
    .map((p) => ({
      id: p.id,
      name: p.name,
      category: p.category,
      categoryLabel: shopCategoryLabel(p.category),
      description: p.description,
      grade: p.grade === null ? null : Number(p.grade),
      active: p.active,
      variants: variants.filter((v) => v.product_id === p.id).map(variantView),
    }))
    .filter((p) => !options.onSaleOnly || p.variants.length > 0);
}

/** Variants on sale at or below their low-stock level, the emptiest first. */
export async function lowStockItems(db: DbExecutor, organizationId: string): Promise<TLowStockItem[]> {
  const rows = rowsOf<{ id: string; name: string; label: string; stock: string; low_stock_threshold: number }>(
    await db.execute(sql`select * from (
        select v.id, p.name, v.label, v.low_stock_threshold, ${stockSql(sql`v.id`)} as stock
        from school_shop_variants v join school_shop_products p on p.id = v.product_id
        where v.organization_id = ${organizationId}::uuid and v.active and p.active) x
      where x.stock <= x.low_stock_threshold
      order by x.stock, x.name, x.label`),
  );
  return rows.map((r) => ({
    variantId: r.id,
    productName: r.name,
    label: r.label,
    stock: Number(r.stock),
    lowStockThreshold: Number(r.low_stock_threshold),
  }));
}

type TOrderRow = {
  id: string;
  reference: string;
  learner_id: string;
  learner_name: string;
  grade: number;
  ordered_by: string | null;
  guardian_name: string;
  payment: 'online' | 'account';
  status: TShopOrderStatus;
  total_cents: number;
  hold_expires_at: Date | string | null;
  invoice_number: string | null;
  created_at: Date | string;
  paid_at: Date | string | null;
  ready_at: Date | string | null;
  collected_at: Date | string | null;
  collected_by: string | null;
  cancelled_at: Date | string | null;
  cancel_reason: string | null;
  refunded_cents: number;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Whether the parent may still cancel: unpaid, or paid / on account before the shop starts packing. */
export const parentMayCancel = (status: string) => ['awaiting_payment', 'paid', 'on_account'].includes(status);

/** Orders with their lines, newest first (at most 500). */
export async function orderViews(db: DbExecutor, where: SQL): Promise<TShopOrder[]> {
  const rows = rowsOf<TOrderRow>(
    await db.execute(sql`
      select o.id, o.reference, o.learner_id,
        coalesce(nullif(l.preferred_name, ''), l.first_name) || ' ' || l.last_name as learner_name, l.grade,
        u.name as ordered_by, g.first_name || ' ' || g.last_name as guardian_name,
        o.payment, o.status, o.total_cents, o.hold_expires_at, i.number as invoice_number, o.created_at, o.paid_at,
        o.ready_at, o.collected_at, o.collected_by, o.cancelled_at, o.cancel_reason, o.refunded_cents
      from school_shop_orders o
      join learners l on l.id = o.learner_id
      join guardians g on g.id = o.guardian_id
      left join users u on u.id = o.ordered_by_user_id
      left join fee_invoices i on i.id = o.invoice_id
      where ${where}
      order by o.created_at desc, o.reference
      limit 500`),
  );
  if (rows.length === 0) return [];
  const lines = rowsOf<{
    order_id: string;
    product_name: string;
    variant_label: string;
    quantity: number;
    unit_price_cents: number;
    amount_cents: number;
  }>(
    await db.execute(sql`select order_id, product_name, variant_label, quantity, unit_price_cents, amount_cents
      from school_shop_order_lines where order_id in (${sql.join(
        rows.map((r) => sql`${r.id}::uuid`),
        sql`, `,
      )}) order by product_name, variant_label`),
  );
  const now = Date.now();
  return rows.map((r) => {
    const total = Number(r.total_cents);
    return {
      id: r.id,
      reference: r.reference,
      learner: { id: r.learner_id, name: r.learner_name, grade: Number(r.grade) },
      orderedBy: r.ordered_by ?? r.guardian_name,
      payment: r.payment,
      status: r.status,
      statusLabel: shopOrderStatusLabel(r.status),
      totalCents: total,
      payCents: r.payment === 'online' ? schoolPaymentBreakdown(total).parentPaysCents : total,
      lines: lines
        .filter((l) => l.order_id === r.id)
        .map((l) => ({
          productName: l.product_name,
          variantLabel: l.variant_label,
          quantity: Number(l.quantity),
          unitPriceCents: Number(l.unit_price_cents),
          amountCents: Number(l.amount_cents),
        })),
      invoiceNumber: r.invoice_number,
      createdAt: iso(r.created_at)!,
      paidAt: iso(r.paid_at),
      readyAt: iso(r.ready_at),
      collectedAt: iso(r.collected_at),
      collectedBy: r.collected_by,
      cancelledAt: iso(r.cancelled_at),
      cancelReason: r.cancel_reason,
      refundedCents: Number(r.refunded_cents),
      canPay:
        r.status === 'awaiting_payment' && r.hold_expires_at !== null && new Date(r.hold_expires_at).getTime() > now,
      canCancel: parentMayCancel(r.status),
    };
  });
}

export async function orderView(db: DbExecutor, organizationId: string, orderId: string): Promise<TShopOrder> {
  const [view] = await orderViews(
    db,
    sql`o.id = ${orderId}::uuid and o.organization_id = ${organizationId}::uuid`,
  );
  if (!view) throw notFound(M.orderNotFound);
  return view;
}
