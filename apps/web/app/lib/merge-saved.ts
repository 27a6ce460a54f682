/** Whether two form values are the same, an empty field and a missing one alike. */
export const sameFormValue = (a: unknown, b: unknown) => (a ?? '') === (b ?? '');

/**
 * A three-way merge of a form's values with a newer reading of what it edits (after the user's own
 * save, or a save someone else made meanwhile). For each key: where the user has not changed the
 * value they read (`before`), the newer saved one is taken; where they have, theirs stays. `changed`
 * lists the keys saved differently meanwhile and not as the form now holds them, and whether the
 * user's own value was kept there (`kept`) or the saved one taken.
 */
export function mergeSaved<K extends string, V>(
  keys: readonly K[],
  before: Partial<Record<K, V>>,
  saved: Partial<Record<K, V>>,
  current: Partial<Record<K, V>>,
  same: (a: V, b: V) => boolean,
) {
  const values = {} as Record<K, V>;
  const changed: { key: K; theirs: V; mine: V | undefined; kept: boolean }[] = [];
  for (const key of keys) {
    const was = before[key];
    const mine = current[key];
    const theirs = saved[key] as V;
    const mineChanged = was !== undefined && mine !== undefined && !same(mine, was);
    values[key] = mineChanged ? mine : theirs;
    if (was !== undefined && !same(theirs, was) && !(mine !== undefined && same(theirs, mine)))
      changed.push({ key, theirs, mine, kept: mineChanged });
  }
  return { values, changed };
}

/**
 * What the user is told when a merge (mergeSaved) found fields saved differently meanwhile:
 * `opening` says who saved what ("Someone else saved this learner after you opened the record."),
 * then each field they changed, by its label, with whether the user's own value was kept there
 * (the user's changes to other fields are kept as well, and not listed).
 */
export function savedMeanwhileNotice(opening: string, changed: { label: string; yoursKept: boolean }[]): string {
  const list = changed.map((c) => (c.yoursKept ? `${c.label} (your change kept)` : c.label)).join(', ');
  return `${opening} They changed: ${list}. The form shows what they saved, except where you had changed a field yourself. Check and save again.`;
}
