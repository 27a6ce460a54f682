import { describe, it, expect } from 'vitest';
import {
  BUSINESS_PARTNER_REGISTRATION_NOTE,
  REGISTRATION_STEPS,
  ROLE_CARDS,
  registerButtonLabel,
  stepCompletedMessage,
  stepTitleFor,
  stepTotalFor,
  wizardBackLabel,
} from './registration.ts';
import { REGISTRATION_ROLES } from './roles.ts';

const titles = (role: keyof typeof REGISTRATION_STEPS) => REGISTRATION_STEPS[role].map((s) => s.title);

describe('wizard steps (D6)', () => {
  it('has the canonical totals', () => {
    expect(stepTotalFor('school_admin')).toBe(5);
    expect(stepTotalFor('customer')).toBe(2);
    expect(stepTotalFor('young_entrepreneur')).toBe(5);
    expect(stepTotalFor('business_partner')).toBe(7);
    expect(stepTotalFor('charity')).toBe(5);
  });

  it('gives other types one step', () => {
    expect(stepTotalFor('teacher')).toBe(1);
    expect(stepTotalFor('toString')).toBe(1);
    expect(stepTotalFor(undefined)).toBe(1);
    expect(stepTotalFor(null)).toBe(1);
  });

  it('has the canonical titles', () => {
    expect(titles('school_admin')).toEqual([
      'School Information',
      'Package Selection',
      'Terms & Conditions',
      'Payment Details',
      'Application Submission',
    ]);
    expect(titles('customer')).toEqual(['Additional Information', 'Terms & Conditions']);
    expect(titles('young_entrepreneur')).toEqual([
      'Shop Information',
      'Personal Information',
      'Guardian Information',
      'Document Upload',
      'Terms & Conditions',
    ]);
    expect(titles('business_partner')).toEqual([
      'Business Information',
      'Products & Services',
      'Fees & Commission',
      'Service Level Agreement',
      'Terms & Payment',
      'Awaiting Payment',
      'Application Complete',
    ]);
    expect(titles('charity')).toEqual([
      'Charity Details',
      'Products & Services',
      'Terms & Package',
      'Awaiting Payment',
      'Application Complete',
    ]);
  });

  it('keeps the spec and D6 button texts', () => {
    expect(REGISTRATION_STEPS.school_admin[0].nextLabel).toBe('Continue to Package Selection');
    expect(REGISTRATION_STEPS.school_admin[4].nextLabel).toBe('Finish');
    expect(REGISTRATION_STEPS.customer[1].nextLabel).toBe('Complete Registration');
    expect(REGISTRATION_STEPS.young_entrepreneur[0].nextLabel).toBe('Continue to Personal Information');
    expect(REGISTRATION_STEPS.young_entrepreneur[1].nextLabel).toBe('Continue to Guardian Information');
    expect(REGISTRATION_STEPS.business_partner[2].nextLabel).toBe('Continue to Service Level Agreement');
    expect(REGISTRATION_STEPS.business_partner[3].nextLabel).toBe('Continue to Terms & Conditions');
    expect(REGISTRATION_STEPS.charity[0].nextLabel).toBe('Continue to Products');
  });

  it('looks up a step title by 1-based number', () => {
    expect(stepTitleFor('customer', 1)).toBe('Additional Information');
    expect(stepTitleFor('business_partner', 7)).toBe('Application Complete');
    expect(stepTitleFor('business_partner', 8)).toBeUndefined();
    expect(stepTitleFor('customer', 0)).toBeUndefined();
    expect(stepTitleFor('teacher', 1)).toBeUndefined();
  });

  it('labels the back control and the step toast', () => {
    expect(wizardBackLabel(1)).toBe('Back to Registration');
    expect(wizardBackLabel(2)).toBe('Previous Step');
    expect(stepCompletedMessage(2, 5)).toBe('Step 2 of 5 completed successfully.');
  });
});

describe('register screen', () => {
  it('shows a card for each registration role in order', () => {
    expect(ROLE_CARDS.map((c) => c.role)).toEqual([...REGISTRATION_ROLES]);
    expect(ROLE_CARDS[0]).toMatchObject({ role: 'customer', description: 'Purchase products or services' });
    expect(ROLE_CARDS[1].description).toBe('School administrator');
  });

  it('has the business partner note', () => {
    expect(BUSINESS_PARTNER_REGISTRATION_NOTE).toBe(
      'Tutors, product vendors and service providers must register as Business Partners.',
    );
  });

  it('labels the button by role', () => {
    expect(registerButtonLabel('customer')).toBe('Register');
    expect(registerButtonLabel('school_admin')).toBe('Continue to Application');
    expect(registerButtonLabel(undefined)).toBe('Continue to Application');
  });
});
