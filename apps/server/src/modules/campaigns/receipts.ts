import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { formatZar } from '@sekolo/shared/domain/money';
import { formatDate } from '@sekolo/shared/domain/sa-calendar';
import { CAMPAIGN_MESSAGES as M, taxYearRange } from '@sekolo/shared/schemas/campaigns';
import type { TConfig } from '../../platform/config/env.ts';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import { organizations } from '../../platform/db/schema/auth.ts';
import { campaigns, donations } from '../../platform/db/schema/campaigns.ts';
import { notFound } from '../../platform/http/errors.ts';
import { writer } from '../../platform/lib/pdf-writer.ts';
import { resolveAuthSecret } from '../auth/index.ts';
import { randInWords } from './amount-in-words.ts';
import { charityAddress, ensureCharityProfile, type TCharityProfileRow } from './charity-profile.ts';

/** The statement section 18A(2)(a)(iv) of the Income Tax Act asks every receipt to carry. */
export const S18A_STATEMENT =
  'The donation has been or will be used exclusively for the object of the organisation in carrying on the ' +
  'public benefit activities in Part I of the Ninth Schedule to the Income Tax Act, 1962, per section 18A of the Act.';

type TDonationRow = typeof donations.$inferSelect;

/** The date a gift was received, in South Africa (YYYY-MM-DD). */
export function receivedOn(paidAt: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(paidAt);
}

// ---- Signed links (the thank-you mail's receipt link) ----

const keys = new WeakMap<TConfig, Promise<string>>();
function receiptKey(config: TConfig, db: DbExecutor): Promise<string> {
  let key = keys.get(config);
  if (!key) {
    key = resolveAuthSecret(config, db).then((secret) =>
      createHmac('sha256', secret).update('sekolo:campaigns:receipt-links').digest('hex'),
    );
    keys.set(config, key);
  }
  return key;
}

/** The signed link's token; `db` may be the caller's transaction (PGlite has one connection: a read beside an open transaction would wait for it forever). */
export async function receiptToken(config: TConfig, db: DbExecutor, donationId: string): Promise<string> {
  return createHmac('sha256', await receiptKey(config, db))
    .update(donationId)
    .digest('base64url');
}

export async function receiptTokenMatches(
  config: TConfig,
  db: Database,
  donationId: string,
  token: string,
): Promise<boolean> {
  const expected = Buffer.from(await receiptToken(config, db, donationId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

// ---- The PDFs ----

function charityHeader(
  w: Awaited<ReturnType<typeof writer>>['w'],
  name: string,
  profile: TCharityProfileRow,
  title: string,
) {
  w.text(name, 40, { size: 16, bold: true });
  w.down(18);
  if (profile.registeredName && profile.registeredName !== name) {
    w.text(`Registered name: ${profile.registeredName}`, 40);
    w.down();
  }
  w.text(`Address: ${charityAddress(profile) || 'not recorded'}`, 40);
  w.down();
  w.text(`PBO number: ${profile.pboNumber}`, 40);
  if (profile.npoNumber) w.text(`NPO number: ${profile.npoNumber}`, 300);
  w.down(24);
  w.text(title, 40, { size: 13, bold: true });
  w.down(20);
}

function statement(w: Awaited<ReturnType<typeof writer>>['w']) {
  w.down(10);
  // The statement, wrapped by words to the page's width.
  const words = S18A_STATEMENT.split(' ');
  let line = '';
  for (const word of words) {
    if ((line + ' ' + word).length > 100) {
      w.text(line.trim(), 40);
      w.down(12);
      line = '';
    }
    line += ` ${word}`;
  }
  if (line.trim()) w.text(line.trim(), 40);
  w.down(24);
  w.text('Issued through Sekolo on behalf of the organisation named above.', 40, { size: 8 });
}

/** An s18A receipt of one paid gift: what section 18A(2)(a) asks a receipt to carry. */
export async function receiptPdf(db: DbExecutor, donation: TDonationRow): Promise<Uint8Array> {
  if (donation.status !== 'paid' || !donation.receiptNumber || !donation.paidAt) throw notFound(M.receiptNotFound);
  const profile = await ensureCharityProfile(db, donation.organizationId);
  const [org] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, donation.organizationId));
  const [campaign] = await db
    .select({ title: campaigns.title })
    .from(campaigns)
    .where(eq(campaigns.id, donation.campaignId));
  const { doc, w } = await writer();
  charityHeader(w, org?.name ?? profile.registeredName, profile, 'Section 18A receipt for a donation');
  const rows: [string, string][] = [
    ['Receipt number', donation.receiptNumber],
    ['Donor', donation.donorName],
    ...(donation.donorAddress ? ([['Donor address', donation.donorAddress]] as [string, string][]) : []),
    ...(donation.donorTaxNumber ? ([['Donor ID or tax number', donation.donorTaxNumber]] as [string, string][]) : []),
    ['Amount', formatZar(donation.amountCents)],
    ['Amount in words', randInWords(donation.amountCents)],
    ['Date received', formatDate(receivedOn(donation.paidAt))],
    ['Campaign', campaign?.title ?? ''],
  ];
  for (const [label, value] of rows) {
    w.text(label, 40, { bold: true });
    w.text(value, 190);
    w.down();
  }
  statement(w);
  return doc.save();
}

/** A donor's yearly summary of s18A receipts from one charity, for a tax year (1 March – end February). */
export async function summaryPdf(
  db: DbExecutor,
  input: { donorUserId: string; organizationId: string; taxYear: number },
): Promise<Uint8Array> {
  const { from, to } = taxYearRange(input.taxYear);
  const start = new Date(`${from}T00:00:00+02:00`);
  const end = new Date(`${input.taxYear}-03-01T00:00:00+02:00`);
  const gifts = await db
    .select()
    .from(donations)
    .where(
      and(
        eq(donations.donorUserId, input.donorUserId),
        eq(donations.organizationId, input.organizationId),
        eq(donations.status, 'paid'),
        gte(donations.paidAt, start),
        lt(donations.paidAt, end),
      ),
    )
    .orderBy(asc(donations.paidAt));
  const receipted = gifts.filter((g) => g.receiptNumber);
  if (receipted.length === 0) throw notFound(M.receiptNotFound);
  const profile = await ensureCharityProfile(db, input.organizationId);
  const [org] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, input.organizationId));
  const { doc, w } = await writer();
  charityHeader(
    w,
    org?.name ?? profile.registeredName,
    profile,
    `Section 18A summary for the tax year ${formatDate(from)} to ${formatDate(to)}`,
  );
  const donor = receipted[receipted.length - 1]!;
  w.text('Donor', 40, { bold: true });
  w.text(donor.donorName, 190);
  w.down();
  if (donor.donorAddress) {
    w.text('Donor address', 40, { bold: true });
    w.text(donor.donorAddress, 190);
    w.down();
  }
  if (donor.donorTaxNumber) {
    w.text('Donor ID or tax number', 40, { bold: true });
    w.text(donor.donorTaxNumber, 190);
    w.down();
  }
  w.down(8);
  w.text('Receipt number', 40, { bold: true });
  w.text('Date received', 190, { bold: true });
  w.text('Amount', 555, { bold: true, right: true });
  w.down();
  w.rule();
  let total = 0;
  for (const gift of receipted) {
    total += gift.amountCents;
    w.text(gift.receiptNumber!, 40);
    w.text(formatDate(receivedOn(gift.paidAt!)), 190);
    w.text(formatZar(gift.amountCents), 555, { right: true });
    w.down();
  }
  w.rule();
  w.text('Total', 40, { bold: true });
  w.text(formatZar(total), 555, { bold: true, right: true });
  w.down();
  w.text(`In words: ${randInWords(total)}`, 40);
  w.down();
  statement(w);
  return doc.save();
}
