import { describe, it, expect } from 'vitest';
import {
  ACCOUNT_TYPES,
  BANKS,
  BUSINESS_TYPES,
  CHARITY_TYPES,
  COUNTRIES,
  DEFAULT_COUNTRY,
  PRICE_RANGES,
  PRODUCT_CATEGORIES,
  REGIONS_BY_COUNTRY,
  REGION_TERM_BY_COUNTRY,
  SCHOOL_GRADES,
  SCHOOL_GRADE_IDS,
  SCHOOL_TYPES,
  SERVICE_CATEGORIES,
  SHOP_CATEGORIES,
  TUTOR_SUBJECTS,
  YOUNG_ENTREPRENEUR_GRADES,
  YOUNG_ENTREPRENEUR_GRADE_IDS,
  gradeLabel,
  isRegionOf,
  regionsFor,
  universalBranchCodeFor,
} from './enumerations.ts';

const labels = (list: readonly { label: string }[]) => list.map((o) => o.label);
const ids = (list: readonly { id: string }[]) => list.map((o) => o.id);

function expectUniqueIds(list: readonly { id: string; label: string }[]) {
  expect(new Set(ids(list)).size).toBe(list.length);
  expect(new Set(labels(list)).size).toBe(list.length);
}

describe('grades', () => {
  it('has Grade R and 1 to 12 for schools', () => {
    expect(SCHOOL_GRADE_IDS).toEqual(['R', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(labels(SCHOOL_GRADES)).toEqual([
      'Grade R',
      'Grade 1',
      'Grade 2',
      'Grade 3',
      'Grade 4',
      'Grade 5',
      'Grade 6',
      'Grade 7',
      'Grade 8',
      'Grade 9',
      'Grade 10',
      'Grade 11',
      'Grade 12',
    ]);
  });

  it('has Grade 1 to 12 for young entrepreneurs', () => {
    expect(YOUNG_ENTREPRENEUR_GRADE_IDS).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(YOUNG_ENTREPRENEUR_GRADES[0].label).toBe('Grade 1');
    expect(YOUNG_ENTREPRENEUR_GRADES[11].label).toBe('Grade 12');
  });

  it('labels grades', () => {
    expect(gradeLabel('R')).toBe('Grade R');
    expect(gradeLabel(7)).toBe('Grade 7');
    expect(gradeLabel('12')).toBe('Grade 12');
    expect(gradeLabel(13)).toBeUndefined();
    expect(gradeLabel(null)).toBeUndefined();
  });
});

describe('countries and regions', () => {
  it('has the five countries with south_africa as default', () => {
    expect(COUNTRIES).toEqual([
      { id: 'south_africa', label: 'South Africa' },
      { id: 'namibia', label: 'Namibia' },
      { id: 'botswana', label: 'Botswana' },
      { id: 'zimbabwe', label: 'Zimbabwe' },
      { id: 'mozambique', label: 'Mozambique' },
    ]);
    expect(DEFAULT_COUNTRY).toBe('south_africa');
    expect(Object.keys(REGIONS_BY_COUNTRY)).toEqual(ids(COUNTRIES));
    expect(Object.keys(REGION_TERM_BY_COUNTRY)).toEqual(ids(COUNTRIES));
  });

  it("has South Africa's nine provinces", () => {
    expect(labels(REGIONS_BY_COUNTRY.south_africa)).toEqual([
      'Eastern Cape',
      'Free State',
      'Gauteng',
      'KwaZulu-Natal',
      'Limpopo',
      'Mpumalanga',
      'Northern Cape',
      'North West',
      'Western Cape',
    ]);
  });

  it("has Namibia's 14 regions", () => {
    expect(REGIONS_BY_COUNTRY.namibia).toHaveLength(14);
    expect(labels(REGIONS_BY_COUNTRY.namibia)).toEqual(
      expect.arrayContaining(['Khomas', 'Erongo', '//Karas', 'Kavango East', 'Kavango West', 'Zambezi']),
    );
  });

  it("has Botswana's ten districts plus its cities and towns", () => {
    expect(REGIONS_BY_COUNTRY.botswana).toHaveLength(16);
    expect(labels(REGIONS_BY_COUNTRY.botswana).slice(0, 10)).toEqual([
      'Central',
      'Chobe',
      'Ghanzi',
      'Kgalagadi',
      'Kgatleng',
      'Kweneng',
      'North-East',
      'North-West',
      'South-East',
      'Southern',
    ]);
    expect(labels(REGIONS_BY_COUNTRY.botswana)).toEqual(expect.arrayContaining(['Gaborone', 'Francistown']));
  });

  it("has Zimbabwe's ten provinces", () => {
    expect(REGIONS_BY_COUNTRY.zimbabwe).toHaveLength(10);
    expect(labels(REGIONS_BY_COUNTRY.zimbabwe)).toEqual(
      expect.arrayContaining(['Harare', 'Bulawayo', 'Midlands', 'Matabeleland North', 'Mashonaland West']),
    );
  });

  it("has Mozambique's 11 provinces", () => {
    expect(REGIONS_BY_COUNTRY.mozambique).toHaveLength(11);
    expect(labels(REGIONS_BY_COUNTRY.mozambique)).toEqual(
      expect.arrayContaining(['Maputo City', 'Maputo Province', 'Nampula', 'Cabo Delgado', 'Zambezia']),
    );
  });

  it('has unique region ids and labels per country', () => {
    for (const list of Object.values(REGIONS_BY_COUNTRY)) expectUniqueIds(list);
  });

  it('looks regions up by country', () => {
    expect(regionsFor('south_africa')).toBe(REGIONS_BY_COUNTRY.south_africa);
    expect(regionsFor('lesotho')).toEqual([]);
    expect(regionsFor('constructor')).toEqual([]);
    expect(regionsFor(null)).toEqual([]);
    expect(isRegionOf('south_africa', 'gauteng')).toBe(true);
    expect(isRegionOf('namibia', 'gauteng')).toBe(false);
    expect(isRegionOf('south_africa', null)).toBe(false);
  });
});

describe('schools and banking', () => {
  it('has the spec school types', () => {
    expect(ids(SCHOOL_TYPES)).toEqual([
      'preschool',
      'daycare',
      'primary',
      'high',
      'combined',
      'special_needs',
      'homeschooling',
      'tutor',
      'private',
      'college',
      'university',
    ]);
    expectUniqueIds(SCHOOL_TYPES);
  });

  it('has the spec banks with their universal branch codes', () => {
    expect(BANKS.map((b) => [b.id, b.label, b.universalBranchCode])).toEqual([
      ['absa', 'ABSA', '632005'],
      ['fnb', 'FNB', '250655'],
      ['standard_bank', 'Standard Bank', '051001'],
      ['nedbank', 'Nedbank', '198765'],
      ['capitec', 'Capitec', '470010'],
      ['investec', 'Investec', '580105'],
      ['african_bank', 'African Bank', '430000'],
      ['bidvest', 'Bidvest Bank', '462005'],
      ['discovery', 'Discovery Bank', '679000'],
      ['tyme', 'TymeBank', '678910'],
      ['other', 'Other', null],
    ]);
    expect(universalBranchCodeFor('standard_bank')).toBe('051001');
    expect(universalBranchCodeFor('other')).toBeNull();
    expect(universalBranchCodeFor('unknown')).toBeNull();
  });

  it('has the spec account types', () => {
    expect(ids(ACCOUNT_TYPES)).toEqual(['current', 'savings', 'business', 'credit', 'transmission']);
    expectUniqueIds(ACCOUNT_TYPES);
  });
});

describe('organisations', () => {
  it('has the spec business types', () => {
    expect(labels(BUSINESS_TYPES)).toEqual([
      'Sole Proprietorship',
      'Partnership',
      'Private Company (Pty Ltd)',
      'Public Company',
      'Close Corporation (CC)',
      'Trust',
      'Other',
    ]);
    expectUniqueIds(BUSINESS_TYPES);
  });

  it('has the spec charity types', () => {
    expect(labels(CHARITY_TYPES)).toEqual([
      'Non-Profit Organization (NPO)',
      'Public Benefit Organization (PBO)',
      'Trust',
      'Foundation',
      'Community-Based Organization',
      'Other',
    ]);
    expectUniqueIds(CHARITY_TYPES);
  });
});

describe('marketplace', () => {
  it('has the spec price ranges', () => {
    expect(labels(PRICE_RANGES)).toEqual([
      'Under R100',
      'R100 - R500',
      'R500 - R1,000',
      'R1,000 - R5,000',
      'R5,000 - R10,000',
      'Over R10,000',
      'Contact for Quote',
    ]);
    expectUniqueIds(PRICE_RANGES);
  });

  it('has 12 product categories including the spec six, Other last', () => {
    expect(PRODUCT_CATEGORIES).toHaveLength(12);
    expect(labels(PRODUCT_CATEGORIES)).toEqual(
      expect.arrayContaining([
        'School Supplies',
        'Uniforms & Clothing',
        'Books',
        'Technology',
        'Sports Equipment',
        'Other',
      ]),
    );
    expect(PRODUCT_CATEGORIES.at(-1)?.label).toBe('Other');
    expectUniqueIds(PRODUCT_CATEGORIES);
  });

  it('has 22 service categories including the spec nine, Other last', () => {
    expect(SERVICE_CATEGORIES).toHaveLength(22);
    expect(labels(SERVICE_CATEGORIES)).toEqual(
      expect.arrayContaining([
        'Transportation',
        'Catering',
        'Maintenance',
        'Cleaning',
        'Security',
        'IT Support',
        'Consulting',
        'Coaching',
        'Other',
      ]),
    );
    expect(SERVICE_CATEGORIES.at(-1)?.label).toBe('Other');
    expectUniqueIds(SERVICE_CATEGORIES);
  });

  it('has 29 tutor subjects including the spec ones, Other last', () => {
    expect(TUTOR_SUBJECTS).toHaveLength(29);
    expect(labels(TUTOR_SUBJECTS)).toEqual(
      expect.arrayContaining([
        'Mathematics',
        'English',
        'Afrikaans',
        'Physical Sciences',
        'Life Sciences',
        'Natural Sciences',
        'Business Studies',
        'Other',
      ]),
    );
    expect(TUTOR_SUBJECTS.at(-1)?.label).toBe('Other');
    expectUniqueIds(TUTOR_SUBJECTS);
  });

  it('has the spec shop categories', () => {
    expect(SHOP_CATEGORIES).toEqual([
      { id: 'crafts', label: 'Crafts & Handmade' },
      { id: 'food', label: 'Food & Beverages' },
      { id: 'digital', label: 'Digital Products' },
      { id: 'services', label: 'Services' },
      { id: 'other', label: 'Other' },
    ]);
  });
});
