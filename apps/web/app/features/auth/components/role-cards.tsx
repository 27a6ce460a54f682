import { Briefcase, Heart, Rocket, School, ShoppingBag } from 'lucide-react';
import { ROLE_CARDS } from '@sekolo/shared/constants/registration';
import type { TRegistrationRole } from '@sekolo/shared/constants/roles';
import { cn } from '~/lib/cn';

const ICONS: Record<TRegistrationRole, React.ComponentType<{ className?: string }>> = {
  customer: ShoppingBag,
  school_admin: School,
  business_partner: Briefcase,
  charity: Heart,
  young_entrepreneur: Rocket,
};

/** The five role cards of the register screen (spec 2.8): a radio group, one choice. */
export function RoleCards({
  name,
  value,
  onChange,
  describedBy,
  disabled = false,
}: {
  name: string;
  value: TRegistrationRole | '';
  onChange: (role: TRegistrationRole) => void;
  describedBy?: string;
  /** Until the page has hydrated: a choice made then would not reach the form. */
  disabled?: boolean;
}) {
  return (
    <div
      role="radiogroup"
      aria-label="I am registering as"
      aria-describedby={describedBy}
      className="grid gap-3 sm:grid-cols-2"
    >
      {ROLE_CARDS.map((card) => {
        const Icon = ICONS[card.role];
        const checked = value === card.role;
        return (
          <label
            key={card.role}
            className={cn(
              'relative flex cursor-pointer gap-3 rounded-xl border p-4 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700',
              checked
                ? 'border-brand-700 bg-brand-50 ring-1 ring-brand-700'
                : 'border-slate-200 hover:border-slate-300 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name={name}
              value={card.role}
              checked={checked}
              onChange={() => onChange(card.role)}
              disabled={disabled}
              // Invisible but covering the whole card, so a click anywhere on it is a click on the radio.
              className="absolute inset-0 size-full cursor-pointer appearance-none rounded-xl opacity-0"
            />
            <Icon
              className={cn('mt-0.5 size-5 shrink-0', checked ? 'text-brand-700' : 'text-slate-500')}
              aria-hidden="true"
            />
            <span>
              <span className="block text-sm font-semibold text-slate-900">{card.title}</span>
              <span className="mt-0.5 block text-sm text-slate-600">{card.description}</span>
            </span>
          </label>
        );
      })}
    </div>
  );
}
