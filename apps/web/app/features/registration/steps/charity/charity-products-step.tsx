import {
  ZCharityProductsServicesStep,
  type TCharityProductsServicesStep,
} from '@sekolo/shared/schemas/registration/business-partner';
import { nextLabelFor } from '../../lib/next-label';
import type { IWizardStepProps } from '../../lib/wizard-types';
import { ProductsServicesForm } from '../business-partner/products-services-form';

const CHARITY_SECTIONS = { tutorInfo: false, products: true, services: true, consultantInfo: false } as const;

/**
 * Charity step 2, Products & Services (spec 2.9): optional. The business partner's form with
 * Overview, Products and Services; blank entries are left out, filled-in ones must be complete.
 */
export function CharityProductsStep({
  step,
  data,
  onComplete,
  onBack,
  submitting,
  onDraftChange,
}: IWizardStepProps<TCharityProductsServicesStep>) {
  return (
    <div className="space-y-6">
      <p className="text-slate-600">
        This step is optional. If your charity sells products or offers services, for example to raise funds, describe
        them here. Leave it empty and continue if not.
      </p>
      <ProductsServicesForm
        schema={ZCharityProductsServicesStep}
        sections={CHARITY_SECTIONS}
        saved={data}
        overviewOptional
        overviewLabel="Charity overview"
        step={step}
        nextLabel={nextLabelFor('charity', step)}
        onBack={onBack}
        onSubmit={onComplete}
        submitting={submitting}
        onDraftChange={onDraftChange}
      />
    </div>
  );
}
