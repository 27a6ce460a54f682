import { Controller } from 'react-hook-form';
import {
  ACCOUNT_TYPES,
  BANKS,
  COUNTRIES,
  REGION_TERM_BY_COUNTRY,
  SCHOOL_TYPES,
  regionsFor,
  universalBranchCodeFor,
  type TCountry,
} from '@sekolo/shared/constants/enumerations';
import { BANKING_DEFAULTS } from '@sekolo/shared/schemas/registration/banking';
import { ADDRESS_DEFAULTS } from '@sekolo/shared/schemas/registration/common';
import {
  SCHOOL_DOCUMENTS,
  ZSchoolInformationStep,
  type TSchoolInformationStep,
  type TSchoolInformationStepInput,
} from '@sekolo/shared/schemas/registration/school';
import { SelectField, TextField } from '~/components/ui/bound-fields';
import { FileUpload } from '~/components/upload/file-upload';
import { WizardSection } from '../../components/wizard-nav';
import { WizardStepForm } from '../../components/wizard-step-form';
import { focusFirstError } from '../../lib/focus-first-error';
import { useWizardStepForm } from '../../lib/use-wizard-step-form';
import type { IWizardStepProps } from '../../lib/wizard-types';

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';

function defaultsFrom(data: Partial<TSchoolInformationStep> | undefined): TSchoolInformationStepInput {
  return {
    registeredName: data?.registeredName ?? '',
    registrationNumber: data?.registrationNumber ?? '',
    tagLine: data?.tagLine ?? '',
    schoolType: (data?.schoolType ?? '') as TSchoolInformationStepInput['schoolType'],
    logoFile: data?.logoFile ?? null,
    ...ADDRESS_DEFAULTS,
    streetAddress: data?.streetAddress ?? '',
    suburb: data?.suburb ?? '',
    town: data?.town ?? '',
    postalCode: data?.postalCode ?? '',
    country: data?.country ?? ADDRESS_DEFAULTS.country,
    province: data?.province ?? '',
    googleMapsLink: data?.googleMapsLink ?? '',
    bankingDetails: { ...BANKING_DEFAULTS, ...(data?.bankingDetails ?? {}) },
    displayName: data?.displayName ?? '',
    documentFiles: {
      registrationCertificate: data?.documentFiles?.registrationCertificate ?? null,
      proofOfAddress: data?.documentFiles?.proofOfAddress ?? null,
      taxClearance: data?.documentFiles?.taxClearance ?? null,
      bankProof: data?.documentFiles?.bankProof ?? null,
      authorityLetter: data?.documentFiles?.authorityLetter ?? null,
      identityDocument: data?.documentFiles?.identityDocument ?? null,
    },
  };
}

/**
 * School step 1, School Information (spec 2.9, 3, 5): one page with basic information, address,
 * banking (optional as a whole), display information and the six documents.
 */
export function SchoolInformationStep(props: IWizardStepProps<TSchoolInformationStep>) {
  const { data, onDraftChange } = props;
  const { id, form } = useWizardStepForm(ZSchoolInformationStep, defaultsFrom(data), onDraftChange, {
    mode: 'onBlur',
    reValidateMode: 'onChange',
  });
  const { control, watch, setValue, formState } = form;
  const country = watch('country') as TCountry;
  const bank = watch('bankingDetails.bank');
  const regionTerm = REGION_TERM_BY_COUNTRY[country] ?? 'Province';

  return (
    <WizardStepForm
      form={form}
      idPrefix={id}
      onInvalid={focusFirstError}
      className="space-y-10"
      stepProps={props}
      userType="school_admin"
    >
      <WizardSection title="Basic Information">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="registeredName" label="Registered name" autoComplete="organization" />
          <TextField name="registrationNumber" label="Registration number" />
          <TextField name="tagLine" label="Tag line" optional placeholder="e.g. Excellence in every learner" />
          <SelectField
            name="schoolType"
            label="School type"
            placeholder="Select a school type"
            options={SCHOOL_TYPES}
          />
        </div>
        <Controller
          control={control}
          name="logoFile"
          render={({ field, fieldState }) => (
            <FileUpload
              id={`${id}-logoFile`}
              label="School logo"
              required
              value={field.value ?? null}
              onChange={(file) => field.onChange(file)}
              error={fieldState.error?.message}
              description="PNG, JPEG or WebP. Shown on your school's page and documents."
              purpose="logo"
              accept={IMAGE_ACCEPT}
            />
          )}
        />
      </WizardSection>

      <WizardSection title="Address">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            name="country"
            label="Country"
            options={COUNTRIES}
            registerOptions={{
              onChange: () => setValue('province', '', { shouldValidate: formState.isSubmitted }),
            }}
          />
          <SelectField
            name="province"
            label={regionTerm}
            placeholder={`Select a ${regionTerm.toLowerCase()}`}
            options={regionsFor(country)}
          />
          <TextField
            name="streetAddress"
            label="Street address"
            className="sm:col-span-2"
            autoComplete="street-address"
          />
          <TextField name="suburb" label="Suburb" />
          <TextField name="town" label="Town/City" autoComplete="address-level2" />
          <TextField name="postalCode" label="Postal code" autoComplete="postal-code" inputMode="numeric" />
          <TextField
            name="googleMapsLink"
            label="Google Maps link"
            optional
            type="url"
            placeholder="https://maps.app.goo.gl/..."
          />
        </div>
      </WizardSection>

      <WizardSection
        title="Banking Details"
        description="Optional now; needed before fees can be paid out to your school. Once you fill in one field, all are required."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            name="bankingDetails.bank"
            label="Bank"
            placeholder="Select a bank"
            options={BANKS}
            registerOptions={{
              onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
                const next = event.target.value;
                // Spec 4: the free-text bank name is cleared when another bank is chosen;
                // the branch code is filled from the bank's universal branch code (editable).
                if (next !== 'other') setValue('bankingDetails.otherBankName', '');
                setValue('bankingDetails.branchCode', universalBranchCodeFor(next) ?? '', {
                  shouldValidate: formState.isSubmitted,
                });
              },
            }}
          />
          {bank === 'other' ? (
            <TextField name="bankingDetails.otherBankName" label="Bank name" />
          ) : (
            <div className="hidden sm:block" />
          )}
          <TextField name="bankingDetails.accountName" label="Account name" />
          <TextField name="bankingDetails.accountNumber" label="Account number" inputMode="numeric" />
          <TextField
            name="bankingDetails.branchCode"
            label="Branch code"
            hint="Filled in with the bank's universal branch code; change it if your branch uses another."
            inputMode="numeric"
          />
          <TextField name="bankingDetails.swiftCode" label="SWIFT code" autoCapitalize="characters" />
          <SelectField
            name="bankingDetails.accountType"
            label="Account type"
            placeholder="Select an account type"
            options={ACCOUNT_TYPES}
          />
        </div>
      </WizardSection>

      <WizardSection title="Display Information" description="How parents and learners see your school on Sekolo.">
        <TextField name="displayName" label="Display name" />
      </WizardSection>

      <WizardSection
        title="Documents"
        description="PDF, PNG, JPEG or WebP, up to 10MB each. Documents marked required must be uploaded."
      >
        <div className="grid gap-6 md:grid-cols-2">
          {SCHOOL_DOCUMENTS.map((doc) => (
            <Controller
              key={doc.id}
              control={control}
              name={`documentFiles.${doc.id}`}
              render={({ field, fieldState }) => (
                <FileUpload
                  id={`${id}-${doc.id}`}
                  label={doc.label}
                  required={doc.required}
                  value={field.value ?? null}
                  onChange={(file) => field.onChange(file)}
                  error={fieldState.error?.message}
                  purpose="application-document"
                />
              )}
            />
          ))}
        </div>
      </WizardSection>
    </WizardStepForm>
  );
}
