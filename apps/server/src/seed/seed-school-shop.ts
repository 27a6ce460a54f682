import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TShopCategory, TShopOrderStatus } from '@sekolo/shared/schemas/school-shop';
import { rowsOf, type DbExecutor } from '../platform/db/client.ts';
import {
  guardians,
  learnerGuardians,
  learners,
  schoolShopOrderLines,
  schoolShopOrders,
  schoolShopProducts,
  schoolShopStockMovements,
  schoolShopVariants,
  users,
} from '../platform/db/schema/index.ts';
import { transaction } from '../platform/db/transaction.ts';
import { ensureOrganizationWithMember } from '../platform/tenancy/organizations.ts';
import { createUser } from '../test/factories/accounts.ts';
import { chargeFamilyAccount } from '../modules/finance/index.ts';
import { createOrder, creditOrder } from '../modules/payments/index.ts';
import { SCHOOL_SHOP_PURPOSE } from '../modules/school-shop/index.ts';
import { findDemoSchoolId } from './demo-school.ts';
import { DEMO_SCHOOL } from './seed-accounts.ts';
import type { TSeeder } from './seeder.ts';

export const DEMO_SHOP_MANAGER = {
  email: 'shop@demo-school.sekolo.test',
  firstName: 'Gugu',
  lastName: 'Mahlangu',
};

type TDemoProduct = {
  name: string;
  category: TShopCategory;
  description: string;
  grade?: number;
  /** [label, price in cents, stock received, low-stock level] */
  variants: [string, number, number, number][];
};

const sizes = (labels: string[], price: number, stock: number, low: number): TDemoProduct['variants'] =>
  labels.map((label) => [label, price, stock, low]);

/** Demo High's uniform and stationery: prices of a Gauteng public high school's shop. */
export const DEMO_SHOP_PRODUCTS: TDemoProduct[] = [
  {
    name: 'School blazer',
    category: 'uniform',
    description: 'Bottle-green wool-blend blazer with the embroidered school badge. Sizes are chest sizes in inches.',
    variants: [
      ...sizes(['28', '30', '32', '34', '36', '38', '40', '42'], 69_500, 8, 2),
      // Nearly out: the low-stock list shows it.
      ['44', 69_500, 1, 2],
    ],
  },
  {
    name: 'School shirt (short sleeve)',
    category: 'uniform',
    description: 'White short-sleeve shirt, easy-iron poly-cotton.',
    variants: sizes(['S', 'M', 'L', 'XL'], 18_900, 30, 5),
  },
  {
    name: 'Grey trousers',
    category: 'uniform',
    description: 'Charcoal-grey school trousers with an adjustable waist. Sizes are waist sizes in centimetres.',
    variants: sizes(['66', '71', '76', '81', '86', '91'], 24_500, 12, 3),
  },
  {
    name: 'School tie',
    category: 'uniform',
    description: 'Green and gold striped tie.',
    // Low: four left with a low-stock level of five.
    variants: [['One size', 12_000, 4, 5]],
  },
  {
    name: 'School jersey',
    category: 'uniform',
    description: 'V-neck bottle-green jersey with gold trim, machine washable.',
    variants: sizes(['S', 'M', 'L', 'XL'], 32_000, 15, 3),
  },
  {
    name: 'School tracksuit',
    category: 'sportswear',
    description: 'Green and gold tracksuit (top and pants) for sport days and away matches.',
    variants: sizes(['S', 'M', 'L', 'XL'], 56_000, 10, 2),
  },
  {
    name: 'PE shirt',
    category: 'sportswear',
    description: 'Gold moisture-wicking shirt for physical education.',
    variants: sizes(['S', 'M', 'L', 'XL'], 15_500, 25, 5),
  },
  ...[
    [8, 48_500],
    [9, 49_500],
    [10, 52_000],
    [11, 53_500],
    [12, 54_500],
  ].map(([grade, price]) => ({
    name: `Grade ${grade} stationery pack`,
    category: 'stationery' as const,
    description:
      grade === 8
        ? 'Exercise books, a maths set, a scientific calculator, pens, pencils, a ruler, glue and a flip file: the Grade 8 list.'
        : `Exercise books, pens, pencils, highlighters, a flip file and the Grade ${grade} subject extras on the school's list.`,
    grade,
    variants: [[`Grade ${grade}`, price!, 20, 4]] as TDemoProduct['variants'],
  })),
];

type TDemoOrder = {
  reference: string;
  admission: string;
  /** The demo parent's own order (their guardian record and login). */
  demoParent?: boolean;
  payment: 'online' | 'account';
  status: Extract<TShopOrderStatus, 'paid' | 'on_account' | 'packing' | 'ready' | 'collected'>;
  lines: [product: string, label: string, quantity: number][];
  collectedBy?: string;
};

/** Orders in each of the shop's steps; the demo parent's blazer is waiting for collection. */
export const DEMO_SHOP_ORDERS: TDemoOrder[] = [
  {
    reference: 'SH-DEMO001',
    admission: 'DHS-0001',
    demoParent: true,
    payment: 'online',
    status: 'ready',
    lines: [
      ['School blazer', '34', 1],
      ['School tie', 'One size', 1],
    ],
  },
  {
    reference: 'SH-DEMO002',
    admission: 'DHS-0005',
    payment: 'account',
    status: 'packing',
    lines: [
      ['School shirt (short sleeve)', 'M', 2],
      ['Grey trousers', '76', 1],
    ],
  },
  {
    reference: 'SH-DEMO003',
    admission: 'DHS-0010',
    payment: 'online',
    status: 'paid',
    lines: [['School tracksuit', 'L', 1]],
  },
  {
    reference: 'SH-DEMO004',
    admission: 'DHS-0015',
    payment: 'account',
    status: 'collected',
    lines: [['School jersey', 'M', 1]],
    collectedBy: 'The learner',
  },
  {
    reference: 'SH-DEMO005',
    admission: 'DHS-0003',
    payment: 'account',
    status: 'on_account',
    lines: [
      ['PE shirt', 'S', 2],
      ['School blazer', '30', 1],
    ],
  },
];

async function ensureManager(db: DbExecutor, demoPassword: string) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_SHOP_MANAGER.email));
  if (existing) return;
  await transaction(db, async (tx) => {
    const user = await createUser(tx, {
      ...DEMO_SHOP_MANAGER,
      password: demoPassword,
      role: 'school_shop_manager',
      status: 'active',
      emailVerified: true,
    });
    await ensureOrganizationWithMember(tx, { ...DEMO_SCHOOL, userId: user.id, role: 'school_shop_manager' });
  });
}

/**
 * Demo High's school shop: the shop manager's login, uniform in sizes and a stationery pack per
 * grade with stock received (two variants low), and orders in each step of the shop's work, one of
 * them the demo parent's, ready for collection. Orders on account are charged to the family account
 * as the shop does (finance's one-off charge); paid ones went through the checkout. Idempotent:
 * products and orders are matched by name and reference.
 */
export const seedSchoolShop: TSeeder = async ({ database, config, demoPassword }) => {
  const db = database.db;
  const schoolId = await findDemoSchoolId(db);
  if (!schoolId) return [];
  await ensureManager(db, demoPassword);
  const login = { role: 'school_shop_manager', email: DEMO_SHOP_MANAGER.email };
  const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_SHOP_MANAGER.email));

  await transaction(db, async (tx) => {
    for (const product of DEMO_SHOP_PRODUCTS) {
      const [created] = await tx
        .insert(schoolShopProducts)
        .values({
          organizationId: schoolId,
          name: product.name,
          category: product.category,
          description: product.description,
          grade: product.grade ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: schoolShopProducts.id });
      if (!created) continue;
      const variants = await tx
        .insert(schoolShopVariants)
        .values(
          product.variants.map(([label, priceCents, , lowStockThreshold], position) => ({
            organizationId: schoolId,
            productId: created.id,
            label,
            position,
            priceCents,
            lowStockThreshold,
          })),
        )
        .returning({ id: schoolShopVariants.id, label: schoolShopVariants.label });
      await tx.insert(schoolShopStockMovements).values(
        variants.map((v) => ({
          organizationId: schoolId,
          variantId: v.id,
          kind: 'received',
          quantity: product.variants.find(([label]) => label === v.label)![2],
          reason: 'Opening stock from the supplier',
          createdBy: manager?.id ?? null,
        })),
      );
    }
  });

  const [parentUser] = await db.select().from(users).where(eq(users.email, 'parent@demo-school.sekolo.test'));
  const done = new Set(
    (
      await db
        .select({ reference: schoolShopOrders.reference })
        .from(schoolShopOrders)
        .where(
          inArray(
            schoolShopOrders.reference,
            DEMO_SHOP_ORDERS.map((o) => o.reference),
          ),
        )
    ).map((o) => o.reference),
  );
  for (const demo of DEMO_SHOP_ORDERS) {
    if (done.has(demo.reference)) continue;
    await seedOrder(db, { config, database }, schoolId, demo, parentUser?.id ?? null, manager?.id ?? null);
  }
  return [login];
};

async function seedOrder(
  db: DbExecutor,
  deps: Parameters<typeof createOrder>[0],
  schoolId: string,
  demo: TDemoOrder,
  parentUserId: string | null,
  managerId: string | null,
) {
  const [learner] = await db
    .select()
    .from(learners)
    .where(and(eq(learners.organizationId, schoolId), eq(learners.admissionNumber, demo.admission)));
  if (!learner) return;
  // The learner's paying guardian (the demo parent for Kabelo).
  const [guardian] = await db
    .select({ id: guardians.id, userId: guardians.userId })
    .from(learnerGuardians)
    .innerJoin(guardians, eq(guardians.id, learnerGuardians.guardianId))
    .where(
      and(
        eq(learnerGuardians.learnerId, learner.id),
        demo.demoParent && parentUserId ? eq(guardians.userId, parentUserId) : sql`true`,
      ),
    )
    .orderBy(sql`${learnerGuardians.paysFees} desc`, learnerGuardians.createdAt)
    .limit(1);
  if (!guardian) return;
  const variants = rowsOf<{ id: string; name: string; label: string; price_cents: number }>(
    await db.execute(sql`select v.id, p.name, v.label, v.price_cents from school_shop_variants v
      join school_shop_products p on p.id = v.product_id where v.organization_id = ${schoolId}::uuid`),
  );
  const lines = demo.lines.map(([name, label, quantity]) => {
    const variant = variants.find((v) => v.name === name && v.label === label)!;
    return {
      variantId: variant.id,
      productName: name,
      variantLabel: label,
      quantity,
      unitPriceCents: Number(variant.price_cents),
      amountCents: Number(variant.price_cents) * quantity,
    };
  });
  const totalCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const day = 24 * 60 * 60 * 1000;
  const placedAt = new Date(Date.now() - 3 * day);

  let payment: { orderId: string; reference: string } | null = null;
  if (demo.payment === 'online') {
    const { order } = await createOrder(deps, {
      kind: 'basket',
      grossCents: totalCents,
      payeeOrganizationId: schoolId,
      description: `${DEMO_SCHOOL.name}: school shop order ${demo.reference}`,
      returnPath: '/dashboard/parent/shop',
      cancelPath: '/dashboard/parent/shop',
      buyerUserId: guardian.userId,
      context: { purpose: SCHOOL_SHOP_PURPOSE, demoReference: demo.reference },
    });
    await creditOrder(deps.database.db, {
      orderId: order.id,
      provider: 'sandbox',
      providerTransactionId: `sbx_demo_${demo.reference}`,
    });
    payment = { orderId: order.id, reference: order.reference };
  }

  await transaction(db, async (tx) => {
    const [order] = await tx
      .insert(schoolShopOrders)
      .values({
        reference: demo.reference,
        organizationId: schoolId,
        learnerId: learner.id,
        guardianId: guardian.id,
        orderedByUserId: guardian.userId,
        payment: demo.payment,
        status: demo.status,
        totalCents,
        paymentOrderId: payment?.orderId ?? null,
        paymentReference: payment?.reference ?? null,
        paidAt: payment ? placedAt : null,
        packedAt: ['packing', 'ready', 'collected'].includes(demo.status) ? new Date(placedAt.getTime() + day) : null,
        readyAt: ['ready', 'collected'].includes(demo.status) ? new Date(placedAt.getTime() + day) : null,
        collectedAt: demo.status === 'collected' ? new Date(placedAt.getTime() + 2 * day) : null,
        collectedBy: demo.collectedBy ?? null,
        handedOverBy: demo.status === 'collected' ? managerId : null,
        createdAt: placedAt,
        updatedAt: placedAt,
      })
      .returning();
    await tx
      .insert(schoolShopOrderLines)
      .values(lines.map((l) => ({ ...l, organizationId: schoolId, orderId: order!.id })));
    await tx.insert(schoolShopStockMovements).values(
      lines.map((l) => ({
        organizationId: schoolId,
        variantId: l.variantId,
        kind: 'sold',
        quantity: -l.quantity,
        reason: `Order ${demo.reference}`,
        orderId: order!.id,
        createdBy: guardian.userId,
        createdAt: placedAt,
      })),
    );
    if (demo.payment === 'account') {
      const charge = await chargeFamilyAccount(tx, {
        organizationId: schoolId,
        learnerId: learner.id,
        sourceRef: `school-shop:${order!.id}`,
        description: `School shop order ${demo.reference}: ${lines
          .map((l) => `${l.productName} (${l.variantLabel}) × ${l.quantity}`)
          .join(', ')}`,
        amountCents: totalCents,
      });
      if (charge)
        await tx
          .update(schoolShopOrders)
          .set({ invoiceId: charge.invoiceId })
          .where(eq(schoolShopOrders.id, order!.id));
    }
  });
}
