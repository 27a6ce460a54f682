import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { AlertCircle } from 'lucide-react';
import {
  businessProductsServicesSchemaFor,
  productSectionsFor,
  type TBusinessProductsServicesStep,
} from '@sekolo/shared/schemas/registration/business-partner';
import { WizardNav } from '../../components/wizard-nav';
import { nextLabelFor } from '../../lib/next-label';
import type { IWizardStepProps } from '../../lib/wizard-types';
import { partnerTypesFrom } from './partner-types-from';
import { ProductsServicesForm } from './products-services-form';

export const NO_PARTNER_TYPES_MESSAGE = 'No business partner types selected. Please go back to select your role(s).';

/** Business partner step 2, Products & Services: the tabs of the types chosen in step 1 (spec 2.9). */
export function BusinessProductsServicesStep({
  step,
  data,
  registration,
  onComplete,
  onBack,
  submitting,
  onDraftChange,
}: IWizardStepProps<TBusinessProductsServicesStep>) {
  const types = partnerTypesFrom(registration);

  if (types.length === 0) {
    return (
      <div className="space-y-8">
        <Alert variant="warning" role="alert">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>{NO_PARTNER_TYPES_MESSAGE}</AlertTitle>
          <AlertDescription>
            Your business partner type decides which products and services you describe here.
          </AlertDescription>
        </Alert>
        <WizardNav
          step={step}
          onBack={onBack}
          nextLabel={nextLabelFor('business_partner', step)}
          nextDisabled
          onNext={() => undefined}
          submitting={submitting}
        />
      </div>
    );
  }

  return (
    <ProductsServicesForm
      schema={businessProductsServicesSchemaFor(types)}
      sections={productSectionsFor(types)}
      saved={data}
      step={step}
      nextLabel={nextLabelFor('business_partner', step)}
      onBack={onBack}
      onSubmit={onComplete}
      submitting={submitting}
      onDraftChange={onDraftChange}
    />
  );
}
