import { DropdownMenu } from 'radix-ui';
import { ChevronsUpDown } from 'lucide-react';
import { AccountMenuContent } from './account-menu';
import { cn } from '~/lib/cn';
import { SidebarTooltip, useSidebar } from '~/components/layout/sidebar/sidebar';

/**
 * The sidebar footer's user menu (spec 2.4): My Account, Profile, Settings, Log out. The avatar,
 * name, e-mail and role label come from the layout, which knows the session.
 */
export function SidebarUserMenu({
  avatar,
  name,
  email,
  role,
  onLogout,
  loggingOut,
}: {
  avatar: React.ReactNode;
  name: string;
  email: string;
  role: string;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  const { open, isMobile } = useSidebar();
  const collapsed = !open && !isMobile;
  return (
    <DropdownMenu.Root modal={false}>
      <SidebarTooltip label={`${name} (${role})`} show={collapsed}>
        <DropdownMenu.Trigger
          data-testid="sidebar-user-menu"
          className={cn(
            'flex w-full items-center gap-2 rounded-md text-left hover:bg-slate-100 data-[state=open]:bg-slate-100',
            collapsed ? 'justify-center p-0.5' : 'p-2',
          )}
          aria-label={`Account menu for ${name || email}`}
        >
          {avatar}
          <span className={cn('min-w-0 flex-1', collapsed && 'sr-only')}>
            <span className="block truncate text-sm font-semibold text-slate-900">{name || email}</span>
            <span className="block truncate text-xs text-slate-600">{role}</span>
          </span>
          {!collapsed && <ChevronsUpDown className="size-4 text-slate-400" aria-hidden="true" />}
        </DropdownMenu.Trigger>
      </SidebarTooltip>
      <AccountMenuContent
        name={name}
        email={email}
        role={role}
        heading="My Account"
        onLogout={onLogout}
        loggingOut={loggingOut}
        side={isMobile ? 'top' : 'right'}
        className="w-64"
      />
    </DropdownMenu.Root>
  );
}
