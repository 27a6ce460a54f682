import { SHOP_CATEGORIES } from '@sekolo/shared/constants/enumerations';
import {
  ZShopInformationStep,
  type TShopInformationStep,
  type TShopInformationStepInput,
} from '@sekolo/shared/schemas/registration/young-entrepreneur';
import { FormField } from '~/components/ui/form-field';
import { SelectField, TextField } from '~/components/ui/bound-fields';
import { Textarea } from '~/components/ui/textarea';
import { WizardStepForm } from '../../components/wizard-step-form';
import { useWizardStepForm } from '../../lib/use-wizard-step-form';
import type { IWizardStepProps } from '../../lib/wizard-types';

/** Young entrepreneur step 1, Shop Information; validates on change (spec 5). */
export function ShopInformationStep(props: IWizardStepProps<TShopInformationStep>) {
  const { data, onDraftChange } = props;
  const { id, form } = useWizardStepForm(
    ZShopInformationStep,
    {
      shopName: data?.shopName ?? '',
      shopDescription: data?.shopDescription ?? '',
      shopCategory: (data?.shopCategory ?? '') as TShopInformationStepInput['shopCategory'],
    },
    onDraftChange,
  );
  const { register, formState } = form;

  return (
    <WizardStepForm
      form={form}
      idPrefix={id}
      className="space-y-6"
      stepProps={props}
      userType="young_entrepreneur"
      nextDisabled={!formState.isValid}
    >
      <p className="text-slate-600">
        Tell us about the shop you want to open. A parent or guardian will be asked to consent in step 3.
      </p>
      <TextField name="shopName" label="Shop name" />
      <FormField
        id={`${id}-shopDescription`}
        label="Shop description"
        error={formState.errors.shopDescription?.message}
        hint="What do you sell or offer? At least 10 characters."
      >
        <Textarea rows={4} {...register('shopDescription')} />
      </FormField>
      <SelectField
        name="shopCategory"
        label="Shop category"
        placeholder="Select a category"
        options={SHOP_CATEGORIES}
      />
    </WizardStepForm>
  );
}
