import { Link, Outlet } from 'react-router';
import { Logo } from '~/components/layout/logo';
import { AccountArea } from '~/features/auth/components/account-area';
import { RequireAuth } from '~/features/auth/components/require-auth';

/**
 * The signed-in area around every role dashboard (spec 2.3): a session is required and applicants
 * are sent to their application (D5); each dashboard adds its own role check. Deliberately plain:
 * the school and business sidebars of spec 2.4 replace this file when they are built.
 */
export default function DashboardLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <a
        href="#dashboard-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
          <Logo />
          <nav aria-label="Dashboard" className="hidden sm:block">
            <Link
              to="/marketplace"
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              Marketplace
            </Link>
          </nav>
          <div className="ml-auto">
            <AccountArea variant="dropdown" />
          </div>
        </div>
      </header>
      <main
        id="dashboard-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 focus:outline-none sm:px-6"
      >
        <RequireAuth>
          <Outlet />
        </RequireAuth>
      </main>
    </div>
  );
}
