import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { YOUNG_ENTREPRENEUR_GRADES } from '@sekolo/shared/constants/enumerations';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  ZPersonalInformationStep,
  type TPersonalInformationStep,
  type TPersonalInformationStepInput,
} from '@sekolo/shared/schemas/registration/young-entrepreneur';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { WizardNav, WizardSection } from '../../components/wizard-nav';
import { nextLabelFor } from '../../lib/next-label';
import { useFormDraft } from '../../lib/use-form-draft';
import type { IWizardStepProps } from '../../lib/wizard-types';

/** Young entrepreneur step 2, Personal Information with the School Information block (spec 2.9, 3, 5). */
export function PersonalInformationStep({
  step,
  data,
  registration,
  onComplete,
  onBack,
  submitting,
  onDraftChange,
}: IWizardStepProps<TPersonalInformationStep>) {
  const id = useId();
  const form = useForm<TPersonalInformationStepInput, unknown, TPersonalInformationStep>({
    resolver: zodResolver(ZPersonalInformationStep),
    mode: 'onChange',
    defaultValues: {
      firstName: data?.firstName ?? registration.basicInfo.firstName ?? '',
      lastName: data?.lastName ?? registration.basicInfo.lastName ?? '',
      dateOfBirth: data?.dateOfBirth ?? '',
      phoneNumber: data?.phoneNumber ?? '',
      schoolName: data?.schoolName ?? '',
      grade: (data?.grade ?? '') as TPersonalInformationStepInput['grade'],
    },
  });
  useFormDraft(form.watch, onDraftChange);
  const { register, handleSubmit, formState } = form;
  const { errors } = formState;

  return (
    <form
      noValidate
      className="space-y-8"
      onSubmit={(event) => void handleSubmit((values) => onComplete(values))(event)}
    >
      <WizardSection title="Your details">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-firstName`} label="First name" error={errors.firstName?.message}>
            <Input autoComplete="given-name" {...register('firstName')} />
          </FormField>
          <FormField id={`${id}-lastName`} label="Last name" error={errors.lastName?.message}>
            <Input autoComplete="family-name" {...register('lastName')} />
          </FormField>
          <FormField id={`${id}-dateOfBirth`} label="Date of birth" error={errors.dateOfBirth?.message}>
            <Input type="date" max={todayInSouthAfrica()} autoComplete="bday" {...register('dateOfBirth')} />
          </FormField>
          <FormField id={`${id}-phoneNumber`} label="Phone number" error={errors.phoneNumber?.message}>
            <Input type="tel" autoComplete="tel" placeholder="082 123 4567" {...register('phoneNumber')} />
          </FormField>
        </div>
      </WizardSection>
      <WizardSection title="School Information">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-schoolName`} label="School name" error={errors.schoolName?.message}>
            <Input {...register('schoolName')} />
          </FormField>
          <FormField id={`${id}-grade`} label="Grade" error={errors.grade?.message}>
            <NativeSelect {...register('grade')}>
              <option value="">Select your grade</option>
              {YOUNG_ENTREPRENEUR_GRADES.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
      </WizardSection>
      <WizardNav
        step={step}
        onBack={onBack}
        nextLabel={nextLabelFor('young_entrepreneur', step)}
        nextDisabled={!formState.isValid}
        submitting={submitting}
      />
    </form>
  );
}
