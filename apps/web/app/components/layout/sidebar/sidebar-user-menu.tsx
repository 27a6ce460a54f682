import { DropdownMenu } from 'radix-ui';
import { ChevronsUpDown, LogOut, Settings, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '~/lib/cn';
import { SidebarTooltip, useSidebar } from './sidebar';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-800 outline-none data-highlighted:bg-brand-50 data-highlighted:text-brand-900 [&_svg]:size-4 [&_svg]:text-slate-500';

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
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side={isMobile ? 'top' : 'right'}
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-xl"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block text-xs font-semibold tracking-wide text-slate-500 uppercase">My Account</span>
            <span className="mt-1 block text-sm font-semibold break-words text-slate-900">{name}</span>
            <span className="block text-sm break-all text-slate-600">{email}</span>
            <span className="mt-1 block text-xs font-semibold text-brand-800">{role}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild>
            <Link to="/profile" className={itemClass}>
              <UserRound aria-hidden="true" />
              Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to="/settings" className={itemClass}>
              <Settings aria-hidden="true" />
              Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClass} disabled={loggingOut} onSelect={onLogout}>
            <LogOut aria-hidden="true" />
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
