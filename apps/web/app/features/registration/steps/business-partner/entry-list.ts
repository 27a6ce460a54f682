/**
 * The products and services lists (spec 4, "Other rules"): each starts with one blank entry, and
 * an entry's remove button appears only while the list has more than one.
 */

export type TEntryFormValues = { name: string; category: string; description: string; priceRange: string };

export function blankEntry(): TEntryFormValues {
  return { name: '', category: '', description: '', priceRange: '' };
}

/** The list as the form starts it: the saved entries, or one blank entry. */
export function initialEntries(saved: readonly (Partial<TEntryFormValues> | null | undefined)[] | null | undefined): TEntryFormValues[] {
  const entries = (saved ?? []).filter((entry) => entry != null).map((entry) => ({ ...blankEntry(), ...entry }) as TEntryFormValues);
  return entries.length > 0 ? entries : [blankEntry()];
}

/** Whether each entry shows a remove button. */
export function canRemoveEntry(count: number): boolean {
  return count > 1;
}
