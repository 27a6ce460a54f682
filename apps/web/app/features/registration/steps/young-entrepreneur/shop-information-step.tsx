import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SHOP_CATEGORIES } from '@sekolo/shared/constants/enumerations';
import {
  ZShopInformationStep,
  type TShopInformationStep,
  type TShopInformationStepInput,
} from '@sekolo/shared/schemas/registration/young-entrepreneur';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { WizardNav } from '../../components/wizard-nav';
import { nextLabelFor } from '../../lib/next-label';
import { useFormDraft } from '../../lib/use-form-draft';
import type { IWizardStepProps } from '../../lib/wizard-types';

/** Young entrepreneur step 1, Shop Information; validates on change (spec 5). */
export function ShopInformationStep({
  step,
  data,
  onComplete,
  onBack,
  submitting,
  onDraftChange,
}: IWizardStepProps<TShopInformationStep>) {
  const id = useId();
  const form = useForm<TShopInformationStepInput, unknown, TShopInformationStep>({
    resolver: zodResolver(ZShopInformationStep),
    mode: 'onChange',
    defaultValues: {
      shopName: data?.shopName ?? '',
      shopDescription: data?.shopDescription ?? '',
      shopCategory: (data?.shopCategory ?? '') as TShopInformationStepInput['shopCategory'],
    },
  });
  useFormDraft(form.watch, onDraftChange);
  const { register, handleSubmit, formState } = form;
  const { errors } = formState;

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(event) => void handleSubmit((values) => onComplete(values))(event)}
    >
      <p className="text-slate-600">
        Tell us about the shop you want to open. A parent or guardian will be asked to consent in step 3.
      </p>
      <FormField id={`${id}-shopName`} label="Shop name" error={errors.shopName?.message}>
        <Input {...register('shopName')} />
      </FormField>
      <FormField
        id={`${id}-shopDescription`}
        label="Shop description"
        error={errors.shopDescription?.message}
        hint="What do you sell or offer? At least 10 characters."
      >
        <Textarea rows={4} {...register('shopDescription')} />
      </FormField>
      <FormField id={`${id}-shopCategory`} label="Shop category" error={errors.shopCategory?.message}>
        <NativeSelect {...register('shopCategory')}>
          <option value="">Select a category</option>
          {SHOP_CATEGORIES.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
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
