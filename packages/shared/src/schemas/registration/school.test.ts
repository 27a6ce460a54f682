import { describe, expect, it } from 'vitest';
import { BANKING_MESSAGES, ZBankingDetails, ZOptionalBankingDetails } from './banking.ts';
import { REGISTRATION_MESSAGES, ZPaymentReturnStep } from './common.ts';
import { SCHOOL_MESSAGES, ZSchoolInformationStep, ZSchoolPackageStep } from './school.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const file = (n: number) => ({
  id: `0b6c1c8e-4f7a-4c1e-9d1a-00000000000${n}`,
  name: `doc-${n}.pdf`,
  size: 1024,
  mimeType: 'application/pdf',
});

const VALID = {
  registeredName: 'Sunrise Primary School',
  registrationNumber: 'EMIS 700123456',
  tagLine: '',
  schoolType: 'primary',
  logoFile: { ...file(1), mimeType: 'image/png', name: 'logo.png' },
  streetAddress: '12 Church Street',
  suburb: 'Arcadia',
  town: 'Pretoria',
  postalCode: '0083',
  province: 'gauteng',
  country: 'south_africa',
  googleMapsLink: '',
  bankingDetails: {
    accountName: '',
    bank: '',
    otherBankName: '',
    accountNumber: '',
    branchCode: '',
    swiftCode: '',
    accountType: '',
  },
  displayName: 'Sunrise Primary',
  documentFiles: {
    registrationCertificate: file(2),
    proofOfAddress: file(3),
    taxClearance: null,
    bankProof: file(4),
    authorityLetter: null,
    identityDocument: file(5),
  },
};

describe('school step 1 (spec 5 "School form")', () => {
  it('accepts a complete form; empty banking is stored as null (banking is optional)', () => {
    const parsed = ZSchoolInformationStep.parse(VALID);
    expect(parsed.bankingDetails).toBeNull();
    expect(parsed.documentFiles.taxClearance).toBeNull();
    expect(parsed.registeredName).toBe('Sunrise Primary School');
  });

  it('gives every required-field message of the spec', () => {
    const blank = {
      ...VALID,
      registeredName: ' ',
      registrationNumber: '',
      schoolType: '',
      streetAddress: '',
      suburb: '',
      town: '',
      postalCode: '',
      province: '',
      country: '',
      displayName: '',
    };
    expect(messagesOf(ZSchoolInformationStep.safeParse(blank))).toEqual({
      registeredName: 'Registered name is required',
      registrationNumber: 'Registration number is required',
      schoolType: 'School type is required',
      streetAddress: 'Street address is required',
      suburb: 'Suburb is required',
      town: 'Town/City is required',
      postalCode: 'Postal code is required',
      province: 'Province/State is required',
      country: 'Country is required',
      displayName: 'Display name is required',
    });
  });

  it('needs the logo and the four required documents, not the two optional ones', () => {
    const result = ZSchoolInformationStep.safeParse({
      ...VALID,
      logoFile: null,
      documentFiles: {
        registrationCertificate: null,
        proofOfAddress: undefined,
        bankProof: null,
        identityDocument: null,
      },
    });
    expect(messagesOf(result)).toEqual({
      logoFile: 'This file is required',
      'documentFiles.registrationCertificate': 'This file is required',
      'documentFiles.proofOfAddress': 'This file is required',
      'documentFiles.bankProof': 'This file is required',
      'documentFiles.identityDocument': 'This file is required',
    });
    expect(SCHOOL_MESSAGES.fileRequired).toBe('This file is required');
  });

  it('checks the province belongs to the country (D16) and the optional link', () => {
    expect(messagesOf(ZSchoolInformationStep.safeParse({ ...VALID, country: 'namibia', province: 'gauteng' }))).toEqual(
      {
        province: REGISTRATION_MESSAGES.provinceNotInCountry,
      },
    );
    expect(ZSchoolInformationStep.safeParse({ ...VALID, country: 'namibia', province: 'khomas' }).success).toBe(true);
    expect(messagesOf(ZSchoolInformationStep.safeParse({ ...VALID, googleMapsLink: 'not a link' }))).toEqual({
      googleMapsLink: REGISTRATION_MESSAGES.linkInvalid,
    });
    expect(
      ZSchoolInformationStep.parse({ ...VALID, googleMapsLink: 'https://maps.app.goo.gl/abc' }).googleMapsLink,
    ).toBe('https://maps.app.goo.gl/abc');
  });

  it('applies the banking rules inside the school form once banking is started', () => {
    const result = ZSchoolInformationStep.safeParse({
      ...VALID,
      bankingDetails: { ...VALID.bankingDetails, bank: 'other' },
    });
    expect(messagesOf(result)).toEqual({
      'bankingDetails.accountName': 'Account name is required',
      'bankingDetails.accountNumber': 'Account number is required',
      'bankingDetails.branchCode': 'Branch code is required',
      'bankingDetails.swiftCode': 'SWIFT code is required',
      'bankingDetails.accountType': 'Account type is required',
      'bankingDetails.otherBankName': "Bank name is required when 'Other' is selected",
    });
  });
});

describe('banking form (spec 5 "Banking form")', () => {
  const BANKING = {
    accountName: 'Sunrise Primary School',
    bank: 'fnb',
    otherBankName: 'left over',
    accountNumber: '6200 1234 567',
    branchCode: '250655',
    swiftCode: 'firnzajj',
    accountType: 'current',
  };

  it('normalises a valid form and drops a bank name typed for Other when another bank is chosen', () => {
    expect(ZBankingDetails.parse(BANKING)).toEqual({
      ...BANKING,
      otherBankName: '',
      accountNumber: '62001234567',
      swiftCode: 'FIRNZAJJ',
    });
    expect(ZBankingDetails.parse({ ...BANKING, bank: 'other', otherBankName: 'Ubank' }).otherBankName).toBe('Ubank');
  });

  it('gives every message of the spec', () => {
    expect(messagesOf(ZBankingDetails.safeParse({}))).toEqual({
      accountName: BANKING_MESSAGES.accountNameRequired,
      bank: 'Bank is required',
      accountNumber: 'Account number is required',
      branchCode: 'Branch code is required',
      swiftCode: 'SWIFT code is required',
      accountType: 'Account type is required',
    });
    expect(messagesOf(ZBankingDetails.safeParse({ ...BANKING, bank: 'other', otherBankName: ' ' }))).toEqual({
      otherBankName: "Bank name is required when 'Other' is selected",
    });
  });

  it('checks digits and the SWIFT code shape', () => {
    expect(
      messagesOf(ZBankingDetails.safeParse({ ...BANKING, accountNumber: '12ab', branchCode: '25x', swiftCode: 'FNB' })),
    ).toEqual({
      accountNumber: BANKING_MESSAGES.accountNumberDigits,
      branchCode: BANKING_MESSAGES.branchCodeDigits,
      swiftCode: BANKING_MESSAGES.swiftCodeFormat,
    });
    expect(ZBankingDetails.safeParse({ ...BANKING, swiftCode: 'SBZAZAJJXXX' }).success).toBe(true);
  });

  it('is optional as a whole: empty or absent is null', () => {
    expect(ZOptionalBankingDetails.parse(undefined)).toBeNull();
    expect(ZOptionalBankingDetails.parse(null)).toBeNull();
    expect(ZOptionalBankingDetails.parse({ bank: '', accountName: '  ' })).toBeNull();
    expect(ZOptionalBankingDetails.parse(BANKING)?.accountNumber).toBe('62001234567');
  });
});

describe('school steps 2 and 4', () => {
  it("package step: 'Please select a package before continuing.'", () => {
    expect(ZSchoolPackageStep.parse({ packageId: 'advanced' })).toEqual({ packageId: 'advanced' });
    expect(messagesOf(ZSchoolPackageStep.safeParse({}))).toEqual({
      packageId: 'Please select a package before continuing.',
    });
    expect(messagesOf(ZSchoolPackageStep.safeParse({ packageId: 'gold' }))).toEqual({
      packageId: 'Please select a package before continuing.',
    });
  });

  it('payment return step carries the transaction reference and the package', () => {
    expect(
      ZPaymentReturnStep.parse({ transactionRef: 'SBX-1', packageData: { id: 'advanced', name: 'Advanced' } }),
    ).toEqual({
      transactionRef: 'SBX-1',
      packageData: { id: 'advanced', name: 'Advanced' },
    });
    expect(ZPaymentReturnStep.safeParse({ transactionRef: '' }).success).toBe(false);
  });
});
