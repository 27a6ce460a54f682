/**
 * What a teacher types as an assignment's mark: "" for not marked, or a number from 0 to the
 * assignment's total with a point or a comma ("7,5").
 */
export function readAssignmentMark(text: string, total: number): { value: number | null } | { problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  if (!/^\d{1,4}([.,]\d{1,2})?$/.test(trimmed)) return { problem: `Enter a mark from 0 to ${total}.` };
  const value = Number(trimmed.replace(',', '.'));
  if (value > total) return { problem: `The mark is above the total of ${total}.` };
  return { value };
}

/** A released mark as the learner and parent read it: "7,5 / 10 (75%)". */
export function resultText(mark: number, total: number): string {
  const number = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 2 });
  return `${number.format(mark)} / ${number.format(total)} (${Math.round((mark / total) * 100)}%)`;
}
