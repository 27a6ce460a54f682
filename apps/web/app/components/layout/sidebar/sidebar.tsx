import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { PanelLeft, Search, X } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '~/lib/cn';
import { useMediaQuery } from '~/lib/use-media-query';
import {
  filterSidebarSections,
  isSidebarShortcut,
  readSidebarOpen,
  sidebarCookie,
  SIDEBAR_MOBILE_QUERY,
  type ISidebarSection,
} from './sidebar-state';

/**
 * The dashboard sidebar (spec 2.4), in the shadcn/ui sidebar's manner: 16rem (w-64) wide, 3rem (w-12) when
 * collapsed to icons (labels then appear as tooltips), and below 768 px a sheet 18rem (w-72) wide.
 * Ctrl/Cmd+B toggles it; the desktop open state is kept in a cookie for 7 days.
 */

interface ISidebarContext {
  /** Desktop: expanded (true) or collapsed to icons. */
  open: boolean;
  setOpen: (open: boolean) => void;
  isMobile: boolean;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggle: () => void;
  /** Set by the search box so a collapsed sidebar's search button can focus it after expanding. */
  searchRef: React.RefObject<HTMLInputElement | null>;
  /** Set by the header's toggle button, where the mobile sheet gives focus back when it closes. */
  triggerRef: React.RefObject<HTMLButtonElement | null>;
}

/** The sidebar's element in either form (the desktop aside, the mobile sheet): the toggle's aria-controls. */
const SIDEBAR_ID = 'dashboard-sidebar';

const SidebarContext = createContext<ISidebarContext | null>(null);

export function useSidebar(): ISidebarContext {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used inside SidebarProvider');
  return context;
}

export function SidebarProvider({ children }: { children: React.ReactNode }) {
  const isMobile = useMediaQuery(SIDEBAR_MOBILE_QUERY);
  const [open, setOpenState] = useState(() =>
    typeof document === 'undefined' ? true : readSidebarOpen(document.cookie),
  );
  const [openMobile, setOpenMobile] = useState(false);
  const searchRef = useRef<HTMLInputElement | null>(null);
  const triggerRef = useRef<HTMLButtonElement | null>(null);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    document.cookie = sidebarCookie(value);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const value = useMemo(
    () => ({ open, setOpen, isMobile, openMobile, setOpenMobile, toggle, searchRef, triggerRef }),
    [open, setOpen, isMobile, openMobile, toggle],
  );
  return (
    <SidebarContext.Provider value={value}>
      <div data-slot="sidebar-wrapper" className="flex min-h-dvh w-full bg-slate-50">
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

export function SidebarTrigger({ className }: { className?: string }) {
  const { toggle, open, isMobile, openMobile, triggerRef } = useSidebar();
  return (
    <button
      ref={triggerRef}
      type="button"
      data-slot="sidebar-trigger"
      onClick={toggle}
      aria-expanded={isMobile ? openMobile : open}
      // The mobile sheet is in the DOM only while open: an aria-controls naming no element is an error.
      aria-controls={!isMobile || openMobile ? SIDEBAR_ID : undefined}
      title="Toggle sidebar (Ctrl+B)"
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100',
        className,
      )}
    >
      <PanelLeft className="size-5" aria-hidden="true" />
      <span className="sr-only">Toggle Sidebar</span>
    </button>
  );
}

export interface ISidebarProps {
  /** Names the navigation landmark, e.g. 'School'. */
  label: string;
  header: React.ReactNode;
  sections: readonly ISidebarSection[];
  footer: React.ReactNode;
}

/** The sidebar itself: fixed on desktop, a sheet on mobile; same content in both. */
export function Sidebar(props: ISidebarProps) {
  const { isMobile, open, openMobile, setOpenMobile, triggerRef } = useSidebar();
  if (isMobile) {
    return (
      <DialogPrimitive.Root open={openMobile} onOpenChange={setOpenMobile}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
          <DialogPrimitive.Content
            id={SIDEBAR_ID}
            data-slot="sidebar"
            data-mobile="true"
            aria-describedby={undefined}
            // However it closes (Escape, Close menu, the overlay, a link), the keyboard goes back to
            // the header's toggle that opened it. The toggle is not a Dialog.Trigger (it also
            // collapses the desktop sidebar), so Radix knows no trigger and left focus on <body>.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              triggerRef.current?.focus();
            }}
            className="fixed inset-y-0 left-0 z-50 flex w-72 flex-col bg-white shadow-xl"
          >
            <DialogPrimitive.Title className="sr-only">{props.label} menu</DialogPrimitive.Title>
            <DialogPrimitive.Close className="absolute top-3 right-3 rounded-md p-1 text-slate-500 hover:bg-slate-100">
              <X className="size-4" aria-hidden="true" />
              <span className="sr-only">Close menu</span>
            </DialogPrimitive.Close>
            <SidebarBody {...props} collapsed={false} onNavigate={() => setOpenMobile(false)} />
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    );
  }
  return (
    <>
      {/* Holds the sidebar's room in the page flow, so the content never slides under it. */}
      <div aria-hidden="true" className={cn('shrink-0 transition-[width] duration-200', open ? 'w-64' : 'w-12')} />
      <aside
        id={SIDEBAR_ID}
        data-slot="sidebar"
        data-state={open ? 'expanded' : 'collapsed'}
        className={cn(
          'fixed inset-y-0 left-0 z-30 flex flex-col border-r border-slate-200 bg-white transition-[width] duration-200',
          open ? 'w-64' : 'w-12',
        )}
      >
        <SidebarBody {...props} collapsed={!open} />
      </aside>
    </>
  );
}

function SidebarBody({
  label,
  header,
  sections,
  footer,
  collapsed,
  onNavigate,
}: ISidebarProps & { collapsed: boolean; onNavigate?: () => void }) {
  const [query, setQuery] = useState('');
  const visible = useMemo(() => filterSidebarSections(sections, query), [sections, query]);
  return (
    <>
      <div
        className={cn(
          'flex h-16 shrink-0 items-center border-b border-slate-200',
          collapsed ? 'justify-center px-1' : 'px-4',
        )}
      >
        {header}
      </div>
      <div className={cn('shrink-0 py-3', collapsed ? 'px-1.5' : 'px-3')}>
        <SidebarSearch collapsed={collapsed} value={query} onChange={setQuery} />
      </div>
      <nav aria-label={label} className={cn('min-h-0 flex-1 overflow-y-auto pb-4', collapsed ? 'px-1.5' : 'px-3')}>
        {visible.length === 0 && !collapsed && (
          <p className="px-2 py-4 text-sm text-slate-600" role="status">
            No menu items match “{query.trim()}”.
          </p>
        )}
        {(collapsed ? sections : visible).map((section) => (
          <div key={section.label} className="mt-3 first:mt-0" data-slot="sidebar-group">
            <h2
              className={cn(
                'px-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase',
                collapsed && 'sr-only',
              )}
            >
              {section.label}
            </h2>
            <ul className="space-y-0.5">
              {section.items.map((item) => (
                <li key={item.to + item.label}>
                  <SidebarLink item={item} collapsed={collapsed} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className={cn('shrink-0 border-t border-slate-200 py-3', collapsed ? 'px-1.5' : 'px-3')}>{footer}</div>
    </>
  );
}

function SidebarSearch({
  collapsed,
  value,
  onChange,
}: {
  collapsed: boolean;
  value: string;
  onChange: (value: string) => void;
}) {
  const { setOpen, searchRef } = useSidebar();
  if (collapsed) {
    return (
      <SidebarTooltip label="Search the menu" show>
        <button
          type="button"
          onClick={() => {
            setOpen(true);
            // After the expanded sidebar has rendered its search box.
            setTimeout(() => searchRef.current?.focus(), 0);
          }}
          className="flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
        >
          <Search className="size-4" aria-hidden="true" />
          <span className="sr-only">Search the menu</span>
        </button>
      </SidebarTooltip>
    );
  }
  return (
    <div className="relative" role="search">
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <input
        ref={searchRef}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onChange('');
        }}
        placeholder="Search..."
        aria-label="Search the menu"
        className="h-9 w-full rounded-md border border-slate-200 bg-slate-50 pr-2 pl-8 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-700 focus-visible:bg-white focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-700/30"
      />
    </div>
  );
}

/**
 * The label of a collapsed item, shown beside it on hover or keyboard focus. Positioned fixed in a
 * portal so the scrolling menu does not clip it; plain React, no popper library.
 */
export function SidebarTooltip({
  label,
  show,
  children,
}: {
  label: string;
  show: boolean;
  children: React.ReactElement;
}) {
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  // The same element whether shown or not: wrapping the item only when collapsed remounted it on
  // Ctrl/Cmd+B, and the focused link or menu button lost the keyboard's focus to the page.
  const open = (event: React.SyntheticEvent<HTMLDivElement>) => {
    if (show) setAnchor((event.currentTarget.firstElementChild ?? event.currentTarget).getBoundingClientRect());
  };
  const close = () => setAnchor(null);
  return (
    <div onMouseEnter={open} onMouseLeave={close} onFocus={open} onBlur={close}>
      {children}
      {show &&
        anchor &&
        createPortal(
          <div
            role="tooltip"
            data-slot="sidebar-tooltip"
            style={{ top: anchor.top + anchor.height / 2, left: anchor.right + 8 }}
            className="pointer-events-none fixed z-50 -translate-y-1/2 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium whitespace-nowrap text-white shadow"
          >
            {label}
          </div>,
          document.body,
        )}
    </div>
  );
}

function SidebarLink({
  item,
  collapsed,
  onNavigate,
}: {
  item: ISidebarSection['items'][number];
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const Icon = item.icon;
  return (
    <SidebarTooltip label={item.label} show={collapsed}>
      <NavLink
        to={item.to}
        end={item.end}
        onClick={onNavigate}
        aria-label={collapsed ? item.label : undefined}
        className={({ isActive }) =>
          cn(
            'flex h-9 items-center gap-3 rounded-md text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900',
            collapsed ? 'justify-center' : 'px-2',
            isActive && 'bg-brand-50 text-brand-900 hover:bg-brand-50',
          )
        }
      >
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        <span className={cn('truncate', collapsed && 'sr-only')}>{item.label}</span>
        {item.Count && !collapsed && <item.Count />}
      </NavLink>
    </SidebarTooltip>
  );
}

/** The page beside the sidebar. */
export function SidebarInset({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="sidebar-inset" className={cn('flex min-w-0 flex-1 flex-col', className)} {...props} />;
}
