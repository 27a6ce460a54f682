import { describe, expect, it } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  PUBLIC_FORM_MESSAGES as M,
  ZDemoBookingSchema,
  ZGeneralContactSchema,
  ZSpecialistContactSchema,
} from '@sekolo/shared/schemas/public-forms';
import { fieldErrorsOf } from './lazy-schema-form';

/**
 * The public forms validate with the shared schema themselves, without react-hook-form:
 * these run the same values through both and expect the same messages, so a
 * visitor sees exactly what react-hook-form with zodResolver showed.
 */
async function resolverMessages(schema: Parameters<typeof zodResolver>[0], values: Record<string, unknown>) {
  const result = await zodResolver(schema)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(
    Object.entries(result.errors).map(([field, error]) => [field, (error as { message?: string }).message]),
  );
}

function ourMessages(
  schema: {
    safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  values: Record<string, unknown>,
  fields: readonly string[],
) {
  const parsed = schema.safeParse(values);
  return parsed.success ? {} : fieldErrorsOf(parsed.error!.issues, fields);
}

const CONTACT_FIELDS = ['name', 'email', 'phone', 'organisation', 'subject', 'message'] as const;
const SPECIALIST_FIELDS = [
  'name',
  'email',
  'phone',
  'organisation',
  'schoolSize',
  'numberOfSchools',
  'message',
] as const;
const DEMO_FIELDS = [
  'name',
  'role',
  'email',
  'phone',
  'schoolName',
  'learnerCount',
  'preferredDate',
  'preferredTime',
  'notes',
] as const;

const contactCases: Record<string, unknown>[] = [
  { kind: 'general', name: '', email: '', phone: '', organisation: '', subject: '', message: '', website: '' },
  {
    kind: 'general',
    name: 'Thandi',
    email: 'not-an-email',
    phone: '12345',
    organisation: '',
    subject: 'Fees',
    message: 'short',
    website: '',
  },
  {
    kind: 'general',
    name: '  ',
    email: ' THANDI@EXAMPLE.CO.ZA ',
    phone: '082 123 4567',
    organisation: 'x'.repeat(201),
    subject: 's',
    message: 'Long enough message here',
    website: '',
  },
  {
    kind: 'general',
    name: 'Thandi',
    email: 'thandi@example.co.za',
    phone: '',
    organisation: '',
    subject: 'Fees',
    message: 'Can Sekolo remind parents?',
    website: '',
  },
];
const specialistCases: Record<string, unknown>[] = [
  {
    kind: 'specialists',
    name: '',
    email: '',
    phone: '',
    organisation: '',
    schoolSize: '',
    numberOfSchools: '1',
    message: '',
    website: '',
  },
  {
    kind: 'specialists',
    name: 'Pieter',
    email: 'p@x',
    phone: '+27 21 555 0199',
    organisation: 'Trust',
    schoolSize: 'huge',
    numberOfSchools: '1.5',
    message: 'We run 14 schools.',
    website: '',
  },
  {
    kind: 'specialists',
    name: 'Pieter',
    email: 'p@example.co.za',
    phone: '021 555 0199',
    organisation: 'Trust',
    schoolSize: 'over_50000',
    numberOfSchools: '0',
    message: 'We run 14 schools.',
    website: '',
  },
];
const demoCases: Record<string, unknown>[] = [
  {
    name: '',
    email: '',
    phone: '',
    schoolName: '',
    role: '',
    learnerCount: '',
    preferredDate: '',
    preferredTime: '',
    notes: '',
    website: '',
  },
  {
    name: 'Sipho',
    email: 'sipho@example.co.za',
    phone: '083 555 0123',
    schoolName: 'Soweto',
    role: 'principal',
    learnerCount: '85.5',
    preferredDate: '2000-01-03',
    preferredTime: '25:00',
    notes: '',
    website: '',
  },
  {
    name: 'Sipho',
    email: 'sipho@example.co.za',
    phone: '083',
    schoolName: 'Soweto',
    role: 'nobody',
    learnerCount: '200000',
    preferredDate: 'soon',
    preferredTime: '10:00',
    notes: 'n'.repeat(2001),
    website: '',
  },
];

describe('public forms: messages of the lazily loaded schema', () => {
  it('are the ones react-hook-form showed (general contact)', async () => {
    for (const values of contactCases) {
      expect(ourMessages(ZGeneralContactSchema, values, CONTACT_FIELDS)).toEqual(
        await resolverMessages(ZGeneralContactSchema, values),
      );
    }
  });

  it('are the ones react-hook-form showed (specialists)', async () => {
    for (const values of specialistCases) {
      expect(ourMessages(ZSpecialistContactSchema, values, SPECIALIST_FIELDS)).toEqual(
        await resolverMessages(ZSpecialistContactSchema, values),
      );
    }
  });

  it('are the ones react-hook-form showed (demo booking)', async () => {
    for (const values of demoCases) {
      expect(ourMessages(ZDemoBookingSchema, values, DEMO_FIELDS)).toEqual(
        await resolverMessages(ZDemoBookingSchema, values),
      );
    }
  });

  it('keep each field to its first message, in the spec wording', () => {
    const errors = ourMessages(ZGeneralContactSchema, contactCases[0]!, CONTACT_FIELDS);
    expect(errors).toEqual({
      name: M.nameRequired,
      email: M.emailRequired,
      subject: M.subjectRequired,
      message: M.messageTooShort,
    });
    expect(ourMessages(ZGeneralContactSchema, contactCases[3]!, CONTACT_FIELDS)).toEqual({});
  });
});
