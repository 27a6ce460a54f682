import { Link } from 'react-router';
import { cn } from '~/lib/cn';
import { paths } from '~/config/paths';

/** The Sekolo mark: the favicon's mortarboard on a rounded square. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="7" fill="#0f766e" />
      <path d="M8 13l8-5 8 5-8 5z" fill="#fff" />
      <path d="M11 16v5c0 1.5 2.5 3 5 3s5-1.5 5-3v-5" stroke="#fff" strokeWidth="2" fill="none" />
    </svg>
  );
}

/** Logo linking home (spec 2.4). `tone="inverse"` for dark backgrounds such as the footer. */
export function Logo({ className, tone = 'default' }: { className?: string; tone?: 'default' | 'inverse' }) {
  return (
    <Link
      to={paths.home}
      aria-label="Sekolo home"
      data-slot="logo"
      className={cn('inline-flex items-center gap-2 rounded-md text-xl font-bold tracking-tight', tone === 'inverse' ? 'text-white' : 'text-slate-900', className)}
    >
      <LogoMark />
      <span aria-hidden="true">Sekolo</span>
    </Link>
  );
}
