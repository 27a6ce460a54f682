import type { ZodType } from 'zod';
import { CHARITY_TYPES, DEFAULT_COUNTRY } from '@sekolo/shared/constants/enumerations';
import { ZCharityDetailsStep, type TCharityDetailsStep } from '@sekolo/shared/schemas/registration/charity';
import { WizardSection } from '../../components/wizard-nav';
import { WizardStepForm } from '../../components/wizard-step-form';
import { useWizardStepForm } from '../../lib/use-wizard-step-form';
import type { IWizardStepProps } from '../../lib/wizard-types';
import { OrganisationAddressFields } from '../business-partner/organisation-address-fields';
import { OrganisationDisplayFields, OrganisationIdentityFields } from '../business-partner/organisation-profile-fields';

const FIELDS = [
  'registeredName',
  'registrationNumber',
  'tagLine',
  'businessType',
  'streetAddress',
  'suburb',
  'town',
  'postalCode',
  'province',
  'country',
  'displayName',
  'googleMapsLink',
] as const;
type TFormValues = Record<(typeof FIELDS)[number], string>;

function initialValues(data: Partial<TCharityDetailsStep> | undefined): TFormValues {
  const saved = (data ?? {}) as Partial<Record<string, unknown>>;
  const values = Object.fromEntries(
    FIELDS.map((name) => [name, typeof saved[name] === 'string' ? saved[name] : '']),
  ) as TFormValues;
  return { ...values, country: values.country || DEFAULT_COUNTRY };
}

/**
 * Charity step 1, Charity Details (spec 2.9, 3, 5): every field required except the tag line and
 * the map link. Validates on submit; after a first attempt the button waits until the form is valid.
 */
export function CharityDetailsStep(props: IWizardStepProps<TCharityDetailsStep>) {
  const { data, onDraftChange } = props;
  const { id, form } = useWizardStepForm(
    ZCharityDetailsStep as unknown as ZodType<TCharityDetailsStep, TFormValues>,
    initialValues(data),
    onDraftChange,
    { mode: 'onSubmit', reValidateMode: 'onChange' },
  );
  const { isSubmitted, isValid } = form.formState;
  const f = (name: string) => `${id}-${name}`;

  return (
    <WizardStepForm
      form={form}
      idPrefix={id}
      className="space-y-10"
      stepProps={props}
      userType="charity"
      nextDisabled={isSubmitted && !isValid}
    >
      <WizardSection title="Organisation details">
        <OrganisationIdentityFields
          idPrefix={id}
          registrationHint="NPO, NPC or PBO number"
          typeLabel="Charity type"
          typePlaceholder="Choose a charity type"
          types={CHARITY_TYPES}
          tagLineHint="One line about your cause"
        />
      </WizardSection>

      <WizardSection title="Address">
        <OrganisationAddressFields idPrefix={f('address')} />
      </WizardSection>

      <WizardSection
        title="Display information"
        description="How schools, families and donors see your charity on Sekolo."
      >
        <OrganisationDisplayFields idPrefix={id} />
      </WizardSection>
    </WizardStepForm>
  );
}
