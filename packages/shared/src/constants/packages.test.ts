import { describe, it, expect } from 'vitest';
import {
  FREE_TRIAL_DAYS,
  SCHOOL_PACKAGES,
  SCHOOL_PACKAGE_FEATURES,
  SCHOOL_PACKAGE_IDS,
  getSchoolPackage,
  isSchoolPackageId,
} from './packages.ts';
import { formatZarWhole } from '../domain/money.ts';

describe('school packages', () => {
  it('has the nine packages of spec 9 with price, student limit and name', () => {
    expect(SCHOOL_PACKAGES.map((p) => [p.id, p.name, p.priceCents, p.students])).toEqual([
      ['starter', 'Starter', 59900, 30],
      ['basic', 'Basic', 79900, 50],
      ['growth', 'Growth', 119900, 100],
      ['standard', 'Standard', 199900, 200],
      ['professional', 'Professional', 299900, 500],
      ['advanced', 'Advanced', 399900, 1000],
      ['enterprise', 'Enterprise', 599900, 5000],
      ['enterprise-plus', 'Enterprise Plus', 999900, 10000],
      ['enterprise-max', 'Enterprise Max', 1299900, 50000],
    ]);
    expect(SCHOOL_PACKAGE_IDS).toHaveLength(9);
  });

  it('shows whole-rand prices on the pricing page', () => {
    expect(SCHOOL_PACKAGES.map((p) => formatZarWhole(p.priceCents))).toEqual([
      'R599',
      'R799',
      'R1 199',
      'R1 999',
      'R2 999',
      'R3 999',
      'R5 999',
      'R9 999',
      'R12 999',
    ]);
  });

  it('has the support levels of spec 9', () => {
    const support = Object.fromEntries(SCHOOL_PACKAGES.map((p) => [p.id, p.supportLevel]));
    expect(support.starter).toMatch(/email/i);
    expect(support.starter).toMatch(/48h/);
    expect(support.basic).toBe(support.starter);
    expect(support.growth).toMatch(/24h/);
    expect(support.standard).toBe(support.growth);
    expect(support.professional).toMatch(/priority/i);
    expect(support.professional).toMatch(/12h/);
    expect(support.advanced).toBe(support.professional);
    expect(support.enterprise).toBe('Dedicated account manager');
    expect(support['enterprise-plus']).toBe('Dedicated account manager');
    expect(support['enterprise-max']).toBe('Dedicated account manager');
  });

  it('recommends only Advanced', () => {
    expect(SCHOOL_PACKAGES.filter((p) => p.recommended).map((p) => p.id)).toEqual(['advanced']);
  });

  it('includes SMS from Enterprise upwards', () => {
    expect(SCHOOL_PACKAGES.filter((p) => p.includeSMS).map((p) => p.id)).toEqual([
      'enterprise',
      'enterprise-plus',
      'enterprise-max',
    ]);
  });

  it('uses integer cents and rising prices and limits', () => {
    for (let i = 0; i < SCHOOL_PACKAGES.length; i++) {
      const pkg = SCHOOL_PACKAGES[i]!;
      expect(Number.isInteger(pkg.priceCents)).toBe(true);
      if (i > 0) {
        const prev = SCHOOL_PACKAGES[i - 1]!;
        expect(pkg.priceCents).toBeGreaterThan(prev.priceCents);
        expect(pkg.students).toBeGreaterThan(prev.students);
      }
    }
  });

  it('has one shared feature list', () => {
    expect(SCHOOL_PACKAGE_FEATURES.length).toBeGreaterThan(0);
    expect(new Set(SCHOOL_PACKAGE_FEATURES).size).toBe(SCHOOL_PACKAGE_FEATURES.length);
  });

  it('finds packages by id', () => {
    expect(getSchoolPackage('advanced')?.name).toBe('Advanced');
    expect(getSchoolPackage('enterprise-plus')?.priceCents).toBe(999900);
    expect(getSchoolPackage('platinum')).toBeUndefined();
    expect(getSchoolPackage(null)).toBeUndefined();
    expect(isSchoolPackageId('growth')).toBe(true);
    expect(isSchoolPackageId('Growth')).toBe(false);
  });

  it('offers a 14 day free trial', () => {
    expect(FREE_TRIAL_DAYS).toBe(14);
  });
});

describe('package fields', () => {
  it('gives every package the same features and no platform e-mail cap', () => {
    for (const pkg of SCHOOL_PACKAGES) {
      expect(pkg.features).toBe(SCHOOL_PACKAGE_FEATURES);
      expect(pkg.emailLimit).toBeNull();
    }
  });
});
