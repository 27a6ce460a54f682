import { and, eq, sql } from 'drizzle-orm';
import {
  SCHOOL_SHOP_MESSAGES as M,
  stockMovementLabel,
  type ZShopProductInput,
  type ZShopProductUpdate,
  type ZShopVariantInput,
  type ZStockMovementInput,
} from '@sekolo/shared/schemas/school-shop';
import type { z } from 'zod';
import { rowsOf, type DbExecutor } from '../../../platform/db/client.ts';
import { schoolShopProducts, schoolShopStockMovements, schoolShopVariants } from '../../../platform/db/schema/index.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../../platform/http/errors.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { lowStockItems, productViews, stockSql, variantById } from '../lib/views.ts';

export async function shopOverview(db: DbExecutor, ctx: TSchoolContext) {
  return {
    products: await productViews(db, ctx.organizationId),
    lowStock: await lowStockItems(db, ctx.organizationId),
  };
}

async function productOf(db: DbExecutor, ctx: TSchoolContext, productId: string) {
  const [product] = await productViews(db, ctx.organizationId, { productId });
  if (!product) throw notFound(M.productNotFound);
  return product;
}

/** A product with its variants; every variant starts with no stock (stock arrives as 'received'). */
export async function createProduct(db: DbExecutor, ctx: TSchoolContext, input: z.output<typeof ZShopProductInput>) {
  try {
    const id = await transaction(db, async (tx) => {
      const [product] = await tx
        .insert(schoolShopProducts)
        .values({
          organizationId: ctx.organizationId,
          name: input.name,
          category: input.category,
          description: input.description,
          grade: input.grade,
          active: input.active,
        })
        .returning({ id: schoolShopProducts.id });
      await tx.insert(schoolShopVariants).values(
        input.variants.map((v, position) => ({
          organizationId: ctx.organizationId,
          productId: product!.id,
          label: v.label,
          position,
          priceCents: v.priceCents,
          lowStockThreshold: v.lowStockThreshold,
          active: v.active,
        })),
      );
      await recordAudit(tx, {
        action: 'school_shop.product_created',
        actorUserId: ctx.user.id,
        target: `school_shop_product:${product!.id}`,
        ip: ctx.ip,
        details: { organizationId: ctx.organizationId, variants: input.variants.length },
      });
      return product!.id;
    });
    return productOf(db, ctx, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.productExists);
    throw error;
  }
}

export async function updateProduct(
  db: DbExecutor,
  ctx: TSchoolContext,
  productId: string,
  input: z.output<typeof ZShopProductUpdate>,
) {
  try {
    const [updated] = await db
      .update(schoolShopProducts)
      .set({ ...input, updatedAt: new Date() })
      .where(and(eq(schoolShopProducts.id, productId), eq(schoolShopProducts.organizationId, ctx.organizationId)))
      .returning({ id: schoolShopProducts.id });
    if (!updated) throw notFound(M.productNotFound);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.productExists);
    throw error;
  }
  return productOf(db, ctx, productId);
}

export async function addVariant(
  db: DbExecutor,
  ctx: TSchoolContext,
  productId: string,
  input: z.output<typeof ZShopVariantInput>,
) {
  await productOf(db, ctx, productId);
  try {
    const [variant] = await db
      .insert(schoolShopVariants)
      .values({
        organizationId: ctx.organizationId,
        productId,
        label: input.label,
        position: sql`(select coalesce(max(position) + 1, 0) from school_shop_variants where product_id = ${productId}::uuid)`,
        priceCents: input.priceCents,
        lowStockThreshold: input.lowStockThreshold,
        active: input.active,
      })
      .returning({ id: schoolShopVariants.id });
    return variantById(db, ctx.organizationId, variant!.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.variantExists);
    throw error;
  }
}

/** A variant's label, price, low-stock level and whether it is on sale; never its stock. */
export async function updateVariant(
  db: DbExecutor,
  ctx: TSchoolContext,
  variantId: string,
  input: z.output<typeof ZShopVariantInput>,
) {
  try {
    const [updated] = await db
      .update(schoolShopVariants)
      .set({ ...input, updatedAt: new Date() })
      .where(and(eq(schoolShopVariants.id, variantId), eq(schoolShopVariants.organizationId, ctx.organizationId)))
      .returning({ id: schoolShopVariants.id });
    if (!updated) throw notFound(M.variantNotFound);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.variantExists);
    throw error;
  }
  return variantById(db, ctx.organizationId, variantId);
}

/**
 * Records stock received, returned or adjusted (with its reason). The variant's row is locked, so
 * an adjustment and an order never both take the last item; the stock never goes below zero.
 */
export async function recordMovement(
  db: DbExecutor,
  ctx: TSchoolContext,
  variantId: string,
  input: z.output<typeof ZStockMovementInput>,
) {
  await transaction(db, async (tx) => {
    const [variant] = await tx
      .select({ id: schoolShopVariants.id })
      .from(schoolShopVariants)
      .where(and(eq(schoolShopVariants.id, variantId), eq(schoolShopVariants.organizationId, ctx.organizationId)))
      .for('update');
    if (!variant) throw notFound(M.variantNotFound);
    if (input.quantity < 0) {
      const [row] = rowsOf<{ stock: string }>(await tx.execute(sql`select ${stockSql(sql`${variantId}::uuid`)} as stock`));
      const stock = Number(row!.stock);
      if (stock + input.quantity < 0) throw badRequest(M.belowZero(stock), { quantity: M.belowZero(stock) });
    }
    const [movement] = await tx
      .insert(schoolShopStockMovements)
      .values({
        organizationId: ctx.organizationId,
        variantId,
        kind: input.kind,
        quantity: input.quantity,
        reason: input.reason,
        createdBy: ctx.user.id,
      })
      .returning({ id: schoolShopStockMovements.id });
    await recordAudit(tx, {
      action: `school_shop.stock_${input.kind}`,
      actorUserId: ctx.user.id,
      target: `school_shop_variant:${variantId}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, quantity: input.quantity, movementId: movement!.id },
    });
  });
  return variantById(db, ctx.organizationId, variantId);
}

/** A variant's stock and its movements, newest first (the last 200). */
export async function variantMovements(db: DbExecutor, ctx: TSchoolContext, variantId: string) {
  const variant = await variantById(db, ctx.organizationId, variantId);
  const rows = rowsOf<{
    id: string;
    kind: string;
    quantity: number;
    reason: string;
    reference: string | null;
    by: string | null;
    created_at: Date | string;
  }>(
    await db.execute(sql`select m.id, m.kind, m.quantity, m.reason, o.reference, u.name as by, m.created_at
      from school_shop_stock_movements m
      left join school_shop_orders o on o.id = m.order_id
      left join users u on u.id = m.created_by
      where m.variant_id = ${variantId}::uuid and m.organization_id = ${ctx.organizationId}::uuid
      order by m.created_at desc, m.id limit 200`),
  );
  return {
    stock: variant.stock,
    movements: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      kindLabel: stockMovementLabel(r.kind),
      quantity: Number(r.quantity),
      reason: r.reason,
      orderReference: r.reference,
      by: r.by,
      at: new Date(r.created_at).toISOString(),
    })),
  };
}
