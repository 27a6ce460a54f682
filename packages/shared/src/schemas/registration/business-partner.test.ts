import { describe, expect, it } from 'vitest';
import { REGISTRATION_MESSAGES } from './common.ts';
import {
  BUSINESS_PARTNER_MESSAGES as M,
  BUSINESS_SUBMIT_TOASTS,
  ZBusinessInformationStep,
  ZBusinessProductsServicesStep,
  ZCharityProductsServicesStep,
  ZFeesCommissionStep,
  ZServiceLevelAgreementStep,
  businessProductsServicesSchemaFor,
  businessSubmitProblem,
  isBlankEntry,
  productSectionsFor,
} from './business-partner.ts';

type TResult = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const messageAt = (result: TResult, path: string) =>
  result.error?.issues.find((issue) => issue.path.map(String).join('.') === path)?.message;

const file = (name: string) => ({ id: crypto.randomUUID(), name, size: 1234, mimeType: 'application/pdf' });

const validBusiness = {
  businessPartnerTypes: ['tutor', 'product_vendor'],
  registeredName: 'Ubuntu Learning (Pty) Ltd',
  registrationNumber: '2019/123456/07',
  tagLine: '',
  businessType: 'private_company',
  streetAddress: '12 Jan Smuts Avenue',
  suburb: 'Parktown',
  town: 'Johannesburg',
  postalCode: '2193',
  province: 'gauteng',
  country: 'south_africa',
  displayName: 'Ubuntu Learning',
  googleMapsLink: 'https://maps.app.goo.gl/abc123',
  logoFile: { ...file('logo.png'), mimeType: 'image/png' },
  documentFiles: {
    registrationCertificate: file('cipc.pdf'),
    taxClearance: null,
    bankProof: file('bank.pdf'),
    authorityLetter: null,
    identityDocument: file('id.pdf'),
    otherDocuments: null,
  },
};

describe('business information step', () => {
  it('accepts a complete step and keeps it unchanged when parsed again (the server re-validates at submit)', () => {
    const parsed = ZBusinessInformationStep.parse(validBusiness);
    expect(parsed).toMatchObject({ registeredName: 'Ubuntu Learning (Pty) Ltd', province: 'gauteng' });
    expect(ZBusinessInformationStep.parse(parsed)).toEqual(parsed);
  });

  it('gives the spec message for every missing field', () => {
    const result = ZBusinessInformationStep.safeParse({
      businessPartnerTypes: [],
      registeredName: ' ',
      registrationNumber: '',
      businessType: '',
      streetAddress: '',
      suburb: '',
      town: '',
      postalCode: '',
      province: '',
      country: '',
      displayName: '',
      logoFile: null,
      documentFiles: {},
    });
    expect(messageAt(result, 'businessPartnerTypes')).toBe('Please select at least one business partner type');
    expect(messageAt(result, 'registeredName')).toBe('Registered name is required');
    expect(messageAt(result, 'registrationNumber')).toBe('Registration number is required');
    expect(messageAt(result, 'businessType')).toBe('Business type is required');
    expect(messageAt(result, 'streetAddress')).toBe('Street address is required');
    expect(messageAt(result, 'suburb')).toBe('Suburb is required');
    expect(messageAt(result, 'town')).toBe('Town/City is required');
    expect(messageAt(result, 'postalCode')).toBe('Postal code is required');
    expect(messageAt(result, 'province')).toBe('Province/State is required');
    expect(messageAt(result, 'country')).toBe('Country is required');
    expect(messageAt(result, 'displayName')).toBe('Display name is required');
    expect(messageAt(result, 'logoFile')).toBe('Please upload a business logo');
    expect(messageAt(result, 'documentFiles.registrationCertificate')).toBe('This file is required');
    expect(messageAt(result, 'documentFiles.bankProof')).toBe('This file is required');
    expect(messageAt(result, 'documentFiles.identityDocument')).toBe('This file is required');
    expect(messageAt(result, 'documentFiles.taxClearance')).toBeUndefined();
    expect(messageAt(result, 'documentFiles.authorityLetter')).toBeUndefined();
    expect(messageAt(result, 'documentFiles.otherDocuments')).toBeUndefined();
    expect(messageAt(result, 'tagLine')).toBeUndefined();
    expect(messageAt(result, 'googleMapsLink')).toBeUndefined();
  });

  it('refuses an unknown partner type, a repeated one, a province of another country and a link that is not one', () => {
    expect(messageAt(ZBusinessInformationStep.safeParse({ ...validBusiness, businessPartnerTypes: ['astronaut'] }), 'businessPartnerTypes.0')).toBe(M.partnerTypeRequired);
    expect(messageAt(ZBusinessInformationStep.safeParse({ ...validBusiness, businessPartnerTypes: ['tutor', 'tutor'] }), 'businessPartnerTypes')).toBe(M.partnerTypeRequired);
    expect(messageAt(ZBusinessInformationStep.safeParse({ ...validBusiness, country: 'namibia' }), 'province')).toBe(REGISTRATION_MESSAGES.provinceNotInCountry);
    expect(ZBusinessInformationStep.safeParse({ ...validBusiness, country: 'namibia', province: 'khomas' }).success).toBe(true);
    expect(messageAt(ZBusinessInformationStep.safeParse({ ...validBusiness, googleMapsLink: 'my shop' }), 'googleMapsLink')).toBe(REGISTRATION_MESSAGES.linkInvalid);
  });

  it('checks type, logo and the three required documents in the spec order, with its toasts', () => {
    expect(businessSubmitProblem(validBusiness)).toBeNull();
    expect(businessSubmitProblem({ ...validBusiness, businessPartnerTypes: [], logoFile: null })).toBe(BUSINESS_SUBMIT_TOASTS.partnerTypeRequired);
    expect(businessSubmitProblem({ ...validBusiness, logoFile: null, documentFiles: {} })).toEqual({
      title: 'Logo Required',
      description: 'Please upload a business logo',
    });
    for (const missing of ['registrationCertificate', 'bankProof', 'identityDocument'] as const) {
      expect(businessSubmitProblem({ ...validBusiness, documentFiles: { ...validBusiness.documentFiles, [missing]: null } })).toEqual({
        title: 'Required Documents Missing',
        description: 'Please upload all required documents',
      });
    }
    expect(BUSINESS_SUBMIT_TOASTS.submissionError).toEqual({
      title: 'Submission Error',
      description: 'There was a problem submitting the form. Please try again.',
    });
    expect(BUSINESS_SUBMIT_TOASTS.partnerTypeRequired.title).toBe('Business Partner Type Required');
  });
});

const product = { name: 'Maths workbook', category: 'books', description: 'Grade 10 exercises', priceRange: '100_500' };
const service = { name: 'School transport', category: 'transportation', description: 'Daily trips', priceRange: 'contact_for_quote' };
const tutorInfo = { subjects: ['mathematics'], qualifications: 'BSc Mathematics', experience: '5 years', teachingMethods: '' };
const consultantInfo = { specialization: 'School finance', experience: '10 years', qualifications: 'CA(SA)', servicesOffered: 'Budgeting', rates: '' };

describe('products and services step', () => {
  it('shows the tabs of the matching partner types only (lenient matching)', () => {
    expect(productSectionsFor(['Tutor / Course Provider', 'vendor'])).toEqual({ tutorInfo: true, products: true, services: false, consultantInfo: false });
    expect(productSectionsFor([])).toEqual({ tutorInfo: false, products: false, services: false, consultantInfo: false });
  });

  it('requires the overview and the section of each chosen type, with the spec messages', () => {
    const schema = businessProductsServicesSchemaFor(['tutor', 'product_vendor', 'service_provider', 'consultant']);
    const result = schema.safeParse({
      overview: '',
      tutorInfo: { subjects: [], qualifications: '', experience: '' },
      consultantInfo: { specialization: '', experience: '', qualifications: '', servicesOffered: '' },
      products: [{ name: '', category: '', description: '', priceRange: '' }],
      services: [{ name: '', category: '', description: '', priceRange: '' }],
    });
    expect(messageAt(result, 'overview')).toBe('Business overview is required');
    expect(messageAt(result, 'tutorInfo.subjects')).toBe('At least one subject is required');
    expect(messageAt(result, 'tutorInfo.qualifications')).toBe('Qualifications are required');
    expect(messageAt(result, 'tutorInfo.experience')).toBe('Experience is required');
    expect(messageAt(result, 'consultantInfo.specialization')).toBe('Specialization is required');
    expect(messageAt(result, 'consultantInfo.experience')).toBe('Experience is required');
    expect(messageAt(result, 'consultantInfo.servicesOffered')).toBe('Services offered is required');
    expect(messageAt(result, 'products.0.name')).toBe('Product name is required');
    expect(messageAt(result, 'products.0.category')).toBe('Category is required');
    expect(messageAt(result, 'products.0.description')).toBe('Description is required');
    expect(messageAt(result, 'products.0.priceRange')).toBe('Price range is required');
    expect(messageAt(result, 'services.0.name')).toBe('Service name is required');
    expect(messageAt(result, 'services.0.category')).toBe('Category is required');
    expect(messageAt(result, 'services.0.description')).toBe('Description is required');
    expect(messageAt(result, 'services.0.priceRange')).toBe('Price range is required');
  });

  it('accepts a complete profile, which the stored schema accepts too', () => {
    const values = { overview: 'We tutor and sell books.', tutorInfo, consultantInfo, products: [product], services: [service] };
    const parsed = businessProductsServicesSchemaFor(['tutor', 'product_vendor', 'service_provider', 'consultant']).parse(values);
    expect(ZBusinessProductsServicesStep.parse(parsed)).toEqual(parsed);
  });

  it('does not ask for the sections of types not chosen', () => {
    expect(businessProductsServicesSchemaFor(['consultant']).safeParse({ overview: 'Advice', consultantInfo }).success).toBe(true);
    expect(messageAt(businessProductsServicesSchemaFor(['tutor']).safeParse({ overview: 'x' }), 'tutorInfo')).toBeDefined();
  });

  it('drops blank entries of an optional list, and the charity may leave everything empty', () => {
    expect(isBlankEntry({ name: ' ', category: '', description: '', priceRange: '' })).toBe(true);
    expect(isBlankEntry({ name: 'x', category: '' })).toBe(false);
    expect(ZCharityProductsServicesStep.parse({ overview: '', products: [{ name: '', category: '', description: '', priceRange: '' }], services: [] })).toEqual({
      overview: '',
      products: [],
      services: [],
    });
    expect(ZCharityProductsServicesStep.parse({})).toEqual({ overview: '', products: [], services: [] });
    expect(messageAt(ZCharityProductsServicesStep.safeParse({ products: [{ ...product, priceRange: '' }] }), 'products.0.priceRange')).toBe(M.priceRangeRequired);
  });
});

describe('fees and commission step', () => {
  it('needs at least one role', () => {
    expect(messageAt(ZFeesCommissionStep.safeParse({ businessPartnerTypes: [], commissionTier: 'free' }), 'businessPartnerTypes')).toBe('Please select at least one role');
    expect(messageAt(ZFeesCommissionStep.safeParse({ commissionTier: 'free' }), 'businessPartnerTypes')).toBe('Please select at least one role');
  });

  it('needs a known commission tier', () => {
    expect(messageAt(ZFeesCommissionStep.safeParse({ businessPartnerTypes: ['tutor'] }), 'commissionTier')).toBe(M.commissionTierRequired);
    expect(messageAt(ZFeesCommissionStep.safeParse({ businessPartnerTypes: ['tutor'], commissionTier: 'gold' }), 'commissionTier')).toBe(M.commissionTierRequired);
  });

  it('outputs partnerType and businessPartnerTypes as the same list, and parses its own output', () => {
    const parsed = ZFeesCommissionStep.parse({ businessPartnerTypes: ['tutor', 'consultant'], commissionTier: 'standard' });
    expect(parsed).toEqual({ businessPartnerTypes: ['tutor', 'consultant'], partnerType: ['tutor', 'consultant'], commissionTier: 'standard' });
    expect(ZFeesCommissionStep.parse(parsed)).toEqual(parsed);
  });
});

describe('service level agreement step', () => {
  it('must be accepted', () => {
    expect(ZServiceLevelAgreementStep.safeParse({ acceptedSLA: true }).success).toBe(true);
    expect(messageAt(ZServiceLevelAgreementStep.safeParse({ acceptedSLA: false }), 'acceptedSLA')).toBe(M.slaRequired);
    expect(messageAt(ZServiceLevelAgreementStep.safeParse({}), 'acceptedSLA')).toBe(M.slaRequired);
  });
});

describe('optional lists keep the row of each problem', () => {
  it('reports an incomplete entry after a blank one at its own index', () => {
    const result = ZCharityProductsServicesStep.safeParse({
      products: [{ name: '', category: '', description: '', priceRange: '' }, { ...product, description: '' }],
    });
    expect(messageAt(result, 'products.1.description')).toBe(M.descriptionRequired);
    expect(messageAt(result, 'products.0.description')).toBeUndefined();
  });
});
