import sharp from 'sharp';
import type { DbExecutor } from '../../platform/db/client.ts';
import { marketplaceSellers } from '../../platform/db/schema/marketplace.ts';
import { ensureOrganizationWithMember } from '../../platform/tenancy/organizations.ts';
import { signIn } from '../auth-helpers.ts';
import { createUser } from './accounts.ts';
import type { TestApp } from '../test-app.ts';

/** A picture as a phone would send it: a JPEG of `width` × `height`. */
export function samplePhoto(width = 1600, height = 1200, colour = '#1f6feb'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

/** An approved business partner with a marketplace profile, signed in. */
export async function createSeller(
  t: TestApp,
  options: {
    name: string;
    partnerTypes?: string[];
    tier?: 'free' | 'basic' | 'standard' | 'premium';
    province?: string;
  },
) {
  const db: DbExecutor = t.database.db;
  const user = await createUser(db, { role: 'business_partner' });
  const organizationId = await ensureOrganizationWithMember(db, {
    name: options.name,
    type: 'business',
    userId: user.id,
    role: 'business_partner',
  });
  await db.insert(marketplaceSellers).values({
    organizationId,
    partnerTypes: options.partnerTypes ?? ['product_vendor'],
    commissionTier: options.tier ?? 'free',
    province: options.province ?? 'gauteng',
    bankAccount: {
      accountName: options.name,
      bank: 'fnb',
      accountNumber: '62000000001',
      branchCode: '250655',
      accountType: 'business',
    },
    bankConfirmedAt: new Date(),
  });
  const { cookie } = await signIn(t.app, user.email, user.password);
  return { user, organizationId, cookie };
}
