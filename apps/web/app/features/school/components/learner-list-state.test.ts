import { describe, expect, it } from 'vitest';
import { changeListing, FIRST_LEARNER_LIST_VIEW, sortByColumn, type TLearnerListView } from './learner-list-state';

/** On page 3 of the list sorted by name: the cursors of pages 2 and 3 were seen. */
const onPage3: TLearnerListView = { ...FIRST_LEARNER_LIST_VIEW, cursors: [undefined, 'c2', 'c3'] };

describe('the learner list view: a new sort, search or filter starts at page 1 in the same update', () => {
  it('drops the cursors when another column is sorted, ascending', () => {
    expect(sortByColumn({ ...onPage3, dir: 'desc' }, 'grade')).toEqual({
      ...onPage3,
      sort: 'grade',
      dir: 'asc',
      cursors: [undefined],
    });
  });

  it('turns the direction of the sorted column, and drops the cursors too', () => {
    expect(sortByColumn(onPage3, 'name')).toEqual({ ...onPage3, dir: 'desc', cursors: [undefined] });
  });

  it('drops the cursors on a new search, grade or status', () => {
    expect(changeListing(onPage3, { q: 'dube' }).cursors).toEqual([undefined]);
    expect(changeListing(onPage3, { grade: '8' }).cursors).toEqual([undefined]);
    expect(changeListing(onPage3, { status: 'archived' }).cursors).toEqual([undefined]);
  });

  it('keeps the page, and the very same view, when nothing listed changes', () => {
    // The search's debounce settles on the same text: no re-render, no request for page 1.
    expect(changeListing(onPage3, { q: '' })).toBe(onPage3);
    expect(changeListing(onPage3, { sort: 'name', dir: 'asc' })).toBe(onPage3);
  });
});
