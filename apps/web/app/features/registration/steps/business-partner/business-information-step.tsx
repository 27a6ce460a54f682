import { Controller } from 'react-hook-form';
import type { ZodType } from 'zod';
import { toast } from 'sonner';
import { BUSINESS_TYPES, DEFAULT_COUNTRY } from '@sekolo/shared/constants/enumerations';
import type { TBusinessPartnerType } from '@sekolo/shared/constants/roles';
import { normalisePartnerTypes } from '@sekolo/shared/domain/business-partner-types';
import {
  BUSINESS_DOCUMENTS,
  BUSINESS_SUBMIT_TOASTS,
  ZBusinessInformationStep,
  businessSubmitProblem,
  type TBusinessDocumentId,
  type TBusinessInformationStep,
} from '@sekolo/shared/schemas/registration/business-partner';
import type { TUploadedFile } from '@sekolo/shared/schemas/uploads';
import { FileUpload } from '~/components/upload/file-upload';
import { WizardSection } from '../../components/wizard-nav';
import { WizardStepForm } from '../../components/wizard-step-form';
import { useWizardStepForm } from '../../lib/use-wizard-step-form';
import type { IWizardStepProps } from '../../lib/wizard-types';
import { OrganisationAddressFields } from './organisation-address-fields';
import { OrganisationDisplayFields, OrganisationIdentityFields } from './organisation-profile-fields';
import { PartnerTypePicker } from './partner-type-picker';

type TFormValues = {
  businessPartnerTypes: TBusinessPartnerType[];
  registeredName: string;
  registrationNumber: string;
  tagLine: string;
  businessType: string;
  streetAddress: string;
  suburb: string;
  town: string;
  postalCode: string;
  province: string;
  country: string;
  displayName: string;
  googleMapsLink: string;
  logoFile: TUploadedFile | null;
  documentFiles: Record<TBusinessDocumentId, TUploadedFile | null>;
};

function initialValues(data: Partial<TBusinessInformationStep> | undefined): TFormValues {
  const saved = (data ?? {}) as Partial<Record<keyof TFormValues, unknown>>;
  const text = (key: keyof TFormValues, fallback = '') =>
    typeof saved[key] === 'string' ? (saved[key] as string) : fallback;
  const savedDocuments = (data?.documentFiles ?? {}) as Partial<Record<TBusinessDocumentId, TUploadedFile | null>>;
  return {
    businessPartnerTypes: normalisePartnerTypes(
      Array.isArray(saved.businessPartnerTypes) ? saved.businessPartnerTypes : [],
    ),
    registeredName: text('registeredName'),
    registrationNumber: text('registrationNumber'),
    tagLine: text('tagLine'),
    businessType: text('businessType'),
    streetAddress: text('streetAddress'),
    suburb: text('suburb'),
    town: text('town'),
    postalCode: text('postalCode'),
    province: text('province'),
    country: text('country', DEFAULT_COUNTRY),
    displayName: text('displayName'),
    googleMapsLink: text('googleMapsLink'),
    logoFile: data?.logoFile ?? null,
    documentFiles: Object.fromEntries(
      BUSINESS_DOCUMENTS.map((doc) => [doc.id, savedDocuments[doc.id] ?? null]),
    ) as TFormValues['documentFiles'],
  };
}

/**
 * Business partner step 1, Business Information (spec 2.9, 3, 5, 8): the partner types, business
 * details, address, display information, logo and documents. Validates on blur; on submit the
 * spec's checks (type, logo, required documents) show their toasts.
 */
export function BusinessInformationStep(props: IWizardStepProps<TBusinessInformationStep>) {
  const { data, onComplete, onDraftChange } = props;
  const { id, form } = useWizardStepForm(
    ZBusinessInformationStep as unknown as ZodType<TBusinessInformationStep, TFormValues>,
    initialValues(data),
    onDraftChange,
    { mode: 'onBlur' },
  );
  const { errors } = form.formState;
  const f = (name: string) => `${id}-${name}`;

  async function onValid(values: TBusinessInformationStep) {
    try {
      await onComplete(values);
    } catch {
      toast.error(BUSINESS_SUBMIT_TOASTS.submissionError.title, {
        description: BUSINESS_SUBMIT_TOASTS.submissionError.description,
      });
    }
  }

  function onInvalid() {
    const problem = businessSubmitProblem(form.getValues());
    if (problem) toast.error(problem.title, { description: problem.description });
  }

  return (
    <WizardStepForm
      form={form}
      idPrefix={id}
      onValid={onValid}
      onInvalid={onInvalid}
      className="space-y-10"
      stepProps={props}
      userType="business_partner"
    >
      <WizardSection title="Business partner type" description="What does your business offer schools and families?">
        <Controller
          control={form.control}
          name="businessPartnerTypes"
          render={({ field }) => (
            <PartnerTypePicker
              id={f('businessPartnerTypes')}
              legend="Business partner type"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.businessPartnerTypes?.message ?? errors.businessPartnerTypes?.root?.message}
            />
          )}
        />
      </WizardSection>

      <WizardSection title="Business details">
        <OrganisationIdentityFields
          idPrefix={id}
          registrationHint="CIPC number, e.g. 2019/123456/07"
          typeLabel="Business type"
          typePlaceholder="Choose a business type"
          types={BUSINESS_TYPES}
          tagLineHint="One line that says what you do"
        />
      </WizardSection>

      <WizardSection title="Business address">
        <OrganisationAddressFields idPrefix={f('address')} />
      </WizardSection>

      <WizardSection title="Display information" description="How schools and families see your business on Sekolo.">
        <OrganisationDisplayFields idPrefix={id} />
        <Controller
          control={form.control}
          name="logoFile"
          render={({ field }) => (
            <FileUpload
              id={f('logoFile')}
              label="Business logo"
              required
              purpose="logo"
              accept="image/png,image/jpeg,image/webp"
              description="PNG, JPEG or WebP"
              value={field.value}
              onChange={(file) => {
                field.onChange(file);
                void form.trigger('logoFile');
              }}
              error={errors.logoFile?.message}
            />
          )}
        />
      </WizardSection>

      <WizardSection
        title="Documents"
        description="PDF, PNG, JPEG or WebP. Only our review team and you can open them."
      >
        <div className="grid gap-5 sm:grid-cols-2">
          {BUSINESS_DOCUMENTS.map((doc) => (
            <Controller
              key={doc.id}
              control={form.control}
              name={`documentFiles.${doc.id}`}
              render={({ field }) => (
                <FileUpload
                  id={f(`document-${doc.id}`)}
                  label={doc.label}
                  required={doc.required}
                  purpose="application-document"
                  value={field.value}
                  onChange={(file) => {
                    field.onChange(file);
                    void form.trigger(`documentFiles.${doc.id}`);
                  }}
                  error={errors.documentFiles?.[doc.id]?.message}
                />
              )}
            />
          ))}
        </div>
      </WizardSection>
    </WizardStepForm>
  );
}
