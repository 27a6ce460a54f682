import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  campaignImages,
  campaigns,
  charityProfiles,
  donations,
  monthlyGifts,
  users,
} from '../platform/db/schema/index.ts';
import { chargeDueMonthlyGifts, ensureCharityProfile, registerDonationHooks } from '../modules/campaigns/index.ts';
import { createOrder } from '../modules/payments/index.ts';
import { creditOrder } from '../modules/payments/credit-order.ts';
import { createFileStorage } from '../modules/uploads/index.ts';
import type { TDemoLogin, TSeeder } from './seeder.ts';
import { DEMO_CHARITY, ensureDemoCharity } from './demo-charity.ts';

export { DEMO_CHARITY };

type TDemoGift = {
  name: string;
  cents: number;
  anonymous?: boolean;
  message?: string;
  daysAgo: number;
  email?: string;
};

const NAMES = [
  'Sipho Ndlovu',
  'Ayesha Khan',
  'Thabo Mokoena',
  'Marike de Villiers',
  'Zanele Khumalo',
  'Rajesh Naidoo',
  'Lerato Molefe',
  'Chris van Wyk',
  'Nokuthula Mthembu',
  'Andile Sithole',
  'Fatima Adams',
  'Pieter Joubert',
  'Busisiwe Zungu',
  'Kagiso Tau',
  'Naledi Mahlangu',
  'Gareth Smith',
  'Mpho Masilo',
  'Yusuf Ebrahim',
];
const MESSAGES = [
  'Keep reading, Khayelitsha!',
  'For the little ones.',
  '',
  'Books change lives.',
  '',
  'With love from Durban.',
];

/** Deterministic gifts adding up to `total` (whole rand), some anonymous, spread over `days`. */
function giftsOf(count: number, total: number, days: number, offset: number): TDemoGift[] {
  const base = Math.floor(total / count / 50) * 50;
  const gifts: TDemoGift[] = [];
  let left = total;
  for (let i = 0; i < count; i++) {
    const swing = ((i * 7 + offset) % 5) * 50 - 100;
    const rand = i === count - 1 ? left : Math.max(50, base + swing);
    left -= rand;
    gifts.push({
      name: NAMES[(i + offset) % NAMES.length]!,
      cents: rand * 100,
      anonymous: (i + offset) % 4 === 0,
      message: MESSAGES[(i + offset) % MESSAGES.length]!,
      daysAgo: Math.round(((count - i) / count) * days),
    });
  }
  return gifts;
}

const CAMPAIGNS = [
  {
    slug: 'books-for-khayelitsha-libraries',
    title: 'Books for Khayelitsha libraries',
    summary: 'Reading corners with 4 000 isiXhosa and English storybooks for four primary schools in Khayelitsha.',
    story:
      'Four primary schools in Site C and Harare share one library van that visits once a fortnight. Most Grade 3 learners ' +
      'have never owned a book of their own.\n\nWith R120 000 we stock a reading corner in every Foundation Phase ' +
      'classroom of the four schools: isiXhosa and English storybooks chosen with the teachers, shelves built by local ' +
      'carpenters, and a volunteer reading hour each afternoon.\n\nEvery R250 buys ten books.',
    goalCents: 12_000_000,
    state: 'active' as const,
    startsDaysAgo: 60,
    endsInDays: 120,
    colour: '#0f766e',
    gifts: giftsOf(30, 47_500, 55, 0),
  },
  {
    slug: 'reading-tutors-for-grade-3',
    title: 'Reading tutors for Grade 3',
    summary: 'Stipends for ten young reading tutors from the community, after school, for a year.',
    story:
      'Ten matriculants from Khayelitsha are trained as reading tutors and work with small groups of Grade 3 learners ' +
      'every afternoon. A stipend of R500 a month keeps each tutor in the programme.',
    goalCents: 6_000_000,
    state: 'active' as const,
    startsDaysAgo: 20,
    endsInDays: null,
    colour: '#b45309',
    gifts: giftsOf(9, 8_200, 18, 3),
  },
  {
    slug: 'winter-reading-packs-2026',
    title: 'Winter reading packs 2026',
    summary: 'A book, a blanket and a torch for 250 children over the June holidays.',
    story: 'Each pack held a storybook, a fleece blanket and a wind-up torch. All 250 packs went out on 24 June 2026.',
    goalCents: 2_500_000,
    state: 'ended' as const,
    startsDaysAgo: 200,
    endsInDays: -150,
    colour: '#1d4ed8',
    gifts: giftsOf(18, 26_350, 40, 5),
  },
];

async function picture(colour: string, title: string) {
  const words = title.replace(/&/g, 'and');
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="${colour}"/><text x="600" y="420" font-size="64" font-family="sans-serif" fill="#ffffff" text-anchor="middle">${words}</text></svg>`,
  );
  const full = await sharp(svg).webp({ quality: 80 }).toBuffer();
  const thumb = await sharp(svg).resize({ width: 480 }).webp({ quality: 80 }).toBuffer();
  return { full, thumb };
}

const key = () => {
  const now = new Date();
  return `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(16).toString('hex')}`;
};

/**
 * The demo charity, its s18A profile and three campaigns (two active, one ended) with their gifts,
 * each paid through the checkout's own path (an order, then its credit: one journal each, the
 * thank-you mail in the outbox). The demo customer (Johan Botha) gave twice, so his /donations page
 * has receipts. Runs once: a second run finds the campaigns and leaves them.
 */
export const seedCampaigns: TSeeder = async ({ config, database, mailer, demoPassword }) => {
  const { db } = database;
  const logins: TDemoLogin[] = [{ role: 'charity', email: DEMO_CHARITY.email }];
  const { organizationId } = await ensureDemoCharity(db, demoPassword);
  const [existing] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.slug, CAMPAIGNS[0]!.slug));
  if (existing) return logins;

  await ensureCharityProfile(db, organizationId);
  const [operator] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'operator@sekolo.test'));
  await db
    .update(charityProfiles)
    .set({
      registeredName: DEMO_CHARITY.registeredName,
      npoNumber: DEMO_CHARITY.npoNumber,
      pboNumber: DEMO_CHARITY.pboNumber,
      s18aApproved: true,
      pboVerifiedAt: new Date(),
      pboVerifiedBy: operator?.id ?? null,
      streetAddress: DEMO_CHARITY.streetAddress,
      suburb: DEMO_CHARITY.suburb,
      town: DEMO_CHARITY.town,
      postalCode: DEMO_CHARITY.postalCode,
      province: DEMO_CHARITY.province,
      thankYouText:
        'Enkosi kakhulu! Your gift puts storybooks into the hands of children in Khayelitsha. We will send you a photo of the reading corners once they are full.',
    })
    .where(eq(charityProfiles.organizationId, organizationId));

  registerDonationHooks({ config, db, mailer });
  const storage = createFileStorage(config);
  const today = todayInSouthAfrica();
  const [customer] = await db.select().from(users).where(eq(users.email, 'customer@sekolo.test'));
  for (const [index, spec] of CAMPAIGNS.entries()) {
    const [campaign] = await db
      .insert(campaigns)
      .values({
        organizationId,
        slug: spec.slug,
        title: spec.title,
        summary: spec.summary,
        story: spec.story,
        goalCents: spec.goalCents,
        state: 'active',
        startsOn: addDays(today, -spec.startsDaysAgo),
        endsOn: spec.endsInDays === null ? null : addDays(today, spec.endsInDays),
      })
      .returning();
    const pic = await picture(spec.colour, spec.title);
    const keys = { full: key(), thumb: key() };
    await storage.put(keys.full, pic.full, 'image/webp');
    await storage.put(keys.thumb, pic.thumb, 'image/webp');
    await db.insert(campaignImages).values({
      campaignId: campaign!.id,
      storageKey: keys.full,
      thumbKey: keys.thumb,
      width: 1200,
      height: 800,
      alt: spec.title,
    });
    const gifts = [...spec.gifts];
    // The demo customer's own gifts: one to the first campaign, one to the ended one.
    if (customer && index !== 1) {
      const last = gifts.pop()!;
      gifts.push({ ...last, name: 'Johan Botha', anonymous: false, email: customer.email, message: 'Sterkte!' });
    }
    for (const [n, gift] of gifts.entries()) {
      const donor = gift.email ? customer! : null;
      const { order } = await createOrder(
        { config, database },
        {
          kind: 'basket',
          grossCents: gift.cents,
          payeeOrganizationId: organizationId,
          description: `Donation to ${DEMO_CHARITY.organization.name}: ${spec.title}`,
          returnPath: '/donations',
          cancelPath: `/funding/${spec.slug}`,
          buyerUserId: donor?.id ?? null,
          context: { purpose: 'donation', campaignId: campaign!.id },
        },
      );
      const [row] = await db
        .insert(donations)
        .values({
          campaignId: campaign!.id,
          organizationId,
          donorUserId: donor?.id ?? null,
          paymentOrderId: order.id,
          amountCents: gift.cents,
          anonymous: gift.anonymous ?? false,
          donorName: gift.name,
          donorEmail: gift.email ?? `${gift.name.toLowerCase().replace(/[^a-z]+/g, '.')}@donors.sekolo.test`,
          donorAddress: n % 3 === 0 ? `${10 + n} Main Road, Observatory, Cape Town, 7925` : '',
          message: gift.message ?? '',
        })
        .returning();
      await creditOrder(db, {
        orderId: order.id,
        provider: 'sandbox',
        providerTransactionId: `seed-${order.reference}`,
      });
      // When it was given (the demo's gifts are spread over the campaign's weeks).
      await db
        .update(donations)
        .set({
          paidAt: new Date(Date.now() - gift.daysAgo * 86_400_000 - (spec.startsDaysAgo > 100 ? 150 * 86_400_000 : 0)),
        })
        .where(and(eq(donations.id, row!.id), eq(donations.status, 'paid')));
    }
    if (spec.state === 'ended')
      await db.update(campaigns).set({ state: 'ended' }).where(eq(campaigns.id, campaign!.id));
    if (index === 0) await seedMonthlyDonors({ config, database, mailer }, campaign!, customer ?? null);
  }
  return logins;
};

/**
 * Two monthly donors on the first campaign (the demo customer among them, so his /donations page
 * shows a monthly gift to cancel): each gift's first month paid through the checkout (the sandbox
 * card kept for later months), the second month charged by the monthly run, then dated a month
 * back, so the next charge falls due in a month.
 */
async function seedMonthlyDonors(
  deps: Pick<Parameters<TSeeder>[0], 'config' | 'database' | 'mailer'>,
  campaign: typeof campaigns.$inferSelect,
  customer: typeof users.$inferSelect | null,
) {
  const { config, database, mailer } = deps;
  const { db } = database;
  const today = todayInSouthAfrica();
  const donors = [
    { user: customer, name: 'Johan Botha', email: customer?.email ?? 'johan.botha@donors.sekolo.test', cents: 20_000 },
    { user: null, name: 'Ayanda Mthembu', email: 'ayanda.mthembu@donors.sekolo.test', cents: 15_000 },
  ];
  for (const donor of donors) {
    const donationId = randomUUID();
    const monthlyGiftId = randomUUID();
    const { order } = await createOrder(
      { config, database },
      {
        kind: 'basket',
        grossCents: donor.cents,
        payeeOrganizationId: campaign.organizationId,
        description: `Monthly donation to ${DEMO_CHARITY.organization.name}: ${campaign.title}`,
        returnPath: '/donations',
        cancelPath: `/funding/${campaign.slug}`,
        buyerUserId: donor.user?.id ?? null,
        context: { purpose: 'donation', donationId, campaignId: campaign.id, monthlyGiftId },
        monthlyFrom: today,
      },
    );
    const fields = {
      campaignId: campaign.id,
      organizationId: campaign.organizationId,
      donorUserId: donor.user?.id ?? null,
      amountCents: donor.cents,
      donorName: donor.name,
      donorEmail: donor.email,
      donorAddress: '5 Milnerton Drive, Milnerton, Cape Town, 7441',
    };
    await db.insert(monthlyGifts).values({ id: monthlyGiftId, ...fields, setupOrderId: order.id, provider: 'sandbox' });
    await db.insert(donations).values({ id: donationId, ...fields, paymentOrderId: order.id, monthlyGiftId });
    await creditOrder(db, {
      orderId: order.id,
      provider: 'sandbox',
      providerTransactionId: `seed-${order.reference}`,
      providerToken: 'sandbox_card_4242',
    });
    // The second month, charged by the monthly run as if its date had come.
    await db.update(monthlyGifts).set({ nextChargeOn: today }).where(eq(monthlyGifts.id, monthlyGiftId));
    await chargeDueMonthlyGifts({ config, db, mailer }, today, { giftIds: [monthlyGiftId] });
    const monthAgo = new Date(Date.now() - 30 * 86_400_000);
    await db.update(donations).set({ paidAt: monthAgo }).where(eq(donations.id, donationId));
    await db.update(monthlyGifts).set({ createdAt: monthAgo }).where(eq(monthlyGifts.id, monthlyGiftId));
  }
}
