import { DropdownMenu } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '~/lib/cn';
import type { INavGroup } from '~/content/navigation';

/**
 * A top-bar drop-down group (spec 2.4). Radix gives the menu-button keyboard model: Enter, Space
 * or ArrowDown opens it, arrows move, Escape or choosing an item closes it and focus returns to
 * the trigger. Not modal, so the page keeps scrolling and the rest of the bar stays clickable.
 */
export function NavDropdown({ group, active }: { group: INavGroup; active: boolean }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        data-active={active || undefined}
        className={cn(
          'group inline-flex items-center gap-1 rounded-md px-2.5 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900',
          'data-[state=open]:bg-slate-100 data-[state=open]:text-slate-900 data-active:bg-brand-50 data-active:text-brand-800',
        )}
      >
        {group.label}
        <ChevronDown className="size-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          className="z-50 w-[min(22rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-2 shadow-xl"
        >
          {group.items.map((item) => (
            <DropdownMenu.Item key={item.to} asChild>
              <Link
                to={item.to}
                className="block rounded-lg px-3 py-2.5 outline-none data-highlighted:bg-brand-50 data-highlighted:text-brand-900"
              >
                <span className="block text-sm font-semibold text-slate-900">{item.label}</span>
                {item.description && <span className="mt-0.5 block text-sm text-slate-600">{item.description}</span>}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
