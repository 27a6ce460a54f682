import type { TLearnerSort } from '@sekolo/shared/schemas/school';

/**
 * What the learner list shows: the search and filters, the sort, and the cursors of the pages seen
 * so far (the last one is the page shown; Previous drops it, so it needs no offset).
 */
export type TLearnerListView = {
  q: string;
  grade: string;
  status: 'active' | 'archived';
  sort: TLearnerSort;
  dir: 'asc' | 'desc';
  cursors: (string | undefined)[];
};

export const FIRST_LEARNER_LIST_VIEW: TLearnerListView = {
  q: '',
  grade: '',
  status: 'active',
  sort: 'name',
  dir: 'asc',
  cursors: [undefined],
};

/**
 * The view with `change` applied. A change of what is listed (search, filter, sort) starts again
 * at page 1 in the same update: a cursor belongs to its sort and filters, and the server answers 400
 * to page 2's cursor under another sort. Resetting it in an effect after the render sent that
 * request first. A change to nothing new returns the same view, so nothing re-renders or refetches.
 */
export function changeListing(
  view: TLearnerListView,
  change: Partial<Omit<TLearnerListView, 'cursors'>>,
): TLearnerListView {
  const next = { ...view, ...change };
  const same =
    next.q === view.q &&
    next.grade === view.grade &&
    next.status === view.status &&
    next.sort === view.sort &&
    next.dir === view.dir;
  return same ? view : { ...next, cursors: [undefined] };
}

/** A click on a column's header: the same column turns its direction, another sorts ascending. */
export function sortByColumn(view: TLearnerListView, column: TLearnerSort): TLearnerListView {
  return changeListing(
    view,
    column === view.sort ? { dir: view.dir === 'asc' ? 'desc' : 'asc' } : { sort: column, dir: 'asc' },
  );
}
