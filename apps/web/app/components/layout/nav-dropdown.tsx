import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { cn } from '~/lib/cn';
import { useHydrated } from '~/lib/hydration';
import type { INavGroup } from '~/content/navigation';

type TFocusTarget = 'first' | 'last' | 'menu';

/**
 * A top-bar drop-down group (spec 2.4), a WAI-ARIA menu button: Enter, Space or ArrowDown opens it
 * on the first item (ArrowUp on the last), arrows, Home and End move, Escape or choosing an item
 * closes it and focus returns to the trigger; a click outside, Tab or navigation closes it. Not
 * modal, so the page keeps scrolling and the rest of the bar stays clickable.
 * Written here rather than with Radix's DropdownMenu so that public pages do not load Radix's menu
 * and positioning code (~25 KB gzip) up front.
 */
export function NavDropdown({ group, active }: { group: INavGroup; active: boolean }) {
  const [open, setOpen] = useState(false);
  const [focusTarget, setFocusTarget] = useState<TFocusTarget>('menu');
  const baseId = useId();
  const triggerId = `${baseId}-trigger`;
  const menuId = `${baseId}-menu`;
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  // Does nothing until the page's scripts run, so it says so (disabled until hydrated).
  const hydrated = useHydrated();

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  const openMenu = (target: TFocusTarget) => {
    setFocusTarget(target);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus({ preventScroll: true });
  };

  // Focus moves into the menu as it is rendered, before the next key can arrive: a layout effect,
  // not a passive one, which on a slow device ran a frame later and could move focus into a menu
  // that Escape had already closed.
  useLayoutEffect(() => {
    if (!open) return;
    const list = items();
    const target = focusTarget === 'first' ? list[0] : focusTarget === 'last' ? list.at(-1) : menuRef.current;
    target?.focus({ preventScroll: true });
  }, [open, focusTarget]);

  // A pointer press outside closes it; so does navigation.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => {
    setOpen(false);
  }, [location.pathname, location.hash]);

  const onTriggerKeyDown = (event: React.KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    }
  };

  const onMenuKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[Math.max(0, Math.min(list.length - 1, i))]?.focus({ preventScroll: true });
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index < 0 ? 0 : index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index < 0 ? list.length - 1 : index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      case ' ':
        // Space chooses the item, as in Radix menus (links only react to Enter by default).
        if (index >= 0) {
          event.preventDefault();
          list[index]?.click();
        }
        break;
    }
  };

  const onMenuBlur = (event: React.FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !rootRef.current?.contains(next)) setOpen(false);
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        disabled={!hydrated}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-state={open ? 'open' : 'closed'}
        data-active={active || undefined}
        onClick={() => (open ? close(false) : openMenu('menu'))}
        onKeyDown={onTriggerKeyDown}
        className={cn(
          'group inline-flex items-center gap-1 rounded-md px-2.5 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900',
          'data-[state=open]:bg-slate-100 data-[state=open]:text-slate-900 data-active:bg-brand-50 data-active:text-brand-800',
        )}
      >
        {group.label}
        <ChevronDown className="size-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={triggerId}
          aria-orientation="vertical"
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          onBlur={onMenuBlur}
          className="absolute top-full left-0 z-50 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-2 shadow-xl outline-none"
        >
          {group.items.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              role="menuitem"
              tabIndex={-1}
              onClick={() => close(true)}
              onPointerMove={(event) => event.currentTarget.focus({ preventScroll: true })}
              className="block rounded-lg px-3 py-2.5 outline-none hover:bg-brand-50 hover:text-brand-900 focus:bg-brand-50 focus:text-brand-900"
            >
              <span className="block text-sm font-semibold text-slate-900">{item.label}</span>
              {item.description && <span className="mt-0.5 block text-sm text-slate-600">{item.description}</span>}
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
