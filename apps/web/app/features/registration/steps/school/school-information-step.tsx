import { useId } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { FileUpload } from '~/components/upload/file-upload';
import { WizardNav, WizardSection } from '../../components/wizard-nav';
import { focusFirstError } from '../../lib/focus-first-error';
import { nextLabelFor } from '../../lib/next-label';
import { useFormDraft } from '../../lib/use-form-draft';
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
export function SchoolInformationStep({
  step,
  data,
  onComplete,
  onBack,
  submitting,
  onDraftChange,
}: IWizardStepProps<TSchoolInformationStep>) {
  const id = useId();
  const form = useForm<TSchoolInformationStepInput, unknown, TSchoolInformationStep>({
    resolver: zodResolver(ZSchoolInformationStep),
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: defaultsFrom(data),
  });
  useFormDraft(form.watch, onDraftChange);
  const { register, handleSubmit, control, watch, setValue, formState } = form;
  const errors: FieldErrors<TSchoolInformationStepInput> = formState.errors;
  const country = watch('country') as TCountry;
  const bank = watch('bankingDetails.bank');
  const regionTerm = REGION_TERM_BY_COUNTRY[country] ?? 'Province';
  const bankingErrors = errors.bankingDetails as FieldErrors<Record<string, string>> | undefined;

  const text = (name: Parameters<typeof register>[0], props: React.ComponentProps<typeof Input> = {}) => (
    <Input {...props} {...register(name)} />
  );

  return (
    <form
      noValidate
      className="space-y-10"
      onSubmit={(event) =>
        void handleSubmit(
          (values) => onComplete(values),
          () => focusFirstError(),
        )(event)
      }
    >
      <WizardSection title="Basic Information">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-registeredName`} label="Registered name" error={errors.registeredName?.message}>
            {text('registeredName', { autoComplete: 'organization' })}
          </FormField>
          <FormField
            id={`${id}-registrationNumber`}
            label="Registration number"
            error={errors.registrationNumber?.message}
          >
            {text('registrationNumber')}
          </FormField>
          <FormField id={`${id}-tagLine`} label="Tag line" optional error={errors.tagLine?.message}>
            {text('tagLine', { placeholder: 'e.g. Excellence in every learner' })}
          </FormField>
          <FormField id={`${id}-schoolType`} label="School type" error={errors.schoolType?.message}>
            <NativeSelect {...register('schoolType')}>
              <option value="">Select a school type</option>
              {SCHOOL_TYPES.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
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
          <FormField id={`${id}-country`} label="Country" error={errors.country?.message}>
            <NativeSelect
              {...register('country', {
                onChange: () => setValue('province', '', { shouldValidate: formState.isSubmitted }),
              })}
            >
              {COUNTRIES.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={`${id}-province`} label={`${regionTerm}`} error={errors.province?.message}>
            <NativeSelect {...register('province')}>
              <option value="">Select a {regionTerm.toLowerCase()}</option>
              {regionsFor(country).map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField
            id={`${id}-streetAddress`}
            label="Street address"
            error={errors.streetAddress?.message}
            className="sm:col-span-2"
          >
            {text('streetAddress', { autoComplete: 'street-address' })}
          </FormField>
          <FormField id={`${id}-suburb`} label="Suburb" error={errors.suburb?.message}>
            {text('suburb')}
          </FormField>
          <FormField id={`${id}-town`} label="Town/City" error={errors.town?.message}>
            {text('town', { autoComplete: 'address-level2' })}
          </FormField>
          <FormField id={`${id}-postalCode`} label="Postal code" error={errors.postalCode?.message}>
            {text('postalCode', { autoComplete: 'postal-code', inputMode: 'numeric' })}
          </FormField>
          <FormField
            id={`${id}-googleMapsLink`}
            label="Google Maps link"
            optional
            error={errors.googleMapsLink?.message}
          >
            {text('googleMapsLink', {
              type: 'url',
              placeholder: 'https://maps.app.goo.gl/...',
            })}
          </FormField>
        </div>
      </WizardSection>

      <WizardSection
        title="Banking Details"
        description="Optional now; needed before fees can be paid out to your school. Once you fill in one field, all are required."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-bankingDetails.bank`} label="Bank" error={bankingErrors?.bank?.message}>
            <NativeSelect
              {...register('bankingDetails.bank', {
                onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
                  const next = event.target.value;
                  // Spec 4: the free-text bank name is cleared when another bank is chosen;
                  // the branch code is filled from the bank's universal branch code (editable).
                  if (next !== 'other') setValue('bankingDetails.otherBankName', '');
                  setValue('bankingDetails.branchCode', universalBranchCodeFor(next) ?? '', {
                    shouldValidate: formState.isSubmitted,
                  });
                },
              })}
            >
              <option value="">Select a bank</option>
              {BANKS.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {bank === 'other' ? (
            <FormField
              id={`${id}-bankingDetails.otherBankName`}
              label="Bank name"
              error={bankingErrors?.otherBankName?.message}
            >
              {text('bankingDetails.otherBankName')}
            </FormField>
          ) : (
            <div className="hidden sm:block" />
          )}
          <FormField
            id={`${id}-bankingDetails.accountName`}
            label="Account name"
            error={bankingErrors?.accountName?.message}
          >
            {text('bankingDetails.accountName')}
          </FormField>
          <FormField
            id={`${id}-bankingDetails.accountNumber`}
            label="Account number"
            error={bankingErrors?.accountNumber?.message}
          >
            {text('bankingDetails.accountNumber', { inputMode: 'numeric' })}
          </FormField>
          <FormField
            id={`${id}-bankingDetails.branchCode`}
            label="Branch code"
            error={bankingErrors?.branchCode?.message}
            hint="Filled in with the bank's universal branch code; change it if your branch uses another."
          >
            {text('bankingDetails.branchCode', { inputMode: 'numeric' })}
          </FormField>
          <FormField id={`${id}-bankingDetails.swiftCode`} label="SWIFT code" error={bankingErrors?.swiftCode?.message}>
            {text('bankingDetails.swiftCode', { autoCapitalize: 'characters' })}
          </FormField>
          <FormField
            id={`${id}-bankingDetails.accountType`}
            label="Account type"
            error={bankingErrors?.accountType?.message}
          >
            <NativeSelect {...register('bankingDetails.accountType')}>
              <option value="">Select an account type</option>
              {ACCOUNT_TYPES.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
      </WizardSection>

      <WizardSection title="Display Information" description="How parents and learners see your school on Sekolo.">
        <FormField id={`${id}-displayName`} label="Display name" error={errors.displayName?.message}>
          {text('displayName')}
        </FormField>
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

      <WizardNav step={step} onBack={onBack} nextLabel={nextLabelFor('school_admin', step)} submitting={submitting} />
    </form>
  );
}
