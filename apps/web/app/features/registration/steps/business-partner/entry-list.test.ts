import { describe, expect, it } from 'vitest';
import { blankEntry, canRemoveEntry, initialEntries } from './entry-list';

describe('products and services lists', () => {
  it('start with one blank entry', () => {
    expect(initialEntries(undefined)).toEqual([blankEntry()]);
    expect(initialEntries([])).toEqual([blankEntry()]);
    expect(blankEntry()).toEqual({ name: '', category: '', description: '', priceRange: '' });
  });

  it('start with the saved entries when there are some, filling absent fields', () => {
    expect(initialEntries([{ name: 'Atlas', category: 'books' }])).toEqual([{ name: 'Atlas', category: 'books', description: '', priceRange: '' }]);
  });

  it('show a remove button only with more than one entry', () => {
    expect(canRemoveEntry(0)).toBe(false);
    expect(canRemoveEntry(1)).toBe(false);
    expect(canRemoveEntry(2)).toBe(true);
    expect(canRemoveEntry(5)).toBe(true);
  });
});
