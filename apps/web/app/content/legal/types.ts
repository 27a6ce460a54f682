/**
 * Legal and help pages as structured data: the page renders the headings, table of contents and
 * text from these objects. Inline links are objects so the text stays plain data (no JSX).
 */

import type { LEGAL_PATHS } from '~/config/prerendered-paths';

export type TLegalPath = (typeof LEGAL_PATHS)[number];

/** `to` is a site path ("/pricing#schools"), a `mailto:` or a `tel:` address, or an https URL. */
export type TInline = string | { text: string; to: string };

/** A run of text: a plain string, or text mixed with links. */
export type TRich = string | readonly TInline[];

export type TBlock =
  | { type: 'p'; text: TRich }
  | { type: 'ul'; items: readonly TRich[] }
  | { type: 'ol'; items: readonly TRich[] }
  | { type: 'dl'; items: readonly { term: string; detail: TRich }[] }
  | { type: 'qa'; question: string; answer: readonly TRich[] };

export interface ILegalSection {
  /** Anchor for the table of contents; stable, since other pages link to some of them. */
  id: string;
  heading: string;
  blocks: readonly TBlock[];
}

export interface ILegalDocument {
  path: TLegalPath;
  title: string;
  /** Meta description and the lead under the h1. */
  description: string;
  intro: readonly TRich[];
  sections: readonly ILegalSection[];
}
