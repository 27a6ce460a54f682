import { Avatar } from 'radix-ui';
import { initials } from '@sekolo/shared/domain/user-display';
import { cn } from '~/lib/cn';
import type { IMe } from '../api/get-me';

/** The user's picture, or their initials (spec 2.4) while it loads or when there is none. */
export function UserAvatar({ user, className }: { user: IMe['user']; className?: string }) {
  const letters = initials({
    fullName: user.name,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
  });
  return (
    <Avatar.Root
      data-slot="avatar"
      className={cn(
        'relative inline-flex size-9 shrink-0 overflow-hidden rounded-full bg-brand-100 align-middle',
        className,
      )}
    >
      {user.image && <Avatar.Image src={user.image} alt="" className="size-full object-cover" />}
      <Avatar.Fallback
        data-testid="user-initials"
        className="flex size-full items-center justify-center text-sm font-semibold text-brand-900"
        delayMs={user.image ? 300 : 0}
      >
        {letters}
      </Avatar.Fallback>
    </Avatar.Root>
  );
}
