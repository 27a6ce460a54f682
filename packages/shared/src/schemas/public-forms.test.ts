import { describe, expect, it } from 'vitest';
import { addDays, nextWeekday, todayInSouthAfrica } from '../domain/sa-calendar.ts';
import {
  PUBLIC_FORM_MESSAGES as M,
  ZContactMessageSchema,
  ZDemoBookingSchema,
  ZNewsletterSubscribeSchema,
  demoDateProblem,
} from './public-forms.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  result.error?.issues.find((issue) => issue.path[0] === field)?.message;

describe('newsletter subscribe schema', () => {
  it('trims and lower-cases the address', () => {
    expect(ZNewsletterSubscribeSchema.parse({ email: '  Thandi@Example.CO.ZA ' }).email).toBe('thandi@example.co.za');
  });

  it('asks for an address, then for a valid one', () => {
    expect(firstMessage(ZNewsletterSubscribeSchema.safeParse({ email: '' }), 'email')).toBe(M.emailRequired);
    expect(firstMessage(ZNewsletterSubscribeSchema.safeParse({ email: 'not-an-email' }), 'email')).toBe(M.emailInvalid);
  });
});

describe('contact schema', () => {
  const general = { kind: 'general', name: 'Thandi', email: 'thandi@example.co.za', subject: 'Fees', message: 'How do fee reminders work?' };

  it('accepts a general message without a phone number and normalises one that is given', () => {
    expect(ZContactMessageSchema.parse(general)).toMatchObject({ phone: '', organisation: '' });
    expect(ZContactMessageSchema.parse({ ...general, phone: '082 123 4567' })).toMatchObject({ phone: '+27821234567' });
  });

  it('refuses a foreign or malformed phone number with the SA example', () => {
    expect(firstMessage(ZContactMessageSchema.safeParse({ ...general, phone: '12345' }), 'phone')).toBe(M.phoneInvalid);
  });

  it('needs organisation, size and phone for the specialists', () => {
    const result = ZContactMessageSchema.safeParse({ ...general, kind: 'specialists' });
    expect(firstMessage(result, 'organisation')).toBe(M.organisationRequired);
    expect(firstMessage(result, 'schoolSize')).toBe(M.schoolSizeRequired);
    expect(firstMessage(result, 'phone')).toBe(M.phoneRequired);
  });
});

describe('demo booking schema', () => {
  const now = new Date();
  const today = todayInSouthAfrica(now);
  const booking = {
    name: 'Sipho Dlamini',
    email: 'sipho@school.co.za',
    phone: '+27 82 123 4567',
    schoolName: 'Rosebank Primary',
    role: 'principal',
    learnerCount: '850',
    preferredDate: nextWeekday(today),
    preferredTime: '10:00',
  };

  it('accepts a weekday after today and turns the learner count into a number', () => {
    expect(ZDemoBookingSchema.parse(booking)).toMatchObject({ learnerCount: 850, phone: '+27821234567', notes: '' });
  });

  it('refuses today, the past, weekends and dates too far ahead', () => {
    let saturday = addDays(today, 1);
    while (new Date(`${saturday}T00:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
    expect(demoDateProblem(today, now)).toBe(M.dateNotFuture);
    expect(demoDateProblem(addDays(today, -3), now)).toBe(M.dateNotFuture);
    expect(demoDateProblem(saturday, now)).toBe(M.dateWeekend);
    expect(demoDateProblem(nextWeekday(addDays(today, 100)), now)).toBe(M.dateTooFar);
    expect(demoDateProblem('', now)).toBe(M.dateRequired);
    expect(firstMessage(ZDemoBookingSchema.safeParse({ ...booking, preferredDate: saturday }), 'preferredDate')).toBe(M.dateWeekend);
  });

  it('asks for a learner count', () => {
    expect(firstMessage(ZDemoBookingSchema.safeParse({ ...booking, learnerCount: '' }), 'learnerCount')).toBe(M.learnerCountRequired);
    expect(firstMessage(ZDemoBookingSchema.safeParse({ ...booking, learnerCount: '12.5' }), 'learnerCount')).toBe(M.learnerCountWhole);
  });
});
