/**
 * Helpers for the `{ id, label }` option lists in `constants/`.
 * `idsOf` returns a non-empty tuple type so the result can go straight into `z.enum(...)`.
 */

export interface IOption<TId extends string = string> {
  readonly id: TId;
  readonly label: string;
}

export function idsOf<const T extends readonly [{ readonly id: string }, ...{ readonly id: string }[]]>(
  list: T,
): readonly [T[number]['id'], ...T[number]['id'][]] {
  return list.map((item) => item.id) as unknown as readonly [T[number]['id'], ...T[number]['id'][]];
}

/** Label for an id, or `undefined` when the id is unknown (e.g. stale data from an older form). */
export function labelOf(list: readonly IOption[], id: string | null | undefined): string | undefined {
  if (id == null) return undefined;
  return list.find((item) => item.id === id)?.label;
}
