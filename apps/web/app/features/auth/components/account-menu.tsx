import { DropdownMenu } from 'radix-ui';
import { LogOut, Settings, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '~/lib/cn';
import { paths } from '~/config/paths';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-800 outline-none data-highlighted:bg-brand-50 data-highlighted:text-brand-900 [&_svg]:size-4 [&_svg]:text-slate-500';

const PAGES = [
  { to: paths.account.profile, label: 'Profile', Icon: UserRound },
  { to: paths.account.settings, label: 'Settings', Icon: Settings },
] as const;

/**
 * The avatar menu's content (spec 2.4), for the top bar's account area and the sidebar's user
 * menu: name, e-mail and role label (under `heading` if given), Profile, Settings and Log out.
 */
export function AccountMenuContent({
  name,
  email,
  role,
  heading,
  onLogout,
  loggingOut,
  className,
  ...props
}: {
  name: string;
  email: string;
  role: string;
  heading?: string;
  onLogout: () => void;
  loggingOut: boolean;
} & Omit<React.ComponentProps<typeof DropdownMenu.Content>, 'children'>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        className={cn('z-50 rounded-xl border border-slate-200 bg-white p-2 shadow-xl', className)}
        {...props}
      >
        <DropdownMenu.Label className="px-3 py-2">
          {heading && (
            <span className="block text-xs font-semibold tracking-wide text-slate-500 uppercase">{heading}</span>
          )}
          <span className={cn('block text-sm font-semibold break-words text-slate-900', heading && 'mt-1')}>
            {name}
          </span>
          <span className="block text-sm break-all text-slate-600">{email}</span>
          <span className="mt-1 block text-xs font-semibold text-brand-800">{role}</span>
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        {PAGES.map(({ to, label, Icon }) => (
          <DropdownMenu.Item key={to} asChild>
            <Link to={to} className={itemClass}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        <DropdownMenu.Item className={itemClass} disabled={loggingOut} onSelect={onLogout}>
          <LogOut aria-hidden="true" />
          Log out
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}
