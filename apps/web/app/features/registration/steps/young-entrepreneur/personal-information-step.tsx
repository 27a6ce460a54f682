import { YOUNG_ENTREPRENEUR_GRADES } from '@sekolo/shared/constants/enumerations';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  ZPersonalInformationStep,
  type TPersonalInformationStep,
  type TPersonalInformationStepInput,
} from '@sekolo/shared/schemas/registration/young-entrepreneur';
import { PersonNameFields, PhoneField, SelectField, TextField } from '~/components/ui/bound-fields';
import { WizardSection } from '../../components/wizard-nav';
import { WizardStepForm } from '../../components/wizard-step-form';
import { useWizardStepForm } from '../../lib/use-wizard-step-form';
import type { IWizardStepProps } from '../../lib/wizard-types';

/** Young entrepreneur step 2, Personal Information with the School Information block (spec 2.9, 3, 5). */
export function PersonalInformationStep(props: IWizardStepProps<TPersonalInformationStep>) {
  const { data, registration, onDraftChange } = props;
  const { id, form } = useWizardStepForm(
    ZPersonalInformationStep,
    {
      firstName: data?.firstName ?? registration.basicInfo.firstName ?? '',
      lastName: data?.lastName ?? registration.basicInfo.lastName ?? '',
      dateOfBirth: data?.dateOfBirth ?? '',
      phoneNumber: data?.phoneNumber ?? '',
      schoolName: data?.schoolName ?? '',
      grade: (data?.grade ?? '') as TPersonalInformationStepInput['grade'],
    },
    onDraftChange,
  );

  return (
    <WizardStepForm
      form={form}
      idPrefix={id}
      stepProps={props}
      userType="young_entrepreneur"
      nextDisabled={!form.formState.isValid}
    >
      <WizardSection title="Your details">
        <div className="grid gap-4 sm:grid-cols-2">
          <PersonNameFields />
          <TextField
            name="dateOfBirth"
            label="Date of birth"
            type="date"
            max={todayInSouthAfrica()}
            autoComplete="bday"
          />
          <PhoneField name="phoneNumber" />
        </div>
      </WizardSection>
      <WizardSection title="School Information">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="schoolName" label="School name" />
          <SelectField name="grade" label="Grade" placeholder="Select your grade" options={YOUNG_ENTREPRENEUR_GRADES} />
        </div>
      </WizardSection>
    </WizardStepForm>
  );
}
