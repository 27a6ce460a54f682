import { useEffect, useRef } from 'react';
import { ShoppingBasket } from 'lucide-react';
import { basketSummary } from '../lib/basket-storage';
import { BASKET_HEADING_ID, showBasket } from '../lib/show-basket';
import { useBasket } from '../hooks/use-basket';

/**
 * "View basket (3 items, R787,50)" at the foot of the screen while the basket holds something: on
 * a phone the basket sits above the products, out of sight once you scroll to them. Goes to the
 * basket's heading (a plain link to it before the page has hydrated). While it is there, the page
 * keeps its height clear at the foot of the screen when it scrolls a control into view (a tab to
 * it, say), so the bar never hides the control that has the focus.
 */
export function BasketBar() {
  const basket = useBasket();
  const shown = basket.items.length > 0;
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!shown) return;
    const root = document.documentElement;
    root.style.scrollPaddingBottom = '5rem';
    // A control already on screen is not scrolled to when it takes the focus, even with the
    // padding: if it sits behind the bar, move the page up by what the bar hides of it.
    const uncover = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof Element) || !bar.current || bar.current.contains(target)) return;
      const control = target.getBoundingClientRect();
      const top = bar.current.getBoundingClientRect().top;
      if (control.bottom > top && control.top < window.innerHeight) {
        window.scrollBy({ top: control.bottom - top + 8, behavior: 'instant' });
      }
    };
    document.addEventListener('focusin', uncover);
    return () => {
      root.style.scrollPaddingBottom = '';
      document.removeEventListener('focusin', uncover);
    };
  }, [shown]);
  if (!shown) return null;
  return (
    <div ref={bar} className="sticky bottom-4 z-30 flex justify-center">
      <a
        href={`#${BASKET_HEADING_ID}`}
        onClick={(event) => {
          event.preventDefault();
          showBasket();
        }}
        className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white shadow-lg hover:bg-brand-800"
      >
        <ShoppingBasket className="size-4" aria-hidden="true" />
        <span className="tabular-nums">View basket ({basketSummary(basket.items)})</span>
      </a>
    </div>
  );
}
