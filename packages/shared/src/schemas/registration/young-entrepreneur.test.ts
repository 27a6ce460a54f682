import { describe, expect, it } from 'vitest';
import { luhnCheckDigit, SA_ID_INVALID_MESSAGES } from '../../domain/sa-id.ts';
import {
  YOUNG_ENTREPRENEUR_MESSAGES as M,
  ZDocumentUploadStep,
  ZGuardianInformationStep,
  ZPersonalInformationStep,
  ZShopInformationStep,
  dateOfBirthSchema,
  guardianConsentText,
  hasAllRequiredDocuments,
} from './young-entrepreneur.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

/** A valid South African ID for a birth date (YYMMDD), citizen. */
function saId(yymmdd: string): string {
  const first12 = `${yymmdd}5009087`.slice(0, 12);
  return first12 + String(luhnCheckDigit(first12));
}

describe('step 1, shop (spec 5 "Shop")', () => {
  it('accepts a shop', () => {
    expect(
      ZShopInformationStep.parse({
        shopName: 'Bead Bazaar',
        shopDescription: 'Handmade bead jewellery',
        shopCategory: 'crafts',
      }),
    ).toMatchObject({
      shopCategory: 'crafts',
    });
  });

  it('gives the spec messages', () => {
    expect(
      messagesOf(ZShopInformationStep.safeParse({ shopName: '', shopDescription: 'Too short', shopCategory: '' })),
    ).toEqual({
      shopName: 'Shop name is required',
      shopDescription: 'Please provide a description of at least 10 characters',
      shopCategory: 'Shop category is required',
    });
    expect(messagesOf(ZShopInformationStep.safeParse({}))).toEqual({
      shopName: M.shopNameRequired,
      shopDescription: M.shopDescriptionTooShort,
      shopCategory: M.shopCategoryRequired,
    });
  });

  it('knows the five categories of spec 3', () => {
    for (const category of ['crafts', 'food', 'digital', 'services', 'other']) {
      expect(
        ZShopInformationStep.safeParse({ shopName: 'x', shopDescription: '0123456789', shopCategory: category })
          .success,
      ).toBe(true);
    }
  });
});

describe('step 2, personal and school information (spec 5 "Personal")', () => {
  const VALID = {
    firstName: 'Naledi',
    lastName: 'Dlamini',
    dateOfBirth: '2011-03-14',
    phoneNumber: '0821234567',
    schoolName: 'Soweto High',
    grade: '9',
  };

  it('accepts a learner in Grade 1 to 12', () => {
    expect(ZPersonalInformationStep.parse(VALID)).toEqual(VALID);
    expect(ZPersonalInformationStep.safeParse({ ...VALID, grade: '12' }).success).toBe(true);
    expect(messagesOf(ZPersonalInformationStep.safeParse({ ...VALID, grade: 'R' }))).toEqual({
      grade: 'Grade is required',
    });
    expect(messagesOf(ZPersonalInformationStep.safeParse({ ...VALID, grade: '13' }))).toEqual({
      grade: 'Grade is required',
    });
  });

  it('gives the spec messages', () => {
    expect(
      messagesOf(
        ZPersonalInformationStep.safeParse({
          firstName: '',
          lastName: ' ',
          dateOfBirth: '',
          phoneNumber: '082',
          schoolName: '',
          grade: '',
        }),
      ),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      dateOfBirth: 'Date of birth is required',
      phoneNumber: 'Please enter a valid phone number',
      schoolName: 'School name is required',
      grade: 'Grade is required',
    });
  });

  it('refuses a date of birth after today', () => {
    const schema = dateOfBirthSchema(() => '2026-11-23');
    expect(schema.safeParse('2026-11-23').success).toBe(true);
    expect(schema.safeParse('2026-11-24').error?.issues[0]?.message).toBe(M.dateOfBirthInFuture);
    expect(schema.safeParse('14/03/2011').error?.issues[0]?.message).toBe(M.dateOfBirthInvalid);
    expect(messagesOf(ZPersonalInformationStep.safeParse({ ...VALID, dateOfBirth: '2999-01-01' }))).toEqual({
      dateOfBirth: M.dateOfBirthInFuture,
    });
  });
});

describe('step 3, guardian (spec 5 "Guardian"; D16)', () => {
  const VALID = {
    relation: 'guardian',
    firstName: 'Thabo',
    lastName: 'Dlamini',
    country: 'south_africa',
    idNumber: saId('800101'),
    address: '4 Vilakazi Street, Orlando West, Soweto, 1804',
    email: 'Thabo@Example.co.za',
    phone: '0831234567',
    consent: true,
  };

  it('accepts a guardian with a valid South African ID', () => {
    expect(ZGuardianInformationStep.parse(VALID)).toMatchObject({ email: 'thabo@example.co.za', relation: 'guardian' });
  });

  it('gives the spec messages', () => {
    expect(
      messagesOf(
        ZGuardianInformationStep.safeParse({
          relation: '',
          firstName: '',
          lastName: '',
          idNumber: '',
          address: '',
          email: 'nope',
          phone: '',
          consent: false,
        }),
      ),
    ).toEqual({
      relation: 'Relation is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      idNumber: 'ID number is required',
      address: 'Address is required',
      email: 'Invalid email address',
      phone: 'Phone number is required',
      consent: 'You must agree to the terms',
    });
    expect(messagesOf(ZGuardianInformationStep.safeParse({ ...VALID, email: '' }))).toEqual({
      email: 'Invalid email address',
    });
  });

  it('checks a South African ID number, and only when the country is South Africa', () => {
    const wrongCheckDigit = VALID.idNumber.slice(0, 12) + String((Number(VALID.idNumber[12]) + 1) % 10);
    expect(messagesOf(ZGuardianInformationStep.safeParse({ ...VALID, idNumber: wrongCheckDigit }))).toEqual({
      idNumber: SA_ID_INVALID_MESSAGES.checksum,
    });
    expect(messagesOf(ZGuardianInformationStep.safeParse({ ...VALID, idNumber: '12345' }))).toEqual({
      idNumber: SA_ID_INVALID_MESSAGES.format,
    });
    expect(ZGuardianInformationStep.safeParse({ ...VALID, country: 'namibia', idNumber: 'N1234567' }).success).toBe(
      true,
    );
    expect(
      ZGuardianInformationStep.parse({ ...VALID, idNumber: `${VALID.idNumber.slice(0, 6)} ${VALID.idNumber.slice(6)}` })
        .idNumber,
    ).toBe(VALID.idNumber);
  });

  it('knows the four relations, shown Parent, Legal Guardian, Grandparent, Other', () => {
    for (const relation of ['parent', 'guardian', 'grandparent', 'other']) {
      expect(ZGuardianInformationStep.safeParse({ ...VALID, relation }).success).toBe(true);
    }
  });

  it("the consent names the guardian and the child and makes the guardian responsible for the child's acts", () => {
    const text = guardianConsentText('Thabo Dlamini', 'Naledi Dlamini');
    expect(text).toContain('I, Thabo Dlamini,');
    expect(text).toContain('Naledi Dlamini');
    expect(text).toMatch(/responsibility for Naledi Dlamini's acts/);
  });
});

describe('step 4, documents (spec 5)', () => {
  const file = (n: number) => ({
    id: `0b6c1c8e-4f7a-4c1e-9d1a-00000000000${n}`,
    name: `doc-${n}.pdf`,
    size: 10,
    mimeType: 'application/pdf',
  });
  const REQUIRED = {
    id_document: file(1),
    proof_of_residence: file(2),
    business_registration: file(3),
    guardian_consent_form: file(4),
  };

  it("says 'Please upload all required documents before continuing.' until the required ones are in", () => {
    expect(messagesOf(ZDocumentUploadStep.safeParse({ documentFiles: {} }))).toEqual({
      documentFiles: 'Please upload all required documents before continuing.',
    });
    expect(
      messagesOf(ZDocumentUploadStep.safeParse({ documentFiles: { ...REQUIRED, business_registration: null } })),
    ).toEqual({
      documentFiles: M.documentsRequired,
    });
    expect(hasAllRequiredDocuments({ ...REQUIRED, business_registration: null })).toBe(false);
    expect(hasAllRequiredDocuments(REQUIRED)).toBe(true);
  });

  it('submits documentFiles and hasUploadedRequiredDocuments; the optional ones may be missing', () => {
    expect(ZDocumentUploadStep.parse({ documentFiles: REQUIRED })).toEqual({
      documentFiles: { ...REQUIRED, tax_clearance: null, bank_statement: null },
      hasUploadedRequiredDocuments: true,
    });
  });
});
