import { describe, expect, it } from 'vitest';
import { learnerListPath } from './learner-list-return';

describe('learnerListPath: the learner page links back to the list as it was left', () => {
  it('keeps the list’s search, filters and page', () => {
    expect(learnerListPath({ learnerList: '?q=smit&grade=12' })).toBe('/dashboard/school/students?q=smit&grade=12');
  });

  it('goes to the whole list when the page was not opened from it, or the state is not a query', () => {
    expect(learnerListPath(null)).toBe('/dashboard/school/students');
    expect(learnerListPath({ learnerList: '' })).toBe('/dashboard/school/students');
    expect(learnerListPath({ learnerList: '//evil.example/' })).toBe('/dashboard/school/students');
    expect(learnerListPath({ learnerList: 42 })).toBe('/dashboard/school/students');
  });
});
