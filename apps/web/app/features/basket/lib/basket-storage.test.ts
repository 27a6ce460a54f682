import { describe, expect, it } from 'vitest';
import {
  addItem,
  basketItemCount,
  basketSummary,
  basketTotalCents,
  removeItem,
  updateQuantity,
  type TBasketItem,
} from './basket-storage';

const pen: TBasketItem = { id: 'pen', name: 'Pen', price: 1250, quantity: 2 };
const book: TBasketItem = { id: 'book', name: 'Book', price: 8950, quantity: 1 };

describe('basket operations (spec 4)', () => {
  it('adds a new item with quantity 1 and increases an existing id', () => {
    expect(addItem([], { id: 'pen', name: 'Pen', price: 1250 })).toEqual([{ ...pen, quantity: 1 }]);
    expect(addItem([pen], { id: 'pen', name: 'Pen', price: 1250 })).toEqual([{ ...pen, quantity: 3 }]);
  });

  it('removes by id and drops an item whose quantity falls below 1', () => {
    expect(removeItem([pen, book], 'pen')).toEqual([book]);
    expect(updateQuantity([pen, book], 'pen', 5)).toEqual([{ ...pen, quantity: 5 }, book]);
    expect(updateQuantity([pen, book], 'pen', 0)).toEqual([book]);
  });

  it('totals in integer cents', () => {
    expect(basketTotalCents([pen, book])).toBe(2 * 1250 + 8950);
    expect(basketTotalCents([])).toBe(0);
  });

  it('counts every item of each quantity and sums the basket up in words', () => {
    expect(basketItemCount([pen, book])).toBe(3);
    expect(basketItemCount([])).toBe(0);
    expect(basketSummary([pen, book])).toBe('3 items, R114,50');
    expect(basketSummary([book])).toBe('1 item, R89,50');
    expect(basketSummary([{ ...book, price: 34900, quantity: 2 }, book])).toBe('3 items, R787,50');
  });
});
