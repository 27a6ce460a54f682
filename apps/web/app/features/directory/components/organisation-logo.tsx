import { cn } from '~/lib/cn';
import { initialsOf } from '../lib/labels';

/** The organisation's logo, or its initials on a coloured square when it has none. */
export function OrganisationLogo({
  name,
  logoUrl,
  size = 'md',
}: {
  name: string;
  logoUrl: string | null;
  size?: 'md' | 'lg';
}) {
  const box = size === 'lg' ? 'size-20 text-2xl' : 'size-14 text-lg';
  if (logoUrl)
    return (
      <img
        // Lists and cards take the 128 px variant; the profile page the full logo (512 px at most).
        src={size === 'lg' ? logoUrl : `${logoUrl}${logoUrl.includes('?') ? '&' : '?'}size=small`}
        alt={`${name} logo`}
        width={size === 'lg' ? 80 : 56}
        height={size === 'lg' ? 80 : 56}
        className={cn(box, 'shrink-0 rounded-xl border border-slate-200 bg-white object-contain')}
      />
    );
  return (
    <span
      aria-hidden="true"
      className={cn(
        box,
        'inline-flex shrink-0 items-center justify-center rounded-xl bg-brand-100 font-bold text-brand-800',
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
