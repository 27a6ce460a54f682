import { and, eq } from 'drizzle-orm';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { marketplacePayouts, organizations, schoolPayoutAccounts } from '../platform/db/schema/index.ts';
import { transaction } from '../platform/db/transaction.ts';
import { postJournal } from '../modules/ledger/index.ts';
import { isoWeek, payOut } from '../modules/payouts/index.ts';
import { DEMO_BUSINESS } from './seed-accounts.ts';
import type { TDemoLogin, TSeeder } from './seeder.ts';
import { DEMO_CHARITY, ensureDemoCharity } from './demo-charity.ts';

/** The demo charity paid out here (modules/payouts): the one all seeders share (demo-charity.ts). */
export const DEMO_CHARITY_LOGIN = { email: DEMO_CHARITY.email, role: 'charity' } as const;

type TDemoPayee = {
  slug: string;
  account: { bankName: string; branchCode: string; accountNumber: string; accountHolder: string; accountType: string };
  /** Three weeks of takings in cents: [gross, commission] per sale; paid out after weeks one and two. */
  weeks: [number, number][][];
};

const PAYEES: TDemoPayee[] = [
  {
    slug: DEMO_BUSINESS.slug,
    account: {
      bankName: 'FNB',
      branchCode: '250655',
      accountNumber: '62781234509',
      accountHolder: 'Demo Supplies (Pty) Ltd',
      accountType: 'business',
    },
    weeks: [
      [
        [42_500, 10_625],
        [18_900, 4_725],
      ],
      [
        [64_000, 16_000],
        [12_450, 3_113],
      ],
      [
        [38_000, 9_500],
        [22_900, 5_725],
      ],
    ],
  },
  {
    slug: DEMO_CHARITY.organization.slug,
    account: {
      bankName: 'Standard Bank',
      branchCode: '051001',
      accountNumber: '10148822731',
      accountHolder: 'Ubuntu Reading Trust',
      accountType: 'current',
    },
    weeks: [
      [[25_000, 1_250]],
      [
        [15_000, 750],
        [8_000, 400],
      ],
      [[12_000, 600]],
    ],
  },
];

/** The Monday `weeksBack` weeks before the week of `day`. */
function mondayBefore(day: string, weeksBack: number): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
  return addDays(day, -(weekday - 1) - 7 * weeksBack);
}

/**
 * The demo business partner and charity with a confirmed payout account, two weekly payouts the
 * bank has paid (marked by the operator) and a week of takings waiting: every cent in the ledger
 * (sales and commission journals, payments' payout journals), so the balance matches it. Only
 * once: an organisation with payouts is left as it is.
 */
export const seedPayouts: TSeeder = async ({ database, mailer, demoPassword }) => {
  const db = database.db;
  const logins: TDemoLogin[] = [];
  await ensureDemoCharity(db, demoPassword);
  logins.push({ role: DEMO_CHARITY_LOGIN.role, email: DEMO_CHARITY_LOGIN.email });

  const today = todayInSouthAfrica();
  for (const payee of PAYEES) {
    const [organization] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.slug, payee.slug));
    if (!organization) continue;
    const organizationId = organization.id;
    const [paidBefore] = await db
      .select({ id: marketplacePayouts.id })
      .from(marketplacePayouts)
      .where(eq(marketplacePayouts.organizationId, organizationId))
      .limit(1);
    if (paidBefore) continue;
    const [confirmed] = await db
      .select({ id: schoolPayoutAccounts.id })
      .from(schoolPayoutAccounts)
      .where(
        and(eq(schoolPayoutAccounts.organizationId, organizationId), eq(schoolPayoutAccounts.status, 'confirmed')),
      );
    if (!confirmed)
      await db.insert(schoolPayoutAccounts).values({
        organizationId,
        ...payee.account,
        status: 'confirmed',
        requestedAt: new Date(`${mondayBefore(today, 4)}T08:00:00Z`),
        confirmedAt: new Date(`${mondayBefore(today, 4)}T09:30:00Z`),
        expiresAt: new Date(`${mondayBefore(today, 4)}T08:00:00Z`),
      });
    for (const [index, sales] of payee.weeks.entries()) {
      const weeksBack = payee.weeks.length - index;
      await transaction(db, async (tx) => {
        for (const [n, [gross, commission]] of sales.entries()) {
          const reference = `demo-sale:${payee.slug}:${index + 1}-${n + 1}`;
          await postJournal(tx, {
            kind: 'payment',
            reference,
            description: 'Marketplace sale (demo)',
            entries: [
              { account: 'provider_clearing', amountCents: gross },
              { account: 'organization_payable', organizationId, amountCents: -gross },
            ],
          });
          await postJournal(tx, {
            kind: 'commission',
            reference,
            description: 'Commission on a marketplace sale (demo)',
            entries: [
              { account: 'organization_payable', organizationId, amountCents: commission },
              { account: 'commission_revenue', amountCents: -commission },
            ],
          });
        }
      });
      // The last week's takings wait for the next Monday's run.
      if (index === payee.weeks.length - 1) break;
      const monday = mondayBefore(today, weeksBack - 1);
      const made = await transaction(db, (tx) =>
        payOut(tx, mailer, {
          organizationId,
          schedule: 'weekly',
          reference: `payout:${organizationId}:${isoWeek(monday)}`,
          amountCents: null,
          requestedBy: null,
          day: monday,
        }),
      );
      if (made !== 'none')
        await db
          .update(marketplacePayouts)
          .set({
            status: 'paid',
            createdAt: new Date(`${monday}T04:30:00Z`),
            paidAt: new Date(`${addDays(monday, 2)}T10:00:00Z`),
          })
          .where(eq(marketplacePayouts.id, made.id));
    }
  }
  return logins;
};
