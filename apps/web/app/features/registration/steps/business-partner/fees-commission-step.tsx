import { useId } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { COMMISSION_TIERS, TIER_ADDON_PARTNER_TYPES, type TCommissionTier } from '@sekolo/shared/constants/fees';
import type { TBusinessPartnerType } from '@sekolo/shared/constants/roles';
import { normalisePartnerTypes } from '@sekolo/shared/domain/business-partner-types';
import { formatZar } from '@sekolo/shared/domain/money';
import { ZFeesCommissionStep, type TFeesCommissionStep } from '@sekolo/shared/schemas/registration/business-partner';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { cn } from '~/lib/cn';
import { WizardNav, WizardSection } from '../../components/wizard-nav';
import { nextLabelFor } from '../../lib/next-label';
import { useFormDraft } from '../../lib/use-form-draft';
import type { IWizardStepProps } from '../../lib/wizard-types';
import { PartnerFeeTable } from './partner-fee-table';
import { partnerTypesFrom } from './partner-types-from';
import { PartnerTypePicker } from './partner-type-picker';

type TFormValues = { businessPartnerTypes: TBusinessPartnerType[]; commissionTier: TCommissionTier };

/**
 * Business partner step 3, Fees & Commission (spec 2.9, 3, 5, 9): the roles (from step 1, may be
 * changed here), the commission tier and the fees they cost, from the shared calculator.
 * 'Continue to Service Level Agreement' stays disabled while no role is chosen.
 */
export function FeesCommissionStep({
  step,
  data,
  registration,
  onComplete,
  onBack,
  submitting,
  onDraftChange,
}: IWizardStepProps<TFeesCommissionStep>) {
  const id = useId();
  const savedTypes = normalisePartnerTypes(Array.isArray(data?.businessPartnerTypes) ? data.businessPartnerTypes : []);
  const form = useForm<TFormValues, unknown, TFeesCommissionStep>({
    resolver: zodResolver(ZFeesCommissionStep) as unknown as Resolver<TFormValues, unknown, TFeesCommissionStep>,
    defaultValues: {
      businessPartnerTypes: savedTypes.length > 0 ? savedTypes : partnerTypesFrom(registration),
      commissionTier: COMMISSION_TIERS.some((tier) => tier.id === data?.commissionTier)
        ? (data?.commissionTier as TCommissionTier)
        : 'free',
    },
    mode: 'onChange',
  });
  useFormDraft(form.watch, onDraftChange);
  const types = useWatch({ control: form.control, name: 'businessPartnerTypes' });
  const tier = useWatch({ control: form.control, name: 'commissionTier' });
  const tierAddsFee = types.some((type) => (TIER_ADDON_PARTNER_TYPES as readonly string[]).includes(type));
  const { errors } = form.formState;

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit((values) => onComplete(values))(event)}
      className="space-y-10"
    >
      <WizardSection
        title="Your roles"
        description="Your registration fee is the sum of your roles' fees. With more than one role, your recurring fees are halved."
      >
        <Controller
          control={form.control}
          name="businessPartnerTypes"
          render={({ field }) => (
            <PartnerTypePicker
              id={`${id}-roles`}
              legend="Roles"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.businessPartnerTypes?.message ?? errors.businessPartnerTypes?.root?.message}
            />
          )}
        />
      </WizardSection>

      <WizardSection
        title="Commission tier"
        description={
          tierAddsFee
            ? 'A paid tier lowers the commission on your sales for a monthly fee.'
            : 'The tier sets the commission on your sales. Its monthly fee applies to product vendors and service providers only.'
        }
      >
        <fieldset>
          <legend className="sr-only">Commission tier</legend>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {COMMISSION_TIERS.map((option) => {
              const checked = tier === option.id;
              return (
                <label
                  key={option.id}
                  className={cn(
                    'flex cursor-pointer flex-col gap-1 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
                    checked ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-white hover:border-slate-300',
                  )}
                >
                  <span className="flex items-center gap-2">
                    <input
                      type="radio"
                      value={option.id}
                      className="size-4 accent-brand-700"
                      {...form.register('commissionTier')}
                    />
                    <span className="font-semibold text-slate-900">{option.label}</span>
                  </span>
                  <span className="text-2xl font-bold text-slate-900">{option.commissionBps / 100}%</span>
                  <span className="text-sm text-slate-600">commission on sales</span>
                  <span className="text-sm text-slate-700">
                    {option.monthlyFeeCents === 0 ? formatZar(0) : `${formatZar(option.monthlyFeeCents)} / month`}
                  </span>
                </label>
              );
            })}
          </div>
          {errors.commissionTier?.message && (
            <p className="mt-2 text-sm text-red-700">{errors.commissionTier.message}</p>
          )}
        </fieldset>
      </WizardSection>

      <Card>
        <CardHeader>
          <CardTitle>Your fees</CardTitle>
        </CardHeader>
        <CardContent>
          {types.length > 0 ? (
            <PartnerFeeTable types={types} tier={tier} />
          ) : (
            <p className="text-sm text-slate-600">Choose at least one role to see your fees.</p>
          )}
        </CardContent>
      </Card>

      <WizardNav
        step={step}
        onBack={onBack}
        nextLabel={nextLabelFor('business_partner', step)}
        nextDisabled={types.length === 0}
        submitting={submitting}
      />
    </form>
  );
}
