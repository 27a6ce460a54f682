/**
 * The marketplace page (spec 2.1 anchors #supplies #resources #technology #services). Category
 * chips come from the shared enumerations, the same lists business partners choose from when they
 * describe their products and services.
 */

import {
  PRODUCT_CATEGORIES,
  SERVICE_CATEGORIES,
  TUTOR_SUBJECTS,
  type TProductCategory,
  type TServiceCategory,
} from '@sekolo/shared/constants/enumerations';
import type { IOption } from '@sekolo/shared/domain/options';

export type TMarketplaceSectionId = 'supplies' | 'resources' | 'technology' | 'services';

export interface IMarketplaceSection {
  id: TMarketplaceSectionId;
  title: string;
  summary: string;
  description: string;
  /** Who typically sells in this section. */
  sellers: string;
  categoriesHeading: string;
  categories: readonly IOption[];
}

function pick<T extends IOption>(list: readonly T[], ids: readonly string[]): T[] {
  return ids.map((id) => list.find((item) => item.id === id)).filter((item): item is T => item !== undefined);
}

const SUPPLY_CATEGORY_IDS: readonly TProductCategory[] = [
  'school_supplies',
  'stationery',
  'uniforms_clothing',
  'books',
  'sports_equipment',
  'art_craft_supplies',
  'musical_instruments',
  'furniture',
];
const RESOURCE_CATEGORY_IDS: readonly TProductCategory[] = ['books', 'educational_toys_games', 'science_lab_equipment'];
const TECHNOLOGY_PRODUCT_IDS: readonly TProductCategory[] = ['technology'];
const TECHNOLOGY_SERVICE_IDS: readonly TServiceCategory[] = ['it_support', 'training_workshops'];
const RESOURCE_SERVICE_IDS: readonly TServiceCategory[] = ['tutoring', 'training_workshops', 'counselling'];

export const MARKETPLACE_SECTIONS: readonly IMarketplaceSection[] = [
  {
    id: 'supplies',
    title: 'School Supplies',
    summary: 'Stationery packs, uniforms, textbooks and sports kit from suppliers schools already trust.',
    description:
      'Schools order stationery and cleaning stock in bulk, and parents buy uniforms and book lists without standing in queues. Suppliers show their prices and delivery areas up front, and every order is paid securely through Sekolo.',
    sellers: 'Product vendors: stationers, school outfitters, booksellers and sports shops.',
    categoriesHeading: 'Product categories',
    categories: pick(PRODUCT_CATEGORIES, SUPPLY_CATEGORY_IDS),
  },
  {
    id: 'resources',
    title: 'Educational Resources',
    summary: 'Tutors, courses, readers and learning materials that follow the CAPS curriculum.',
    description:
      'Find a tutor for Mathematics or Physical Sciences, extra lessons in a home language, or workshops for teachers. Tutors and course providers are checked by our team before they appear, and parents can read ratings from other families before they book.',
    sellers: 'Tutors and course providers, publishers and educational suppliers.',
    categoriesHeading: 'Products, services and tutoring subjects',
    categories: [
      ...pick(PRODUCT_CATEGORIES, RESOURCE_CATEGORY_IDS),
      ...pick(SERVICE_CATEGORIES, RESOURCE_SERVICE_IDS),
      ...TUTOR_SUBJECTS.filter((subject) => subject.id !== 'other'),
    ],
  },
  {
    id: 'technology',
    title: 'Technology',
    summary: 'Laptops, tablets, classroom displays, software and the support to keep them running.',
    description:
      'Equip a computer lab, roll out tablets to a grade or get help with the school network. Technology partners quote for devices, installation and ongoing support, and can train staff to get the most out of what the school buys.',
    sellers: 'Product vendors and service providers in IT, plus consultants.',
    categoriesHeading: 'Categories',
    categories: [...pick(PRODUCT_CATEGORIES, TECHNOLOGY_PRODUCT_IDS), ...pick(SERVICE_CATEGORIES, TECHNOLOGY_SERVICE_IDS)],
  },
  {
    id: 'services',
    title: 'Services',
    summary: 'Transport, catering, maintenance, security, coaching and everything else a school needs.',
    description:
      'From scholar transport and tuck-shop catering to grounds maintenance, sports coaching and event photography, service providers list what they do, where they work and their price range. Schools request quotes and book directly, and every provider agrees to our service level agreement.',
    sellers: 'Service providers and consultants.',
    categoriesHeading: 'Service categories',
    categories: SERVICE_CATEGORIES.filter((category) => category.id !== 'other'),
  },
];
