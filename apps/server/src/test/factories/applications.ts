import { randomBytes } from 'node:crypto';
import type { TUploadedFile } from '@sekolo/shared/schemas/uploads';
import type { TConfig } from '../../platform/config/env.ts';
import type { Database } from '../../platform/db/client.ts';
import { applications, paymentOrders, type TApplicationStatus, type TStepData } from '../../platform/db/schema/index.ts';
import { createUpload } from '../../modules/uploads/create-upload.ts';
import { createFileStorage } from '../../modules/uploads/create-file-storage.ts';
import { createUser, type TCreatedUser, type TUserOverrides } from './accounts.ts';

/**
 * Applications for tests and the demo seed: an applicant with a complete wizard draft, real
 * uploaded documents and, for the types that pay, a paid registration order.
 */

/** A one-page PDF: enough for the uploads module to recognise it by its bytes. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export async function uploadTestFile(
  db: Database,
  config: TConfig,
  owner: { id: string; status: string },
  name = 'document.pdf',
): Promise<TUploadedFile> {
  return createUpload(db, createFileStorage(config), {
    ownerUserId: owner.id,
    ownerStatus: owner.status,
    purpose: 'application-document',
    fileName: name,
    bytes: TINY_PDF,
  });
}

type TFiles = (name: string) => Promise<TUploadedFile>;

export async function buildSchoolStepData(file: TFiles, overrides: { name?: string } = {}): Promise<TStepData> {
  const name = overrides.name ?? 'Sunrise Primary School';
  return {
    '1': {
      registeredName: `${name} NPC`,
      registrationNumber: '2019/123456/08',
      tagLine: 'Learning for life',
      schoolType: 'primary',
      logoFile: await file('logo.pdf'),
      streetAddress: '12 Church Street',
      suburb: 'Hatfield',
      town: 'Pretoria',
      postalCode: '0083',
      country: 'south_africa',
      province: 'gauteng',
      googleMapsLink: '',
      displayName: name,
      documentFiles: {
        registrationCertificate: await file('registration-certificate.pdf'),
        proofOfAddress: await file('proof-of-address.pdf'),
        taxClearance: null,
        bankProof: await file('bank-letter.pdf'),
        authorityLetter: null,
        identityDocument: await file('id-document.pdf'),
      },
    },
    '2': { packageId: 'growth' },
    '3': { termsAccepted: true, privacyAccepted: true },
    '4': { transactionRef: 'SBX-TEST-0001', packageData: { id: 'growth' } },
  };
}

export async function buildYoungEntrepreneurStepData(file: TFiles, guardianEmail: string): Promise<TStepData> {
  return {
    '1': { shopName: 'Lerato Bakes', shopDescription: 'Home-baked rusks and biscuits for school events.', shopCategory: 'food' },
    '2': {
      firstName: 'Lerato',
      lastName: 'Mahlangu',
      dateOfBirth: '2010-05-14',
      phoneNumber: '0821234567',
      schoolName: 'Sunrise High School',
      grade: '10',
    },
    '3': {
      relation: 'parent',
      firstName: 'Grace',
      lastName: 'Mahlangu',
      country: 'south_africa',
      idNumber: '8001015009087',
      address: '5 Jacaranda Avenue, Pretoria',
      email: guardianEmail,
      phone: '0827654321',
      consent: true,
    },
    '4': {
      documentFiles: {
        id_document: await file('id.pdf'),
        proof_of_residence: await file('residence.pdf'),
        business_registration: await file('registration.pdf'),
        guardian_consent_form: await file('consent.pdf'),
        tax_clearance: null,
        bank_statement: null,
      },
    },
    '5': { termsAccepted: true, privacyAccepted: true },
  };
}

/** A paid registration order (what payments' findPaidRegistrationOrder looks for). */
export async function createPaidRegistrationOrder(db: Database, userId: string, kind: 'subscription' | 'registration' = 'subscription') {
  const [order] = await db
    .insert(paymentOrders)
    .values({
      reference: `TEST-${randomBytes(6).toString('hex').toUpperCase()}`,
      buyerUserId: userId,
      kind,
      amountCents: 0,
      description: 'Registration (test)',
      status: 'paid',
      provider: 'sandbox',
      returnUrl: '/payment-success',
      cancelUrl: '/payment-cancel',
      metadata: { context: { purpose: 'registration', packageId: 'growth' } },
      paidAt: new Date(),
    })
    .returning();
  return order!;
}

export type TApplicationFactoryInput = {
  userType?: 'school_admin' | 'young_entrepreneur';
  status?: TApplicationStatus;
  user?: TUserOverrides;
  /** School name (school_admin). */
  name?: string;
  guardianEmail?: string;
  paid?: boolean;
};

/**
 * An applicant with a complete draft (status 'draft'), or already 'submitted' without going through
 * the API (no mails, no guardian consent row: the API tests submit through the API for that).
 */
export async function createApplicationWithApplicant(
  db: Database,
  config: TConfig,
  input: TApplicationFactoryInput = {},
): Promise<{ user: TCreatedUser; applicationId: string; stepData: TStepData }> {
  const userType = input.userType ?? 'school_admin';
  const user = await createUser(db, { role: userType, status: 'applicant', ...input.user });
  const file: TFiles = (name) => uploadTestFile(db, config, user, name);
  const stepData =
    userType === 'school_admin'
      ? await buildSchoolStepData(file, { name: input.name })
      : await buildYoungEntrepreneurStepData(file, input.guardianEmail ?? `guardian-${randomBytes(4).toString('hex')}@example.test`);
  if (input.paid ?? userType === 'school_admin') await createPaidRegistrationOrder(db, user.id);
  const status = input.status ?? 'draft';
  const [row] = await db
    .insert(applications)
    .values({
      userId: user.id,
      userType,
      status,
      currentStep: Object.keys(stepData).length,
      stepData,
      submittedAt: status === 'draft' ? null : new Date(),
      submissionKey: status === 'draft' ? null : `factory-${randomBytes(8).toString('hex')}`,
    })
    .returning({ id: applications.id });
  return { user, applicationId: row!.id, stepData };
}
