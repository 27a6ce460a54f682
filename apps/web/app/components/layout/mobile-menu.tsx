import { useEffect, useRef, useState } from 'react';
import { Menu, X } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { HOME_LINK, NAV_GROUPS, TRAILING_LINKS } from '~/content/navigation';
import { cn } from '~/lib/cn';
import { useHydrated } from '~/lib/hydration';

const linkClass =
  'block rounded-lg px-3 py-2.5 text-base font-medium text-slate-800 hover:bg-slate-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800';

/**
 * The menu below 768 px (spec 2.4): a disclosure button that shows the same links as the top bar,
 * plus the account area. Closes on navigation, on Escape (focus back on the button) and when the
 * viewport grows to the desktop bar.
 */
export function MobileMenu({ account }: { account: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  // One menu per page: a fixed id.
  const panelId = 'mobile-menu-panel';
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  // Does nothing until the page's scripts run, so it says so (disabled until hydrated).
  const hydrated = useHydrated();

  useEffect(() => {
    setOpen(false);
  }, [location.pathname, location.hash]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const desktop = window.matchMedia('(min-width: 768px)');
    const onResize = () => {
      if (desktop.matches) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    desktop.addEventListener('change', onResize);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      desktop.removeEventListener('change', onResize);
    };
  }, [open]);

  return (
    <div className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        disabled={!hydrated}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100"
      >
        {open ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
        <span className="sr-only">Menu</span>
      </button>

      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-b border-slate-200 bg-white shadow-lg"
      >
        <nav aria-label="Mobile" className="mx-auto max-w-7xl px-4 py-4">
          <ul className="space-y-1">
            <li>
              <NavLink to={HOME_LINK.to} end className={linkClass}>
                {HOME_LINK.label}
              </NavLink>
            </li>
          </ul>
          {NAV_GROUPS.map((group) => (
            <div key={group.id} className="mt-4">
              <p id={`${panelId}-${group.id}`} className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                {group.label}
              </p>
              <ul aria-labelledby={`${panelId}-${group.id}`} className="space-y-1">
                {group.items.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to} className={cn(linkClass, 'text-[0.95rem]')}>
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <ul className="mt-4 space-y-1 border-t border-slate-200 pt-4">
            {TRAILING_LINKS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={linkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-4 border-t border-slate-200 px-3 pt-4">
            {account}
          </div>
        </nav>
      </div>
    </div>
  );
}
