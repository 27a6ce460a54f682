import { and, eq } from 'drizzle-orm';
import type { TCommissionTier } from '@sekolo/shared/constants/fees';
import { LISTING_MESSAGES, type TListingKind } from '@sekolo/shared/schemas/marketplace';
import type { DbExecutor } from '../../platform/db/client.ts';
import { applications } from '../../platform/db/schema/applications.ts';
import { organizations } from '../../platform/db/schema/auth.ts';
import { marketplaceSellers, type TBankAccount, type TSellerType } from '../../platform/db/schema/marketplace.ts';
import type { TSessionUser } from '../../platform/auth/guards.ts';
import { forbidden } from '../../platform/http/errors.ts';

export type TSellerProfile = typeof marketplaceSellers.$inferSelect;

const SELLER_TYPE_BY_ORG: Record<string, TSellerType> = {
  business: 'business',
  young_entrepreneur: 'young_entrepreneur',
  shop: 'young_entrepreneur',
  charity: 'charity',
};
const TIERS = new Set(['free', 'basic', 'standard', 'premium']);

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Banking details anywhere in the application's steps (schools and young entrepreneurs ask them). */
function bankOf(stepData: Record<string, Record<string, unknown>>): TBankAccount | null {
  for (const step of Object.values(stepData)) {
    const bank = (step.bankingDetails ?? null) as Record<string, unknown> | null;
    if (bank && text(bank.accountNumber)) {
      return {
        accountName: text(bank.accountName),
        bank: text(bank.bank),
        otherBankName: text(bank.otherBankName),
        accountNumber: text(bank.accountNumber),
        branchCode: text(bank.branchCode),
        accountType: text(bank.accountType),
      };
    }
  }
  return null;
}

/**
 * The seller's marketplace profile: made the first time it is needed from the organisation's
 * approved application (partner types, commission tier, province, town, tag line, bank account),
 * then kept and edited in the business dashboard's Settings.
 */
export async function ensureSellerProfile(db: DbExecutor, organizationId: string): Promise<TSellerProfile> {
  const [existing] = await db
    .select()
    .from(marketplaceSellers)
    .where(eq(marketplaceSellers.organizationId, organizationId));
  if (existing) return existing;
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  const [application] = await db
    .select({ stepData: applications.stepData })
    .from(applications)
    .where(and(eq(applications.organizationId, organizationId), eq(applications.status, 'approved')));
  const steps = (application?.stepData ?? {}) as Record<string, Record<string, unknown>>;
  const info = steps['1'] ?? {};
  const fees = steps['3'] ?? {};
  const types = Array.isArray(info.businessPartnerTypes) ? info.businessPartnerTypes.map(String) : [];
  const tier = text(fees.commissionTier);
  const bank = bankOf(steps);
  await db
    .insert(marketplaceSellers)
    .values({
      organizationId,
      partnerTypes: types,
      commissionTier: (TIERS.has(tier) ? tier : 'free') as TSellerProfile['commissionTier'],
      sellerType: SELLER_TYPE_BY_ORG[org?.type ?? ''] ?? 'business',
      province: text(info.province),
      town: text(info.town),
      tagLine: text(info.tagLine),
      bankAccount: bank,
      bankConfirmedAt: bank ? new Date() : null,
    })
    .onConflictDoNothing();
  const [made] = await db
    .select()
    .from(marketplaceSellers)
    .where(eq(marketplaceSellers.organizationId, organizationId));
  return made!;
}

/** What a seller may list: products need the product-vendor type; tutors, consultants and service providers list services. */
export function allowedKindsOf(profile: Pick<TSellerProfile, 'partnerTypes' | 'sellerType'>): TListingKind[] {
  // Young entrepreneurs and charities (their own issues) sell products; a business partner by its types.
  if (profile.sellerType !== 'business') return ['product'];
  const kinds: TListingKind[] = [];
  if (profile.partnerTypes.includes('product_vendor')) kinds.push('product');
  if (profile.partnerTypes.some((type) => ['tutor', 'consultant', 'service_provider'].includes(type)))
    kinds.push('service');
  // A partner approved before partner types were recorded keeps selling products, as the seeded basket did.
  return kinds.length > 0 ? kinds : ['product'];
}

/** Organisations that sell here: an approved business, and a young entrepreneur's shop (its guardian approves each listing). */
const SELLING_ORGANIZATION_TYPES = new Set(['business', 'shop']);

/** The signed-in seller's organisation id, or 403. */
export function sellerOrganizationOf(user: TSessionUser | null): string {
  const organization = user?.organization;
  if (!organization || !SELLING_ORGANIZATION_TYPES.has(organization.type)) throw forbidden(LISTING_MESSAGES.notSeller);
  return organization.id;
}

/**
 * The commission tier of a sale: a tutor's tutoring is 'tutor' (8 %), anything else the seller's
 * tier (free 25 %, basic 15 %, standard 10 %, premium 5 %) (D21, spec 9).
 */
export function commissionTierOf(
  profile: Pick<TSellerProfile, 'commissionTier' | 'partnerTypes'>,
  listing: { kind: TListingKind; subcategory: string },
): TCommissionTier | 'tutor' {
  if (listing.kind === 'service' && listing.subcategory === 'tutoring' && profile.partnerTypes.includes('tutor'))
    return 'tutor';
  return profile.commissionTier;
}
