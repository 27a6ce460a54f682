/** "1 learner", "3 learners": a count with its noun, singular for exactly one. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
