/**
 * Option lists for the forms (spec 3 / 9). Ids are stable snake_case values for storage;
 * labels are what the forms show. Where the spec gives only part of a list ("the full list: not
 * shown"), the spec's items are marked and the rest are ours.
 */

import { idsOf, labelOf, type IOption } from '../domain/options.ts';

// ---------------------------------------------------------------------------------------------
// Grades

/** Young entrepreneurs give Grade 1 to 12 (spec 3); Grade R learners cannot open a shop. */
export const YOUNG_ENTREPRENEUR_GRADES = [
  { id: '1', label: 'Grade 1' },
  { id: '2', label: 'Grade 2' },
  { id: '3', label: 'Grade 3' },
  { id: '4', label: 'Grade 4' },
  { id: '5', label: 'Grade 5' },
  { id: '6', label: 'Grade 6' },
  { id: '7', label: 'Grade 7' },
  { id: '8', label: 'Grade 8' },
  { id: '9', label: 'Grade 9' },
  { id: '10', label: 'Grade 10' },
  { id: '11', label: 'Grade 11' },
  { id: '12', label: 'Grade 12' },
] as const satisfies readonly IOption[];
export type TYoungEntrepreneurGrade = (typeof YOUNG_ENTREPRENEUR_GRADES)[number]['id'];
export const YOUNG_ENTREPRENEUR_GRADE_IDS = idsOf(YOUNG_ENTREPRENEUR_GRADES);

/** Schools teach Grade R (the reception year) and Grades 1 to 12. */
export const SCHOOL_GRADES = [{ id: 'R', label: 'Grade R' }, ...YOUNG_ENTREPRENEUR_GRADES] as const;
export type TSchoolGrade = (typeof SCHOOL_GRADES)[number]['id'];
export const SCHOOL_GRADE_IDS = idsOf(SCHOOL_GRADES);

/** 'R' → 'Grade R', 7 or '7' → 'Grade 7'; `undefined` for anything else. */
export function gradeLabel(grade: string | number | null | undefined): string | undefined {
  return labelOf(SCHOOL_GRADES, grade == null ? grade : String(grade));
}

// ---------------------------------------------------------------------------------------------
// Countries and their provinces / regions

export const COUNTRIES = [
  { id: 'south_africa', label: 'South Africa' },
  { id: 'namibia', label: 'Namibia' },
  { id: 'botswana', label: 'Botswana' },
  { id: 'zimbabwe', label: 'Zimbabwe' },
  { id: 'mozambique', label: 'Mozambique' },
] as const satisfies readonly IOption[];
export type TCountry = (typeof COUNTRIES)[number]['id'];
export const COUNTRY_IDS = idsOf(COUNTRIES);
export const DEFAULT_COUNTRY = 'south_africa' satisfies TCountry;

/** What a country calls its first-level divisions, for the form label. */
export const REGION_TERM_BY_COUNTRY = {
  south_africa: 'Province',
  namibia: 'Region',
  botswana: 'District',
  zimbabwe: 'Province',
  mozambique: 'Province',
} as const satisfies Record<TCountry, string>;

export const REGIONS_BY_COUNTRY = {
  south_africa: [
    { id: 'eastern_cape', label: 'Eastern Cape' },
    { id: 'free_state', label: 'Free State' },
    { id: 'gauteng', label: 'Gauteng' },
    { id: 'kwazulu_natal', label: 'KwaZulu-Natal' },
    { id: 'limpopo', label: 'Limpopo' },
    { id: 'mpumalanga', label: 'Mpumalanga' },
    { id: 'northern_cape', label: 'Northern Cape' },
    { id: 'north_west', label: 'North West' },
    { id: 'western_cape', label: 'Western Cape' },
  ],
  namibia: [
    { id: 'erongo', label: 'Erongo' },
    { id: 'hardap', label: 'Hardap' },
    { id: 'karas', label: '//Karas' },
    { id: 'kavango_east', label: 'Kavango East' },
    { id: 'kavango_west', label: 'Kavango West' },
    { id: 'khomas', label: 'Khomas' },
    { id: 'kunene', label: 'Kunene' },
    { id: 'ohangwena', label: 'Ohangwena' },
    { id: 'omaheke', label: 'Omaheke' },
    { id: 'omusati', label: 'Omusati' },
    { id: 'oshana', label: 'Oshana' },
    { id: 'oshikoto', label: 'Oshikoto' },
    { id: 'otjozondjupa', label: 'Otjozondjupa' },
    { id: 'zambezi', label: 'Zambezi' },
  ],
  // The ten districts plus the cities and towns that ISO 3166-2:BW lists separately, so that a
  // school in Gaborone or Francistown finds its own entry.
  botswana: [
    { id: 'central', label: 'Central' },
    { id: 'chobe', label: 'Chobe' },
    { id: 'ghanzi', label: 'Ghanzi' },
    { id: 'kgalagadi', label: 'Kgalagadi' },
    { id: 'kgatleng', label: 'Kgatleng' },
    { id: 'kweneng', label: 'Kweneng' },
    { id: 'north_east', label: 'North-East' },
    { id: 'north_west', label: 'North-West' },
    { id: 'south_east', label: 'South-East' },
    { id: 'southern', label: 'Southern' },
    { id: 'gaborone', label: 'Gaborone' },
    { id: 'francistown', label: 'Francistown' },
    { id: 'lobatse', label: 'Lobatse' },
    { id: 'selebi_phikwe', label: 'Selebi-Phikwe' },
    { id: 'jwaneng', label: 'Jwaneng' },
    { id: 'sowa_town', label: 'Sowa Town' },
  ],
  zimbabwe: [
    { id: 'bulawayo', label: 'Bulawayo' },
    { id: 'harare', label: 'Harare' },
    { id: 'manicaland', label: 'Manicaland' },
    { id: 'mashonaland_central', label: 'Mashonaland Central' },
    { id: 'mashonaland_east', label: 'Mashonaland East' },
    { id: 'mashonaland_west', label: 'Mashonaland West' },
    { id: 'masvingo', label: 'Masvingo' },
    { id: 'matabeleland_north', label: 'Matabeleland North' },
    { id: 'matabeleland_south', label: 'Matabeleland South' },
    { id: 'midlands', label: 'Midlands' },
  ],
  mozambique: [
    { id: 'cabo_delgado', label: 'Cabo Delgado' },
    { id: 'gaza', label: 'Gaza' },
    { id: 'inhambane', label: 'Inhambane' },
    { id: 'manica', label: 'Manica' },
    { id: 'maputo_city', label: 'Maputo City' },
    { id: 'maputo_province', label: 'Maputo Province' },
    { id: 'nampula', label: 'Nampula' },
    { id: 'niassa', label: 'Niassa' },
    { id: 'sofala', label: 'Sofala' },
    { id: 'tete', label: 'Tete' },
    { id: 'zambezia', label: 'Zambezia' },
  ],
} as const satisfies Record<TCountry, readonly IOption[]>;
export type TRegion<C extends TCountry = TCountry> = (typeof REGIONS_BY_COUNTRY)[C][number]['id'];

/** Regions for a country; an empty list for an unknown country so a form can still render. */
export function regionsFor(country: string | null | undefined): readonly IOption[] {
  return country != null && Object.hasOwn(REGIONS_BY_COUNTRY, country) ? REGIONS_BY_COUNTRY[country as TCountry] : [];
}

export function isRegionOf(country: string | null | undefined, region: string | null | undefined): boolean {
  return region != null && regionsFor(country).some((r) => r.id === region);
}

// ---------------------------------------------------------------------------------------------
// Schools (ids from spec 9; labels ours)

export const SCHOOL_TYPES = [
  { id: 'preschool', label: 'Preschool' },
  { id: 'daycare', label: 'Daycare' },
  { id: 'primary', label: 'Primary School' },
  { id: 'high', label: 'High School' },
  { id: 'combined', label: 'Combined School' },
  { id: 'special_needs', label: 'Special Needs School' },
  { id: 'homeschooling', label: 'Homeschooling' },
  { id: 'tutor', label: 'Tutor' },
  { id: 'private', label: 'Private School' },
  { id: 'college', label: 'College' },
  { id: 'university', label: 'University' },
] as const satisfies readonly IOption[];
export type TSchoolType = (typeof SCHOOL_TYPES)[number]['id'];
export const SCHOOL_TYPE_IDS = idsOf(SCHOOL_TYPES);

// ---------------------------------------------------------------------------------------------
// Banking (ids from spec 9)

/**
 * South African banks with their universal branch codes, so the form can fill the branch code
 * when a bank is chosen. 'other' has none: the user types the bank name and branch code.
 * Codes are strings because Standard Bank's starts with 0.
 */
export const BANKS = [
  { id: 'absa', label: 'ABSA', universalBranchCode: '632005' },
  { id: 'fnb', label: 'FNB', universalBranchCode: '250655' },
  { id: 'standard_bank', label: 'Standard Bank', universalBranchCode: '051001' },
  { id: 'nedbank', label: 'Nedbank', universalBranchCode: '198765' },
  { id: 'capitec', label: 'Capitec', universalBranchCode: '470010' },
  { id: 'investec', label: 'Investec', universalBranchCode: '580105' },
  { id: 'african_bank', label: 'African Bank', universalBranchCode: '430000' },
  { id: 'bidvest', label: 'Bidvest Bank', universalBranchCode: '462005' },
  { id: 'discovery', label: 'Discovery Bank', universalBranchCode: '679000' },
  { id: 'tyme', label: 'TymeBank', universalBranchCode: '678910' },
  { id: 'other', label: 'Other', universalBranchCode: null },
] as const satisfies readonly (IOption & { universalBranchCode: string | null })[];
export type TBank = (typeof BANKS)[number]['id'];
export const BANK_IDS = idsOf(BANKS);

export function universalBranchCodeFor(bank: string | null | undefined): string | null {
  return BANKS.find((b) => b.id === bank)?.universalBranchCode ?? null;
}

export const ACCOUNT_TYPES = [
  { id: 'current', label: 'Current / Cheque' },
  { id: 'savings', label: 'Savings' },
  { id: 'business', label: 'Business' },
  { id: 'credit', label: 'Credit' },
  { id: 'transmission', label: 'Transmission' },
] as const satisfies readonly IOption[];
export type TAccountType = (typeof ACCOUNT_TYPES)[number]['id'];
export const ACCOUNT_TYPE_IDS = idsOf(ACCOUNT_TYPES);

// ---------------------------------------------------------------------------------------------
// Organisations (labels from spec 9; ids ours)

export const BUSINESS_TYPES = [
  { id: 'sole_proprietorship', label: 'Sole Proprietorship' },
  { id: 'partnership', label: 'Partnership' },
  { id: 'private_company', label: 'Private Company (Pty Ltd)' },
  { id: 'public_company', label: 'Public Company' },
  { id: 'close_corporation', label: 'Close Corporation (CC)' },
  { id: 'trust', label: 'Trust' },
  { id: 'other', label: 'Other' },
] as const satisfies readonly IOption[];
export type TBusinessType = (typeof BUSINESS_TYPES)[number]['id'];
export const BUSINESS_TYPE_IDS = idsOf(BUSINESS_TYPES);

export const CHARITY_TYPES = [
  { id: 'npo', label: 'Non-Profit Organization (NPO)' },
  { id: 'pbo', label: 'Public Benefit Organization (PBO)' },
  { id: 'trust', label: 'Trust' },
  { id: 'foundation', label: 'Foundation' },
  { id: 'community_based_organization', label: 'Community-Based Organization' },
  { id: 'other', label: 'Other' },
] as const satisfies readonly IOption[];
export type TCharityType = (typeof CHARITY_TYPES)[number]['id'];
export const CHARITY_TYPE_IDS = idsOf(CHARITY_TYPES);

// ---------------------------------------------------------------------------------------------
// Marketplace

/** Labels exactly as the spec writes them (with a comma separator, unlike `formatZar`). */
export const PRICE_RANGES = [
  { id: 'under_100', label: 'Under R100' },
  { id: '100_500', label: 'R100 - R500' },
  { id: '500_1000', label: 'R500 - R1,000' },
  { id: '1000_5000', label: 'R1,000 - R5,000' },
  { id: '5000_10000', label: 'R5,000 - R10,000' },
  { id: 'over_10000', label: 'Over R10,000' },
  { id: 'contact_for_quote', label: 'Contact for Quote' },
] as const satisfies readonly IOption[];
export type TPriceRange = (typeof PRICE_RANGES)[number]['id'];
export const PRICE_RANGE_IDS = idsOf(PRICE_RANGES);

/** 12 categories; the spec names six (marked), the rest are ours. */
export const PRODUCT_CATEGORIES = [
  { id: 'school_supplies', label: 'School Supplies' }, // spec
  { id: 'uniforms_clothing', label: 'Uniforms & Clothing' }, // spec
  { id: 'books', label: 'Books' }, // spec
  { id: 'stationery', label: 'Stationery' },
  { id: 'technology', label: 'Technology' }, // spec
  { id: 'sports_equipment', label: 'Sports Equipment' }, // spec
  { id: 'art_craft_supplies', label: 'Art & Craft Supplies' },
  { id: 'musical_instruments', label: 'Musical Instruments' },
  { id: 'educational_toys_games', label: 'Educational Toys & Games' },
  { id: 'science_lab_equipment', label: 'Science & Lab Equipment' },
  { id: 'furniture', label: 'Furniture' },
  { id: 'other', label: 'Other' }, // spec
] as const satisfies readonly IOption[];
export type TProductCategory = (typeof PRODUCT_CATEGORIES)[number]['id'];
export const PRODUCT_CATEGORY_IDS = idsOf(PRODUCT_CATEGORIES);

/** 22 categories; the spec names nine (marked), the rest are ours. */
export const SERVICE_CATEGORIES = [
  { id: 'transportation', label: 'Transportation' }, // spec
  { id: 'catering', label: 'Catering' }, // spec
  { id: 'maintenance', label: 'Maintenance' }, // spec
  { id: 'cleaning', label: 'Cleaning' }, // spec
  { id: 'security', label: 'Security' }, // spec
  { id: 'it_support', label: 'IT Support' }, // spec
  { id: 'consulting', label: 'Consulting' }, // spec
  { id: 'coaching', label: 'Coaching' }, // spec
  { id: 'tutoring', label: 'Tutoring' },
  { id: 'extramural_activities', label: 'Extramural Activities' },
  { id: 'training_workshops', label: 'Training & Workshops' },
  { id: 'counselling', label: 'Counselling & Therapy' },
  { id: 'health_wellness', label: 'Health & Wellness' },
  { id: 'event_planning', label: 'Event Planning' },
  { id: 'photography_video', label: 'Photography & Video' },
  { id: 'printing_signage', label: 'Printing & Signage' },
  { id: 'marketing_design', label: 'Marketing & Design' },
  { id: 'accounting_bookkeeping', label: 'Accounting & Bookkeeping' },
  { id: 'legal_services', label: 'Legal Services' },
  { id: 'building_construction', label: 'Building & Construction' },
  { id: 'landscaping_gardening', label: 'Landscaping & Gardening' },
  { id: 'other', label: 'Other' }, // spec
] as const satisfies readonly IOption[];
export type TServiceCategory = (typeof SERVICE_CATEGORIES)[number]['id'];
export const SERVICE_CATEGORY_IDS = idsOf(SERVICE_CATEGORIES);

/**
 * 29 subjects; the spec names Mathematics, English, Afrikaans, "the sciences", Business Studies
 * and Other. The rest are ours, following the South African CAPS subject list.
 */
export const TUTOR_SUBJECTS = [
  { id: 'mathematics', label: 'Mathematics' },
  { id: 'mathematical_literacy', label: 'Mathematical Literacy' },
  { id: 'technical_mathematics', label: 'Technical Mathematics' },
  { id: 'english', label: 'English' },
  { id: 'afrikaans', label: 'Afrikaans' },
  { id: 'isizulu', label: 'isiZulu' },
  { id: 'isixhosa', label: 'isiXhosa' },
  { id: 'sesotho', label: 'Sesotho' },
  { id: 'setswana', label: 'Setswana' },
  { id: 'sepedi', label: 'Sepedi' },
  { id: 'physical_sciences', label: 'Physical Sciences' },
  { id: 'life_sciences', label: 'Life Sciences' },
  { id: 'natural_sciences', label: 'Natural Sciences' },
  { id: 'agricultural_sciences', label: 'Agricultural Sciences' },
  { id: 'accounting', label: 'Accounting' },
  { id: 'business_studies', label: 'Business Studies' },
  { id: 'economics', label: 'Economics' },
  { id: 'economic_management_sciences', label: 'Economic and Management Sciences' },
  { id: 'geography', label: 'Geography' },
  { id: 'history', label: 'History' },
  { id: 'life_orientation', label: 'Life Orientation' },
  { id: 'computer_applications_technology', label: 'Computer Applications Technology' },
  { id: 'information_technology', label: 'Information Technology' },
  { id: 'engineering_graphics_design', label: 'Engineering Graphics and Design' },
  { id: 'tourism', label: 'Tourism' },
  { id: 'consumer_studies', label: 'Consumer Studies' },
  { id: 'visual_arts', label: 'Visual Arts' },
  { id: 'music', label: 'Music' },
  { id: 'other', label: 'Other' },
] as const satisfies readonly IOption[];
export type TTutorSubject = (typeof TUTOR_SUBJECTS)[number]['id'];
export const TUTOR_SUBJECT_IDS = idsOf(TUTOR_SUBJECTS);

/** Young entrepreneur shop categories, ids and labels from spec 3. */
export const SHOP_CATEGORIES = [
  { id: 'crafts', label: 'Crafts & Handmade' },
  { id: 'food', label: 'Food & Beverages' },
  { id: 'digital', label: 'Digital Products' },
  { id: 'services', label: 'Services' },
  { id: 'other', label: 'Other' },
] as const satisfies readonly IOption[];
export type TShopCategory = (typeof SHOP_CATEGORIES)[number]['id'];
export const SHOP_CATEGORY_IDS = idsOf(SHOP_CATEGORIES);
