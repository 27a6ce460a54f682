import { BookOpen, Briefcase, Package, Wrench } from 'lucide-react';
import { PARTNER_REGISTRATION_FEES_CENTS } from '@sekolo/shared/constants/fees';
import { BUSINESS_PARTNER_TYPES, type TBusinessPartnerType } from '@sekolo/shared/constants/roles';
import { formatZar } from '@sekolo/shared/domain/money';
import { cn } from '~/lib/cn';

const DESCRIPTIONS: Record<TBusinessPartnerType, string> = {
  tutor: 'Lessons, courses and exam preparation for learners',
  service_provider: 'Transport, catering, maintenance, coaching and other services to schools',
  product_vendor: 'School supplies, uniforms, books, technology and equipment',
  consultant: 'Advice to schools on finance, governance, curriculum or technology',
};

const ICONS: Record<TBusinessPartnerType, typeof BookOpen> = {
  tutor: BookOpen,
  service_provider: Wrench,
  product_vendor: Package,
  consultant: Briefcase,
};

/** One or more business partner types as checkbox cards, each with its registration fee (spec 6, 9). */
export function PartnerTypePicker({
  id,
  value,
  onChange,
  onBlur,
  error,
  legend,
}: {
  id: string;
  value: readonly TBusinessPartnerType[];
  onChange: (value: TBusinessPartnerType[]) => void;
  onBlur?: () => void;
  error?: string;
  legend: string;
}) {
  const toggle = (type: TBusinessPartnerType, checked: boolean) => {
    const next = new Set(value);
    if (checked) next.add(type);
    else next.delete(type);
    // Keep the list's canonical order so the same choice always reads the same.
    onChange(BUSINESS_PARTNER_TYPES.map((option) => option.id).filter((option) => next.has(option)));
  };

  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <p className="mt-1 text-sm text-slate-600">Choose every role that applies. You can be several at once.</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {BUSINESS_PARTNER_TYPES.map((option) => {
          const checked = value.includes(option.id);
          const Icon = ICONS[option.id];
          return (
            <label
              key={option.id}
              htmlFor={`${id}-${option.id}`}
              className={cn(
                'flex cursor-pointer gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
                checked ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-white hover:border-slate-300',
              )}
            >
              <input
                id={`${id}-${option.id}`}
                type="checkbox"
                className="mt-1 size-4 shrink-0 accent-brand-700"
                checked={checked}
                onChange={(event) => toggle(option.id, event.currentTarget.checked)}
                onBlur={onBlur}
              />
              <span className="min-w-0">
                <span className="flex items-center gap-2 font-semibold text-slate-900">
                  <Icon className="size-4 text-brand-700" aria-hidden="true" />
                  {option.label}
                </span>
                <span className="mt-1 block text-sm text-slate-600">{DESCRIPTIONS[option.id]}</span>
                <span className="mt-1 block text-xs text-slate-500">
                  Registration fee {formatZar(PARTNER_REGISTRATION_FEES_CENTS[option.id])}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
