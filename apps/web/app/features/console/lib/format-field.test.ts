import { describe, expect, it } from 'vitest';
import {
  ZBusinessInformationStep,
  ZBusinessProductsServicesStep,
  ZCharityProductsServicesStep,
  ZFeesCommissionStep,
} from '@sekolo/shared/schemas/registration/business-partner';
import { ZCharityDetailsStep, ZCharityTermsPackageStep } from '@sekolo/shared/schemas/registration/charity';
import {
  ZGuardianInformationStep,
  ZPersonalInformationStep,
  ZShopInformationStep,
} from '@sekolo/shared/schemas/registration/young-entrepreneur';
import { fileDescription, formatValue, humanizeKey, isFileValue } from './format-field';

describe('how the console shows stored application fields', () => {
  it('turns field names into labels', () => {
    expect(humanizeKey('registrationNumber')).toBe('Registration number');
    expect(humanizeKey('id_document')).toBe('Id document');
    expect(humanizeKey('googleMapsLink')).toBe('Google maps link');
  });

  it('shows option labels, provinces of the chosen country, grades and Yes/No', () => {
    expect(formatValue('schoolType', 'primary')).toBe('Primary School');
    expect(formatValue('province', 'gauteng', { country: 'south_africa' })).toBe('Gauteng');
    expect(formatValue('relation', 'guardian')).toBe('Legal Guardian');
    expect(formatValue('grade', '10')).toBe('Grade 10');
    expect(formatValue('termsAccepted', true)).toBe('Yes');
    expect(formatValue('tagLine', '')).toBe('Not given');
    expect(formatValue('subjects', ['Mathematics', 'English'])).toBe('Mathematics, English');
    expect(formatValue('schoolType', 'unknown-type')).toBe('unknown-type');
  });

  it('recognises uploaded files', () => {
    const file = { id: 'b1c2', name: 'logo.png', size: 2048, mimeType: 'image/png' };
    expect(isFileValue(file)).toBe(true);
    expect(isFileValue({ name: 'x' })).toBe(false);
    expect(fileDescription(file)).toBe('logo.png (2 KB)');
  });
});

/** What the console shows for every field of a step, as the page's field list does. */
function shownFields(data: Record<string, unknown>, userType: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [humanizeKey(key), formatValue(key, value, data, { userType })]),
  );
}

/** No raw JSON, no 'undefined', no '[object Object]' anywhere the operator reads. */
function expectReadable(shown: Record<string, string>) {
  for (const [label, text] of Object.entries(shown)) {
    expect(label).not.toMatch(/cents|undefined/i);
    expect(text).not.toMatch(/undefined|\[object Object\]|[{}"]/);
  }
}

const upload = (name: string) => ({ id: crypto.randomUUID(), name, size: 2048, mimeType: 'application/pdf' });

describe('a business partner application in the console', () => {
  // Stored as the server stores it: the shared step schemas' output.
  const business = ZBusinessInformationStep.parse({
    businessPartnerTypes: ['tutor', 'product_vendor', 'service_provider'],
    registeredName: 'Ubuntu Learning (Pty) Ltd',
    registrationNumber: '2019/123456/07',
    businessType: 'private_company',
    streetAddress: '12 Jan Smuts Avenue',
    suburb: 'Parktown',
    town: 'Johannesburg',
    postalCode: '2193',
    country: 'south_africa',
    province: 'gauteng',
    displayName: 'Ubuntu Learning',
    logoFile: { ...upload('logo.png'), mimeType: 'image/png' },
    documentFiles: {
      registrationCertificate: upload('cipc.pdf'),
      bankProof: upload('bank.pdf'),
      identityDocument: upload('id.pdf'),
    },
  });
  const products = ZBusinessProductsServicesStep.parse({
    overview: 'Maths tutoring and Grade 10 to 12 workbooks.',
    tutorInfo: {
      subjects: ['mathematics', 'physical_sciences'],
      qualifications: 'BSc Mathematics (Wits)',
      experience: 'Six years of matric tutoring',
    },
    products: [
      { name: 'Maths workbook', category: 'books', description: 'Past papers', priceRange: '100_500' },
      { name: '', category: '', description: '', priceRange: '' },
    ],
    services: [
      { name: 'School bus', category: 'transportation', description: 'Daily routes', priceRange: 'contact_for_quote' },
    ],
  });
  const fees = ZFeesCommissionStep.parse({
    businessPartnerTypes: ['tutor', 'product_vendor'],
    commissionTier: 'basic',
  });
  // What the payment step stores: the paid order's packageData (payments' packageDataOf).
  const payment = {
    transactionRef: 'SEK-0001',
    packageData: {
      id: 'business-partner-registration',
      partnerTypes: ['tutor', 'product_vendor'],
      commissionTier: 'basic',
      registrationFeeCents: 29_800,
      recurringMonthlyCents: 4_950,
      recurringYearlyCents: 9_950,
    },
  };

  it('shows the business type and partner types by their labels', () => {
    const shown = shownFields(business, 'business_partner');
    expect(shown['Business type']).toBe('Private Company (Pty Ltd)');
    expect(shown['Business partner types']).toBe('Tutor / Course Provider, Product Vendor, Service Provider');
    expect(shown['Country']).toBe('South Africa');
    expect(shown['Province']).toBe('Gauteng');
    expect(shown['Logo file']).toBe('logo.png (2 KB)');
    expectReadable(shown);
  });

  it('shows products and services with their category and price range labels, and the tutor subjects', () => {
    expect(products.products).toHaveLength(1);
    const [product] = products.products;
    const [service] = products.services;
    expect(formatValue('category', product!.category, product, { parent: 'products' })).toBe('Books');
    expect(formatValue('priceRange', product!.priceRange, product, { parent: 'products' })).toBe('R100 - R500');
    expect(formatValue('category', service!.category, service, { parent: 'services' })).toBe('Transportation');
    expect(formatValue('priceRange', service!.priceRange, service, { parent: 'services' })).toBe('Contact for Quote');
    expect(formatValue('subjects', products.tutorInfo!.subjects)).toBe('Mathematics, Physical Sciences');
    // A list of entries read as a whole: one line per entry, no JSON.
    expect(formatValue('products', products.products)).toBe(
      'Name: Maths workbook; Category: Books; Description: Past papers; Price range: R100 - R500',
    );
    expect(formatValue('services', products.services)).toBe(
      'Name: School bus; Category: Transportation; Description: Daily routes; Price range: Contact for Quote',
    );
    expect(formatValue('tutorInfo', products.tutorInfo)).toBe(
      'Subjects: Mathematics, Physical Sciences; Qualifications: BSc Mathematics (Wits); ' +
        'Experience: Six years of matric tutoring; Teaching methods: Not given',
    );
    expectReadable(shownFields(products, 'business_partner'));
  });

  it('shows the fee step by its labels', () => {
    const shown = shownFields(fees, 'business_partner');
    expect(shown['Business partner types']).toBe('Tutor / Course Provider, Product Vendor');
    expect(shown['Partner type']).toBe('Tutor / Course Provider, Product Vendor');
    expect(shown['Commission tier']).toBe('Basic');
    expect(formatValue('acceptedSLA', true)).toBe('Yes');
    expect(humanizeKey('acceptedSLA')).toBe('Accepted SLA');
  });

  it('shows the fees paid in Rand, without the word cents', () => {
    const data = payment.packageData;
    const scope = { userType: 'business_partner', parent: 'packageData' };
    expect(humanizeKey('registrationFeeCents')).toBe('Registration fee');
    expect(formatValue('registrationFeeCents', data.registrationFeeCents, data, scope)).toBe('R298,00');
    expect(formatValue('recurringMonthlyCents', data.recurringMonthlyCents, data, scope)).toBe('R49,50');
    expect(formatValue('commissionTier', data.commissionTier, data, scope)).toBe('Basic');
    expect(formatValue('partnerTypes', data.partnerTypes, data, scope)).toBe('Tutor / Course Provider, Product Vendor');
    expect(formatValue('id', data.id, data, scope)).toBe('Business partner registration fees');
    expect(formatValue('packageData', data, payment, { userType: 'business_partner' })).toBe(
      'Id: Business partner registration fees; Partner types: Tutor / Course Provider, Product Vendor; ' +
        'Commission tier: Basic; Registration fee: R298,00; Recurring monthly: R49,50; Recurring yearly: R99,50',
    );
    expectReadable(shownFields(payment, 'business_partner'));
  });
});

describe('a school package in the console', () => {
  it('shows the package by name and its price in Rand', () => {
    const packageData = { id: 'advanced', name: 'Advanced', priceCents: 399_900, students: 1000, includeSMS: false };
    expect(humanizeKey('priceCents')).toBe('Price');
    expect(formatValue('priceCents', 399_900)).toBe('R3 999,00');
    expect(formatValue('priceCents', '399900')).toBe('R3 999,00');
    expect(formatValue('id', 'advanced', packageData, { parent: 'packageData' })).toBe('Advanced');
    expect(formatValue('packageId', 'growth')).toBe('Growth');
    expect(humanizeKey('includeSMS')).toBe('Include SMS');
    // Not an integer number of cents: shown as stored rather than failing the page.
    expect(formatValue('priceCents', 12.5)).toBe('12.5');
  });
});

describe('a charity application in the console', () => {
  const details = ZCharityDetailsStep.parse({
    registeredName: 'Hope for Learners NPC',
    registrationNumber: '123-456 NPO',
    businessType: 'npo',
    streetAddress: '4 Long Street',
    suburb: 'Gardens',
    town: 'Cape Town',
    postalCode: '8001',
    country: 'south_africa',
    province: 'western_cape',
    displayName: 'Hope for Learners',
  });
  const products = ZCharityProductsServicesStep.parse({
    products: [
      { name: 'School jersey', category: 'uniforms_clothing', description: 'Knitted', priceRange: 'under_100' },
    ],
    services: [],
  });
  const terms = ZCharityTermsPackageStep.parse({ termsAccepted: true, privacyAccepted: true });

  it('shows the charity type, products and package by their labels', () => {
    const shown = shownFields(details, 'charity');
    expect(shown['Business type']).toBe('Non-Profit Organization (NPO)');
    expect(shown['Province']).toBe('Western Cape');
    expectReadable(shown);
    expect(formatValue('businessType', 'pbo', {}, { userType: 'charity' })).toBe('Public Benefit Organization (PBO)');
    const [product] = products.products;
    expect(formatValue('category', product!.category, product, { userType: 'charity', parent: 'products' })).toBe(
      'Uniforms & Clothing',
    );
    expect(formatValue('priceRange', product!.priceRange, product, { parent: 'products' })).toBe('Under R100');
    expect(shownFields(products, 'charity')['Services']).toBe('None');
    expect(shownFields(terms, 'charity')['Package id']).toBe('Charity');
  });
});

describe('a young entrepreneur application in the console', () => {
  it('shows the shop category, grade, relation and country by their labels', () => {
    const shop = ZShopInformationStep.parse({
      shopName: 'Lerato Bakes',
      shopDescription: 'Home-baked rusks and biscuits for school events.',
      shopCategory: 'food',
    });
    const personal = ZPersonalInformationStep.parse({
      firstName: 'Lerato',
      lastName: 'Mahlangu',
      dateOfBirth: '2010-05-14',
      phoneNumber: '0821234567',
      schoolName: 'Sunrise High School',
      grade: '10',
    });
    const guardian = ZGuardianInformationStep.parse({
      relation: 'parent',
      firstName: 'Grace',
      lastName: 'Mahlangu',
      country: 'south_africa',
      idNumber: '8001015009087',
      address: '5 Jacaranda Avenue, Pretoria',
      email: 'grace@example.test',
      phone: '0827654321',
      consent: true,
    });
    expect(shownFields(shop, 'young_entrepreneur')['Shop category']).toBe('Food & Beverages');
    expect(shownFields(personal, 'young_entrepreneur')['Grade']).toBe('Grade 10');
    const shownGuardian = shownFields(guardian, 'young_entrepreneur');
    expect(shownGuardian['Relation']).toBe('Parent');
    expect(shownGuardian['Country']).toBe('South Africa');
    expect(shownGuardian['Consent']).toBe('Yes');
    for (const shown of [shop, personal, guardian].map((data) => shownFields(data, 'young_entrepreneur'))) {
      expectReadable(shown);
    }
  });
});
