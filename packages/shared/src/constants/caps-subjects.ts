/**
 * Subjects of the Curriculum and Assessment Policy Statement (CAPS) per phase. Ids reuse the tutor
 * subject list (constants/enumerations.ts TUTOR_SUBJECTS) where the subject is the same.
 */

import { idsOf, labelOf, type IOption } from '../domain/options.ts';
import type { TSchoolGrade } from './enumerations.ts';

export const CAPS_PHASES = [
  { id: 'foundation', label: 'Foundation Phase (Grades R–3)' },
  { id: 'intermediate', label: 'Intermediate Phase (Grades 4–6)' },
  { id: 'senior', label: 'Senior Phase (Grades 7–9)' },
  { id: 'fet', label: 'Further Education and Training (Grades 10–12)' },
] as const satisfies readonly IOption[];
export type TCapsPhase = (typeof CAPS_PHASES)[number]['id'];

type TCapsSubject = IOption & { readonly phases: readonly TCapsPhase[] };

const ALL: readonly TCapsPhase[] = ['foundation', 'intermediate', 'senior', 'fet'];

export const CAPS_SUBJECTS = [
  // Languages: taught as Home Language or First Additional Language in every phase.
  { id: 'english', label: 'English', phases: ALL },
  { id: 'afrikaans', label: 'Afrikaans', phases: ALL },
  { id: 'isizulu', label: 'isiZulu', phases: ALL },
  { id: 'isixhosa', label: 'isiXhosa', phases: ALL },
  { id: 'sesotho', label: 'Sesotho', phases: ALL },
  { id: 'setswana', label: 'Setswana', phases: ALL },
  { id: 'sepedi', label: 'Sepedi', phases: ALL },
  { id: 'mathematics', label: 'Mathematics', phases: ALL },
  { id: 'life_skills', label: 'Life Skills', phases: ['foundation', 'intermediate'] },
  { id: 'natural_sciences_technology', label: 'Natural Sciences and Technology', phases: ['intermediate'] },
  { id: 'social_sciences', label: 'Social Sciences', phases: ['intermediate', 'senior'] },
  { id: 'natural_sciences', label: 'Natural Sciences', phases: ['senior'] },
  { id: 'technology', label: 'Technology', phases: ['senior'] },
  { id: 'economic_management_sciences', label: 'Economic and Management Sciences', phases: ['senior'] },
  { id: 'creative_arts', label: 'Creative Arts', phases: ['senior'] },
  { id: 'life_orientation', label: 'Life Orientation', phases: ['senior', 'fet'] },
  { id: 'mathematical_literacy', label: 'Mathematical Literacy', phases: ['fet'] },
  { id: 'technical_mathematics', label: 'Technical Mathematics', phases: ['fet'] },
  { id: 'physical_sciences', label: 'Physical Sciences', phases: ['fet'] },
  { id: 'life_sciences', label: 'Life Sciences', phases: ['fet'] },
  { id: 'agricultural_sciences', label: 'Agricultural Sciences', phases: ['fet'] },
  { id: 'accounting', label: 'Accounting', phases: ['fet'] },
  { id: 'business_studies', label: 'Business Studies', phases: ['fet'] },
  { id: 'economics', label: 'Economics', phases: ['fet'] },
  { id: 'geography', label: 'Geography', phases: ['fet'] },
  { id: 'history', label: 'History', phases: ['fet'] },
  { id: 'computer_applications_technology', label: 'Computer Applications Technology', phases: ['fet'] },
  { id: 'information_technology', label: 'Information Technology', phases: ['fet'] },
  { id: 'engineering_graphics_design', label: 'Engineering Graphics and Design', phases: ['fet'] },
  { id: 'tourism', label: 'Tourism', phases: ['fet'] },
  { id: 'consumer_studies', label: 'Consumer Studies', phases: ['fet'] },
  { id: 'hospitality_studies', label: 'Hospitality Studies', phases: ['fet'] },
  { id: 'visual_arts', label: 'Visual Arts', phases: ['fet'] },
  { id: 'dramatic_arts', label: 'Dramatic Arts', phases: ['fet'] },
  { id: 'music', label: 'Music', phases: ['fet'] },
  { id: 'religion_studies', label: 'Religion Studies', phases: ['fet'] },
] as const satisfies readonly TCapsSubject[];
export type TCapsSubjectId = (typeof CAPS_SUBJECTS)[number]['id'];
export const CAPS_SUBJECT_IDS = idsOf(CAPS_SUBJECTS);

export function capsSubjectLabel(id: string): string {
  return labelOf(CAPS_SUBJECTS, id) ?? id;
}

/** The phase of a grade: R–3 Foundation, 4–6 Intermediate, 7–9 Senior, 10–12 FET. */
export function phaseOfGrade(grade: TSchoolGrade): TCapsPhase {
  const n = grade === 'R' ? 0 : Number(grade);
  if (n <= 3) return 'foundation';
  if (n <= 6) return 'intermediate';
  if (n <= 9) return 'senior';
  return 'fet';
}

/** The CAPS subjects offered in a grade's phase. */
export function capsSubjectsForGrade(grade: TSchoolGrade): readonly TCapsSubject[] {
  const phase = phaseOfGrade(grade);
  return CAPS_SUBJECTS.filter((subject) => (subject.phases as readonly TCapsPhase[]).includes(phase));
}
