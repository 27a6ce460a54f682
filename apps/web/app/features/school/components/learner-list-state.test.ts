import { describe, expect, it } from 'vitest';
import { LEARNER_SEARCH_MAX } from '@sekolo/shared/schemas/school';
import {
  changeListing,
  FIRST_LEARNER_LIST_VIEW,
  firstPage,
  learnerListFromParams,
  learnerListHref,
  learnerListToParams,
  nextPage,
  previousPage,
  sortByColumn,
  type TLearnerListView,
} from './learner-list-state';

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
    expect(changeListing(onPage3, { classId: '5f0e4a4c-2b7d-4c1e-9a53-0c6f4e2d8b11' }).cursors).toEqual([undefined]);
    expect(changeListing(onPage3, { status: 'archived' }).cursors).toEqual([undefined]);
    expect(changeListing(onPage3, { consent: 'not_given' }).cursors).toEqual([undefined]);
  });

  it('keeps the page, and the very same view, when nothing listed changes', () => {
    // The search's debounce settles on the same text: no re-render, no request for page 1.
    expect(changeListing(onPage3, { q: '' })).toBe(onPage3);
    expect(changeListing(onPage3, { sort: 'name', dir: 'asc' })).toBe(onPage3);
  });
});

describe('the learner list view: pages forward and back', () => {
  it('keeps each page’s cursor going forward, and drops the last going back', () => {
    expect(nextPage(onPage3, 'c4').cursors).toEqual([undefined, 'c2', 'c3', 'c4']);
    expect(previousPage(onPage3).cursors).toEqual([undefined, 'c2']);
    expect(previousPage(FIRST_LEARNER_LIST_VIEW)).toBe(FIRST_LEARNER_LIST_VIEW);
  });

  it('starts again at page 1 of the same listing when a cursor is refused', () => {
    const searched = { ...onPage3, q: 'smit', grade: '10' };
    expect(firstPage(searched)).toEqual({ ...searched, cursors: [undefined] });
    expect(firstPage(FIRST_LEARNER_LIST_VIEW)).toBe(FIRST_LEARNER_LIST_VIEW);
  });
});

describe('the learner list view in the address', () => {
  const fromAddress = (search: string) => learnerListFromParams(new URLSearchParams(search));

  it('gives the plain list no search params at all', () => {
    expect(learnerListToParams(FIRST_LEARNER_LIST_VIEW).toString()).toBe('');
    expect(fromAddress('')).toEqual(FIRST_LEARNER_LIST_VIEW);
  });

  it('reads back every part of what it writes: search, filters, sort and the pages seen', () => {
    const view: TLearnerListView = {
      q: 'thandi mok',
      grade: 'R',
      classId: '5f0e4a4c-2b7d-4c1e-9a53-0c6f4e2d8b11',
      status: 'archived',
      consent: 'given',
      sort: 'admissionNumber',
      dir: 'desc',
      cursors: [undefined, 'WyJuYW1lIl0', 'eyJ4IjoxfQ-_'],
    };
    const search = learnerListToParams(view).toString();
    expect(search).toBe(
      'q=thandi+mok&grade=R&class=5f0e4a4c-2b7d-4c1e-9a53-0c6f4e2d8b11&status=archived&consent=given&sort=admissionNumber&dir=desc&cursor=WyJuYW1lIl0&cursor=eyJ4IjoxfQ-_',
    );
    expect(fromAddress(search)).toEqual(view);
    // A secretary's Grade 10 and "smit" on page 2, after Back or a reload.
    const grade10 = changeListing(FIRST_LEARNER_LIST_VIEW, { grade: '10', q: 'smit' });
    expect(fromAddress(learnerListToParams(nextPage(grade10, 'c2')).toString())).toEqual({
      ...grade10,
      cursors: [undefined, 'c2'],
    });
  });

  it('reads the search as the server does: trimmed, and at most LEARNER_SEARCH_MAX characters', () => {
    expect(fromAddress('q=%20smit%20').q).toBe('smit');
    expect(fromAddress(`q=${'a'.repeat(LEARNER_SEARCH_MAX)}`).q).toBe('a'.repeat(LEARNER_SEARCH_MAX));
    // Longer, the server answers 400: the list without the search instead.
    expect(fromAddress(`q=${'a'.repeat(LEARNER_SEARCH_MAX + 1)}`).q).toBe('');
  });

  it('falls back to the default of each value it does not know, keeping the others', () => {
    expect(fromAddress('grade=13&class=8A&status=deleted&consent=yes&sort=dateOfBirth&dir=up&q=dube')).toEqual({
      ...FIRST_LEARNER_LIST_VIEW,
      q: 'dube',
    });
    expect(fromAddress('grade=10&sort=grade&dir=sideways')).toEqual({
      ...FIRST_LEARNER_LIST_VIEW,
      grade: '10',
      sort: 'grade',
    });
  });

  it('starts at page 1 when any cursor is not of the server’s form', () => {
    expect(fromAddress('grade=9&cursor=c2&cursor=not%20a%20cursor')).toEqual({
      ...FIRST_LEARNER_LIST_VIEW,
      grade: '9',
    });
    expect(fromAddress('cursor=').cursors).toEqual([undefined]);
    expect(fromAddress(`cursor=${'a'.repeat(501)}`).cursors).toEqual([undefined]);
    expect(fromAddress(`cursor=${'a'.repeat(500)}`).cursors).toEqual([undefined, 'a'.repeat(500)]);
  });
});

describe('the learner list filtered by guardian consent', () => {
  const fromAddress = (search: string) => learnerListFromParams(new URLSearchParams(search));

  it('opens from the overview’s "Without guardian consent" on the learners whose consent is not given', () => {
    const href = learnerListHref({ consent: 'not_given' });
    expect(href).toBe('/dashboard/school/students?consent=not_given');
    // Active learners (the overview counts enrolled ones), by name, page 1.
    expect(fromAddress(new URL(href, 'http://sekolo.test').search)).toEqual({
      ...FIRST_LEARNER_LIST_VIEW,
      consent: 'not_given',
    });
    expect(learnerListHref({})).toBe('/dashboard/school/students');
  });

  it('reads "given", "not given" and no filter back from the address, and nothing else', () => {
    expect(fromAddress('consent=given').consent).toBe('given');
    expect(fromAddress('consent=not_given&grade=9')).toEqual({
      ...FIRST_LEARNER_LIST_VIEW,
      consent: 'not_given',
      grade: '9',
    });
    expect(fromAddress('consent=').consent).toBe('');
    expect(fromAddress('consent=missing').consent).toBe('');
    // "Any" is the plain list: no parameter.
    expect(learnerListToParams(changeListing(FIRST_LEARNER_LIST_VIEW, { consent: '' })).toString()).toBe('');
  });
});
