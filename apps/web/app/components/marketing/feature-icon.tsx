import {
  BookUser,
  Building2,
  ClipboardCheck,
  FileText,
  HandHeart,
  MessageSquareText,
  MonitorPlay,
  RefreshCcw,
  ShoppingBag,
  Store,
  Ticket,
  Trophy,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '~/lib/cn';
import type { TFeatureSectionId } from '~/content/features';

const ICONS: Record<TFeatureSectionId | 'marketplace', LucideIcon> = {
  'student-management': Users,
  attendance: ClipboardCheck,
  finance: Wallet,
  reporting: MessageSquareText,
  directory: BookUser,
  store: ShoppingBag,
  events: Ticket,
  funding: HandHeart,
  subscription: RefreshCcw,
  applications: FileText,
  extramural: Trophy,
  rental: Building2,
  classes: MonitorPlay,
  marketplace: Store,
};

/** A feature's icon on a tinted tile; decorative, the heading beside it names the feature. */
export function FeatureIcon({ id, className }: { id: TFeatureSectionId | 'marketplace'; className?: string }) {
  const Icon = ICONS[id];
  return (
    <span className={cn('inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100', className)}>
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}
