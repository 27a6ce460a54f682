import { useMemo } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Settings2 } from 'lucide-react';
import { roleLabel } from '@sekolo/shared/domain/user-display';
import { Logo, LogoMark } from '~/components/layout/logo';
import { OfflineNotice } from '~/components/layout/offline-notice';
import {
  BUSINESS_SIDEBAR_SECTIONS,
  ENTREPRENEUR_SIDEBAR_SECTIONS,
  type TSidebarKind,
  CHARITY_SIDEBAR_SECTIONS,
  canOpenSidebarItem,
  SCHOOL_SETTINGS_LINK_ACCESS,
  schoolSidebarFor,
  sidebarKindForPath,
} from '~/layout/dashboard-nav';
import {
  Sidebar,
  SidebarInset,
  SidebarProvider,
  SidebarTooltip,
  SidebarTrigger,
  useSidebar,
} from '~/components/layout/sidebar/sidebar';
import { SidebarUserMenu } from '~/features/auth/components/sidebar-user-menu';
import { AccountArea } from '~/features/auth/components/account-area';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { UserAvatar } from '~/features/auth/components/user-avatar';
import { useLogout } from '~/features/auth/hooks/use-logout';
import { useSession } from '~/features/auth/hooks/use-session';
import { cn } from '~/lib/cn';
import { paths } from '~/config/paths';
import { MessagesLink } from '~/features/messages/components/messages-link';

// Renders in the browser only: the server sends the fallback (lib/client-only-route.tsx).
export { clientLoader, HydrateFallback } from '~/lib/client-only-route';
import { NotificationBell } from '~/features/notifications/components/notification-bell';

const SKIP_LINK =
  'sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2';

/**
 * The signed-in area around every role dashboard (spec 2.3): a session is required and applicants
 * are sent to their application; each dashboard adds its own role check. School paths get the
 * school sidebar, showing each person only what they may open, and /dashboard/business paths the
 * business sidebar (spec 2.4); the other role dashboards (parent, customer, charity, entrepreneur,
 * console) keep a plain top bar.
 */
export default function DashboardLayout() {
  const { pathname } = useLocation();
  const kind = sidebarKindForPath(pathname);
  return (
    <RequireAuth>
      {kind ? (
        <SidebarLayout kind={kind}>
          <Outlet />
        </SidebarLayout>
      ) : (
        <PlainLayout>
          <Outlet />
        </PlainLayout>
      )}
    </RequireAuth>
  );
}

const SIDEBAR_LABELS: Record<TSidebarKind, string> = { school: 'School', business: 'Business', entrepreneur: 'Shop',
  charity: 'Charity',
};

function SidebarLayout({ kind, children }: { kind: TSidebarKind; children: React.ReactNode }) {
  const { role, permissions, dashboardPath } = useSession();
  const sections = useMemo(
    () =>
      kind === 'school'
        ? schoolSidebarFor({ role, permissions, dashboardPath })
        : kind === 'entrepreneur'
          ? ENTREPRENEUR_SIDEBAR_SECTIONS
        : kind === 'charity'
          ? CHARITY_SIDEBAR_SECTIONS
          : BUSINESS_SIDEBAR_SECTIONS,
    [kind, role, permissions, dashboardPath],
  );
  return (
    <SidebarProvider>
      <a href="#dashboard-content" className={SKIP_LINK}>
        Skip to main content
      </a>
      <Sidebar
        label={SIDEBAR_LABELS[kind]}
        header={<SidebarBrand />}
        sections={sections}
        footer={<SidebarFooter kind={kind} />}
      />
      <SidebarInset>
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6">
          <SidebarTrigger className="-ml-1" />
          <div className="h-5 w-px bg-slate-200" aria-hidden="true" />
          <SchoolName />
          <DashboardNav className="ml-auto" />
          <NotificationBell />
        </header>
        <main
          id="dashboard-content"
          tabIndex={-1}
          className="w-full flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:px-8"
        >
          <div className="mx-auto max-w-7xl">
            <OfflineNotice />
            {children}
          </div>
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}

function SidebarBrand() {
  const { open, isMobile } = useSidebar();
  if (!open && !isMobile) {
    return (
      <Link to={paths.home} aria-label="Sekolo home" className="rounded-md">
        <LogoMark />
      </Link>
    );
  }
  return <Logo />;
}

function SchoolName() {
  const session = useSession();
  return (
    <p className="truncate text-sm font-semibold text-slate-900" data-testid="dashboard-organization-name">
      {session.organization?.name ?? ''}
    </p>
  );
}

function SidebarFooter({ kind }: { kind: TSidebarKind }) {
  const session = useSession();
  const { logout, isLoggingOut } = useLogout();
  const { open, isMobile } = useSidebar();
  const collapsed = !open && !isMobile;
  const user = session.user;
  if (!user) return null;
  return (
    <div className="space-y-1">
      {kind === 'school' && canOpenSidebarItem(SCHOOL_SETTINGS_LINK_ACCESS, session) && (
        <SidebarTooltip label="School Settings" show={collapsed}>
          <Link
            to={paths.school.legacySettings}
            aria-label={collapsed ? 'School Settings' : undefined}
            className={cn(
              'flex h-9 items-center gap-3 rounded-md text-sm font-medium text-slate-700 hover:bg-slate-100',
              collapsed ? 'justify-center' : 'px-2',
            )}
          >
            <Settings2 className="size-4 shrink-0" aria-hidden="true" />
            <span className={cn(collapsed && 'sr-only')}>School Settings</span>
          </Link>
        </SidebarTooltip>
      )}
      <SidebarUserMenu
        avatar={<UserAvatar user={user} className="size-8" />}
        name={user.name}
        email={user.email}
        role={roleLabel(session.role)}
        onLogout={() => void logout()}
        loggingOut={isLoggingOut}
      />
    </div>
  );
}

function PlainLayout({ children }: { children: React.ReactNode }) {
  const session = useSession();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <a href="#dashboard-content" className={SKIP_LINK}>
        Skip to main content
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
        {/* At 375 px the logo, messages, the bell and the account area fit on one line: tighter spacing on a phone. */}
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
          <Logo />
          <DashboardNav className="hidden sm:block" />
          <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
            <MessagesLink role={session.role} className="sm:hidden" />
            <NotificationBell />
            <AccountArea variant="dropdown" />
          </div>
        </div>
      </header>
      <main
        id="dashboard-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 focus:outline-none sm:px-6"
      >
        <OfflineNotice />
        {children}
      </main>
    </div>
  );
}

/** The dashboard header's own links (both layouts): the marketplace, and messages with the unread count. */
function DashboardNav({ className }: { className: string }) {
  const { role } = useSession();
  return (
    <nav aria-label="Dashboard" className={cn('flex items-center gap-1', className)}>
      <MessagesLink role={role} />
      <Link
        to={paths.marketplace}
        className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        Marketplace
      </Link>
    </nav>
  );
}
