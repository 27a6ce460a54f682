import { CircleCheck } from 'lucide-react';
import { formatZar } from '@sekolo/shared/domain/money';
import type { TTermsStep } from '@sekolo/shared/schemas/registration/common';
import { CHARITY_PACKAGE } from '@sekolo/shared/schemas/registration/charity';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import type { IWizardStepProps } from '../../lib/wizard-types';
import { TermsStep } from '../shared/terms-step';

/**
 * Charity step 3, Terms & Package (spec 2.9): the free charity package and the terms.
 * Charities pay nothing, so there is no checkout: completing this step submits the application.
 * The server records the package id (the step schema's default).
 */
export function CharityTermsPackageStep(props: IWizardStepProps<TTermsStep>) {
  return (
    <TermsStep
      {...props}
      nextLabel="Submit Application"
      intro={
        <Card>
          <CardHeader>
            <CardTitle>
              {CHARITY_PACKAGE.name} package:{' '}
              <span data-testid="charity-package-price">{formatZar(CHARITY_PACKAGE.priceCents)}</span>
            </CardTitle>
            <CardDescription>
              Charities register and use Sekolo free of charge. There is nothing to pay.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
              {CHARITY_PACKAGE.features.map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                  {feature}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      }
    />
  );
}
