import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '~/lib/cn';

export const badgeVariants = cva('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', {
  variants: {
    variant: {
      brand: 'bg-brand-100 text-brand-900',
      accent: 'bg-amber-100 text-amber-900',
      neutral: 'bg-slate-100 text-slate-700',
      solid: 'bg-brand-700 text-white',
    },
  },
  defaultVariants: { variant: 'brand' },
});

export function Badge({ className, variant, ...props }: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
