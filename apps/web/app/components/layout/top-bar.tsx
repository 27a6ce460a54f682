import { NavLink, useLocation } from 'react-router';
import { HOME_LINK, NAV_GROUPS, TRAILING_LINKS, type INavLink } from '~/content/navigation';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { NavDropdown } from './nav-dropdown';

const linkClass =
  'inline-flex items-center rounded-md px-2.5 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800';

function TopBarLink({ link, end }: { link: INavLink; end?: boolean }) {
  return (
    <li>
      <NavLink to={link.to} end={end} className={linkClass}>
        {link.label}
      </NavLink>
    </li>
  );
}

/**
 * Sticky top bar (spec 2.4): logo, Home, the Solutions and Marketplace groups, Pricing, Features,
 * Contact and the account area. From 768 px to 1024 px the links sit on a second row so that
 * nothing is squeezed; below 768 px the mobile menu takes over.
 */
export function TopBar({ account }: { account: React.ReactNode }) {
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 px-4 sm:px-6 lg:flex-nowrap">
        <div className="flex h-16 items-center">
          <Logo />
        </div>
        <nav aria-label="Main" className="order-last -mx-2.5 hidden w-full pb-2 md:block lg:order-0 lg:mx-0 lg:w-auto lg:pb-0">
          <ul className="flex items-center gap-1">
            <TopBarLink link={HOME_LINK} end />
            {NAV_GROUPS.map((group) => (
              <li key={group.id}>
                <NavDropdown group={group} active={group.activePaths.includes(pathname)} />
              </li>
            ))}
            {TRAILING_LINKS.map((link) => (
              <TopBarLink key={link.to} link={link} />
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <div className="hidden md:block">
            {account}
          </div>
          <MobileMenu account={account} />
        </div>
      </div>
    </header>
  );
}
