/** The id of the basket's heading on /basket: where "View basket" goes. */
export const BASKET_HEADING_ID = 'your-basket';

/**
 * Brings the basket into view and moves the focus to its heading, so a keyboard or screen reader
 * user continues from the basket. From a toast's action the focus is taken twice: sonner hands the
 * focus back to where it was before the toast as soon as it leaves the toast.
 */
export function showBasket(): void {
  const heading = document.getElementById(BASKET_HEADING_ID);
  if (!heading) return;
  heading.scrollIntoView({ block: 'start' });
  heading.focus({ preventScroll: true });
  if (document.activeElement !== heading) heading.focus({ preventScroll: true });
}
