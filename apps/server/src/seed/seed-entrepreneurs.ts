import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import sharp from 'sharp';
import {
  entrepreneurApprovals,
  entrepreneurShops,
  listingImages,
  listings,
  marketplaceOrders,
  marketplaceSellers,
  outboxMessages,
  users,
} from '../platform/db/schema/index.ts';
import { transaction } from '../platform/db/transaction.ts';
import { createFileStorage } from '../modules/uploads/index.ts';
import { createBasketCheckout } from '../modules/payments/basket-checkout.ts';
import { creditOrder } from '../modules/payments/credit-order.ts';
import { requestApproval } from '../modules/entrepreneurs/approvals.ts';
import { advanceSellerOrder } from '../modules/listings/orders.ts';
import { isoWeek, payOut } from '../modules/payouts/index.ts';
import { guardianConfirmAccount, requestPayeeAccountChange } from '../modules/payouts/payee-account.ts';
import { markPayoutsPaid } from '../modules/payouts/payouts.ts';
import { createApprovedEntrepreneur } from '../modules/entrepreneurs/test-fixtures.ts';
import type { TSessionUser } from '../platform/auth/guards.ts';
import type { TSeeder } from './seeder.ts';

export const DEMO_ENTREPRENEUR = {
  email: 'entrepreneur@demo-school.sekolo.test',
  firstName: 'Lerato',
  lastName: 'Mokoena',
  shopName: "Lerato's Beadwork",
  shopSlug: 'leratos-beadwork',
} as const;
/** The consenting guardian: the demo parent (Lindiwe Mokoena, Lerato's mother). */
export const DEMO_GUARDIAN_EMAIL = 'parent@demo-school.sekolo.test';

type TDemoShopListing = { title: string; description: string; priceCents: number; stock: number; colour: string };

const APPROVED: TDemoShopListing[] = [
  {
    title: 'Ndebele beaded bracelet',
    description: 'A hand-beaded bracelet in Ndebele colours and patterns, adjustable with a sliding knot.',
    priceCents: 9_500,
    stock: 12,
    colour: '#b91c1c',
  },
  {
    title: 'Zulu love-letter necklace',
    description: 'A beaded pendant necklace: each colour carries a message, as in a Zulu love letter (ucu).',
    priceCents: 18_000,
    stock: 6,
    colour: '#1d4ed8',
  },
  {
    title: 'Beaded earrings, pair',
    description: 'Light drop earrings in glass seed beads, on hypoallergenic hooks.',
    priceCents: 7_500,
    stock: 15,
    colour: '#047857',
  },
];
const AWAITING: TDemoShopListing = {
  title: 'Beaded keyring with initial',
  description: 'A keyring beaded with the letter of your choice (say which in the order note).',
  priceCents: 4_500,
  stock: 20,
  colour: '#a16207',
};

async function picture(title: string, colour: string) {
  const initials = title
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="${colour}"/><text x="600" y="520" font-size="260" font-family="sans-serif" fill="#ffffff" text-anchor="middle">${initials}</text></svg>`,
  );
  return {
    full: await sharp(svg).webp({ quality: 80 }).toBuffer(),
    thumb: await sharp(svg).resize({ width: 480 }).webp({ quality: 80 }).toBuffer(),
  };
}

/** The shop's bank account: a savings account in Lerato's name that her mother opened with her. */
export const DEMO_SHOP_ACCOUNT = {
  accountHolder: 'Lerato Mokoena',
  bank: 'capitec',
  otherBankName: '',
  accountNumber: '1465029871',
  branchCode: '470010',
  accountType: 'savings',
} as const;

/**
 * A 15-year-old learner entrepreneur (Lerato Mokoena, Grade 10 at the demo school) with her shop
 * "Lerato's Beadwork", approved by her mother, the demo parent; three listings her mother approved,
 * one waiting for her (its approval e-mail is in the outbox) and two orders from the demo customer,
 * paid, collected and completed. Her mother confirmed the shop's bank account from the e-mailed
 * link, and the week's payout of the earnings went to it and was paid by the bank: the payout code's
 * own steps, every cent through the ledger. Runs once: an existing account is left as it is.
 */
export const seedEntrepreneurs: TSeeder = async ({ config, database, mailer, demoPassword }) => {
  const { db } = database;
  const login = { role: 'young_entrepreneur', email: DEMO_ENTREPRENEUR.email };
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ENTREPRENEUR.email));
  if (existing) return [login];
  const [guardian] = await db.select().from(users).where(eq(users.email, DEMO_GUARDIAN_EMAIL));
  const [customer] = await db.select().from(users).where(eq(users.email, 'customer@sekolo.test'));
  if (!guardian || !customer) return [];

  const dateOfBirth = new Date();
  dateOfBirth.setUTCFullYear(dateOfBirth.getUTCFullYear() - 15, 2, 9);
  const { user, organizationId } = await createApprovedEntrepreneur(db, {
    email: DEMO_ENTREPRENEUR.email,
    password: demoPassword,
    firstName: DEMO_ENTREPRENEUR.firstName,
    lastName: DEMO_ENTREPRENEUR.lastName,
    dateOfBirth: dateOfBirth.toISOString().slice(0, 10),
    shopName: DEMO_ENTREPRENEUR.shopName,
    shopSlug: DEMO_ENTREPRENEUR.shopSlug,
    shopDescription:
      'Handmade beaded jewellery from Soweto: bracelets, necklaces and earrings in traditional patterns.',
    shopCategory: 'crafts',
    guardian: { firstName: guardian.firstName, lastName: guardian.lastName, email: guardian.email, relation: 'mother' },
  });
  const approvedAt = new Date(Date.now() - 9 * 86_400_000);
  await db.insert(entrepreneurShops).values({
    organizationId,
    name: DEMO_ENTREPRENEUR.shopName,
    description: 'Handmade beaded jewellery from Soweto: bracelets, necklaces and earrings in traditional patterns.',
    category: 'crafts',
    guardianName: guardian.name,
    guardianEmail: guardian.email,
    status: 'approved',
    approvedAt,
  });
  const decided = {
    status: 'approved' as const,
    decidedAt: approvedAt,
    decidedByUserId: guardian.id,
    decidedVia: 'account',
  };
  await db.insert(entrepreneurApprovals).values({
    organizationId,
    subject: 'shop',
    expiresAt: approvedAt,
    requestedByUserId: user.id,
    requestedAt: new Date(approvedAt.getTime() - 86_400_000),
    ...decided,
  });
  await db.insert(marketplaceSellers).values({
    organizationId,
    partnerTypes: [],
    commissionTier: 'free',
    sellerType: 'young_entrepreneur',
    province: 'gauteng',
    town: 'Soweto',
    tagLine: 'Beaded jewellery, handmade after school',
    about: 'I am in Grade 10 and learnt beadwork from my gogo. Every piece is made by hand in Orlando West.',
  });

  const storage = createFileStorage(config);
  const ids: string[] = [];
  for (const item of [...APPROVED, AWAITING]) {
    const approved = item !== AWAITING;
    const [row] = await db
      .insert(listings)
      .values({
        organizationId,
        title: item.title,
        description: item.description,
        kind: 'product',
        category: 'supplies',
        subcategory: 'art_craft_supplies',
        priceCents: item.priceCents,
        stock: item.stock,
        status: approved ? 'published' : 'draft',
        publishedAt: approved ? approvedAt : null,
      })
      .returning({ id: listings.id });
    ids.push(row!.id);
    const pic = await picture(item.title, item.colour);
    const keys = {
      full: `2026/01/${randomBytes(16).toString('hex')}`,
      thumb: `2026/01/${randomBytes(16).toString('hex')}`,
    };
    await storage.put(keys.full, pic.full, 'image/webp');
    await storage.put(keys.thumb, pic.thumb, 'image/webp');
    await db.insert(listingImages).values({
      listingId: row!.id,
      storageKey: keys.full,
      thumbKey: keys.thumb,
      width: 1200,
      height: 900,
      alt: item.title,
    });
    if (approved)
      await db.insert(entrepreneurApprovals).values({
        organizationId,
        subject: 'listing',
        listingId: row!.id,
        expiresAt: approvedAt,
        requestedByUserId: user.id,
        requestedAt: new Date(approvedAt.getTime() - 3_600_000),
        ...decided,
      });
  }
  // The keyring waits for Lerato's mother: the e-mail with its link is in the outbox.
  await transaction(db, (tx) =>
    requestApproval(
      tx,
      { mailer, publicUrl: config.publicUrl },
      {
        organizationId,
        subject: 'listing',
        listingId: ids[3]!,
        userId: user.id,
      },
    ),
  );

  // Two paid orders from the demo customer, through the real checkout and crediting (ledger journals).
  const buyer = {
    ...customer,
    organization: null,
    permissions: [],
    sessionId: '',
    sessionGeneration: null,
  } as unknown as TSessionUser;
  for (const [n, items] of [
    [{ id: ids[0]!, quantity: 2 }],
    [
      { id: ids[1]!, quantity: 1 },
      { id: ids[2]!, quantity: 1 },
    ],
  ].entries()) {
    const checkout = await createBasketCheckout({ config, database }, buyer, { items }, `demo-beadwork-${n + 1}`);
    await creditOrder(db, {
      orderId: checkout.orderId,
      provider: 'sandbox',
      providerTransactionId: `sbx_demo_beadwork_${n + 1}`,
    });
  }

  // Lerato accepts both orders, has them ready at school and the customer collects them.
  const notices = { mailer, publicUrl: config.publicUrl };
  const sellerOrders = await db
    .select({ id: marketplaceOrders.id })
    .from(marketplaceOrders)
    .where(eq(marketplaceOrders.sellerOrganizationId, organizationId));
  for (const order of sellerOrders)
    for (const step of ['accepted', 'ready', 'completed'] as const)
      await advanceSellerOrder(db, notices, { userId: user.id, organizationId }, order.id, step);

  // Lerato enters the bank account; only her mother's e-mailed link confirms it.
  const payee = { organizationId, name: DEMO_ENTREPRENEUR.shopName, type: 'shop' as const };
  await requestPayeeAccountChange(
    db,
    mailer,
    config.publicUrl,
    payee,
    { userId: user.id, email: user.email, ip: null },
    DEMO_SHOP_ACCOUNT,
  );
  const [confirmMail] = await db
    .select({ text: outboxMessages.text })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, guardian.email), eq(outboxMessages.tag, 'payout-account-guardian-confirm')))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  const link = /https?:\/\/\S+\?token=\S+/.exec(confirmMail?.text ?? '')?.[0];
  if (!link) throw new Error('The guardian’s confirmation mail for the shop’s bank account was not written.');
  await guardianConfirmAccount(db, mailer, new URL(link).searchParams.get('token')!, null);

  // The week's payout of the earnings, then the operator marks the bank's batch paid.
  const today = todayInSouthAfrica();
  const payout = await transaction(db, (tx) =>
    payOut(tx, mailer, {
      organizationId,
      schedule: 'weekly',
      reference: `payout:${organizationId}:${isoWeek(today)}`,
      amountCents: null,
      requestedBy: null,
      day: today,
    }),
  );
  const [operator] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'operator@sekolo.test'));
  if (payout !== 'none' && operator) await markPayoutsPaid(db, { userId: operator.id, ip: null }, [payout.id]);
  return [login];
};
