import { eq } from 'drizzle-orm';
import { directoryProfiles, marketplaceSellers, organizations, schoolProfiles } from '../platform/db/schema/index.ts';
import { DEMO_BUSINESS, DEMO_SCHOOL } from './seed-accounts.ts';
import type { TDemoLogin, TSeeder } from './seeder.ts';
import { DEMO_CHARITY, ensureDemoCharity } from './demo-charity.ts';

type TDemoSchool = {
  name: string;
  slug: string;
  tagLine: string;
  profile: Omit<typeof schoolProfiles.$inferInsert, 'organizationId'>;
  showAddress: boolean;
};
type TDemoPartner = {
  name: string;
  slug: string;
  partnerTypes: string[];
  province: string;
  town: string;
  tagLine: string;
  about: string;
  email: string;
  phone: string;
};

/** Schools besides Demo High, in three provinces, each with the profile its admin would fill in. */
export const DIRECTORY_DEMO_SCHOOLS: TDemoSchool[] = [
  {
    name: 'Kirstenbosch Heights Primary School',
    slug: 'kirstenbosch-heights-primary',
    tagLine: 'A green-fingered primary school at the foot of Table Mountain',
    showAddress: true,
    profile: {
      emisNumber: '100301877',
      quintile: 5,
      feeStatus: 'fee_paying',
      streetAddress: '7 Rhodes Drive',
      suburb: 'Newlands',
      city: 'Cape Town',
      province: 'western_cape',
      postalCode: '7700',
      phone: '021 671 4420',
      email: 'office@kirstenbosch-heights.sekolo.test',
      website: 'https://kirstenbosch-heights.sekolo.test',
      principalName: 'Mrs A. Jacobs',
    },
  },
  {
    name: 'Umgeni Valley High School',
    slug: 'umgeni-valley-high',
    tagLine: 'Science, sport and isiZulu heritage in the Midlands',
    showAddress: false,
    profile: {
      emisNumber: '500411902',
      quintile: 3,
      feeStatus: 'no_fee',
      streetAddress: '120 Chief Albert Luthuli Road',
      suburb: 'Scottsville',
      city: 'Pietermaritzburg',
      province: 'kwazulu_natal',
      postalCode: '3201',
      phone: '033 342 8810',
      email: 'admin@umgeni-valley.sekolo.test',
      website: '',
      principalName: 'Mr S. Ngcobo',
    },
  },
  {
    name: 'Soweto Science Academy',
    slug: 'soweto-science-academy',
    tagLine: 'Maths and science for Grades 8 to 12, from Orlando West',
    showAddress: false,
    profile: {
      emisNumber: '700140556',
      quintile: 2,
      feeStatus: 'no_fee',
      streetAddress: '8115 Vilakazi Street',
      suburb: 'Orlando West',
      city: 'Soweto',
      province: 'gauteng',
      postalCode: '1804',
      phone: '011 936 2210',
      email: 'info@soweto-science.sekolo.test',
      website: '',
      principalName: 'Dr T. Mahlangu',
    },
  },
];

/** Business partners besides Demo Supplies: tutors in Pretoria, a uniform supplier in Durban, a consultant in the Cape. */
export const DIRECTORY_DEMO_PARTNERS: TDemoPartner[] = [
  {
    name: 'Jacaranda Tutors',
    slug: 'jacaranda-tutors',
    partnerTypes: ['tutor'],
    province: 'gauteng',
    town: 'Pretoria',
    tagLine: 'Maths, Physical Sciences and Accounting tutors for Grades 8 to 12',
    about: 'Qualified teachers tutoring in Hatfield, Brooklyn and online since 2015.',
    email: 'hello@jacaranda-tutors.sekolo.test',
    phone: '012 460 7781',
  },
  {
    name: 'Menlyn Reading Clinic',
    slug: 'menlyn-reading-clinic',
    partnerTypes: ['tutor', 'consultant'],
    province: 'gauteng',
    town: 'Pretoria',
    tagLine: 'Reading support and assessments for Foundation Phase learners',
    about: 'Remedial teachers and a speech therapist helping young readers catch up.',
    email: 'bookings@menlyn-reading.sekolo.test',
    phone: '012 348 9902',
  },
  {
    name: 'Berea School Outfitters',
    slug: 'berea-school-outfitters',
    partnerTypes: ['product_vendor'],
    province: 'kwazulu_natal',
    town: 'Durban',
    tagLine: 'School uniforms, blazers and sports kit for 40 Durban schools',
    about: 'A family uniform shop on Musgrave Road since 1987, with embroidery done in-house.',
    email: 'orders@berea-outfitters.sekolo.test',
    phone: '031 201 5567',
  },
  {
    name: 'Boland Education Consultants',
    slug: 'boland-education-consultants',
    partnerTypes: ['consultant', 'service_provider'],
    province: 'western_cape',
    town: 'Stellenbosch',
    tagLine: 'Governance, SGB training and school improvement plans',
    about: 'Former principals helping school governing bodies plan, budget and comply.',
    email: 'info@boland-consult.sekolo.test',
    phone: '021 883 4410',
  },
];

async function organizationId(db: Parameters<TSeeder>[0]['database']['db'], slug: string) {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, slug));
  return row?.id ?? null;
}

/**
 * The directory's demo data: Demo High's and Demo Supplies' public profiles, three more schools
 * (Western Cape, KwaZulu-Natal, Gauteng), four more business partners (tutors in Pretoria, a
 * uniform supplier in Durban, consultants in Stellenbosch) and a charity in Cape Town with its
 * login, each with a tag line and town. Inserts only what is missing: an admin's choices survive.
 */
export const seedDirectory: TSeeder = async ({ database, demoPassword }) => {
  const db = database.db;
  const logins: TDemoLogin[] = [];
  const demoHigh = await organizationId(db, DEMO_SCHOOL.slug);
  if (demoHigh)
    await db
      .insert(directoryProfiles)
      .values({
        organizationId: demoHigh,
        tagLine: 'A Pretoria high school where every learner is known by name',
        showAddress: false,
        showMap: true,
      })
      .onConflictDoNothing();
  const demoSupplies = await organizationId(db, DEMO_BUSINESS.slug);
  if (demoSupplies)
    await db
      .insert(directoryProfiles)
      .values({
        organizationId: demoSupplies,
        showAddress: true,
        showMap: true,
        contactEmail: 'sales@demo-business.sekolo.test',
        contactPhone: '011 403 2250',
      })
      .onConflictDoNothing();

  for (const school of DIRECTORY_DEMO_SCHOOLS) {
    await db
      .insert(organizations)
      .values({ name: school.name, slug: school.slug, type: 'school' })
      .onConflictDoNothing({ target: organizations.slug });
    const id = (await organizationId(db, school.slug))!;
    await db
      .insert(schoolProfiles)
      .values({ organizationId: id, ...school.profile })
      .onConflictDoNothing();
    await db
      .insert(directoryProfiles)
      .values({ organizationId: id, tagLine: school.tagLine, showAddress: school.showAddress, showMap: true })
      .onConflictDoNothing();
  }

  for (const partner of DIRECTORY_DEMO_PARTNERS) {
    await db
      .insert(organizations)
      .values({ name: partner.name, slug: partner.slug, type: 'business' })
      .onConflictDoNothing({ target: organizations.slug });
    const id = (await organizationId(db, partner.slug))!;
    await db
      .insert(marketplaceSellers)
      .values({
        organizationId: id,
        partnerTypes: partner.partnerTypes,
        province: partner.province,
        town: partner.town,
        tagLine: partner.tagLine,
        about: partner.about,
      })
      .onConflictDoNothing();
    await db
      .insert(directoryProfiles)
      .values({
        organizationId: id,
        showAddress: true,
        showMap: true,
        contactEmail: partner.email,
        contactPhone: partner.phone,
      })
      .onConflictDoNothing();
  }

  await ensureDemoCharity(db, demoPassword);
  logins.push({ role: 'charity', email: DEMO_CHARITY.email });
  return logins;
};
