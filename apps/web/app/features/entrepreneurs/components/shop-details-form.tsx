import { useId } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { SHOP_CATEGORIES } from '@sekolo/shared/constants/enumerations';
import { entrepreneursContracts as api } from '@sekolo/shared/contracts/entrepreneurs';
import type { TShopView } from '@sekolo/shared/schemas/entrepreneurs';
import { ZShopInformationStep } from '@sekolo/shared/schemas/registration/young-entrepreneur';
import { Button } from '~/components/ui/button';
import { FieldIdPrefix, SelectField, TextField } from '~/components/ui/bound-fields';
import { FormField } from '~/components/ui/form-field';
import { Textarea } from '~/components/ui/textarea';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';

type TShopInput = z.input<typeof ZShopInformationStep>;

/**
 * The shop's name, description and category. Once the guardian approved the shop, a change waits
 * for their approval and buyers see the approved shop until then.
 */
export function ShopDetailsForm({ shop, onDone }: { shop: TShopView; onDone: () => void }) {
  const prefix = useId();
  const queryClient = useQueryClient();
  const form = useForm<TShopInput>({
    resolver: zodResolver(ZShopInformationStep),
    defaultValues: {
      shopName: shop.name,
      shopDescription: shop.description,
      shopCategory: shop.categoryId as TShopInput['shopCategory'],
    },
  });
  const save = useMutation({
    mutationFn: (body: TShopInput) => call(api.updateShop, { body: ZShopInformationStep.parse(body) }),
    onSuccess: (data) => {
      queryClient.setQueryData(['entrepreneur', 'overview'], data);
      onDone();
    },
  });
  const descriptionError = form.formState.errors.shopDescription?.message;
  return (
    <FormProvider {...form}>
      <FieldIdPrefix prefix={prefix}>
        <form
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-4"
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
          aria-label="Shop details"
          noValidate
        >
          {shop.status === 'approved' ? (
            <p className="text-sm text-slate-700">
              {shop.guardianName} approves changes to your shop before buyers see them.
            </p>
          ) : null}
          <TextField name="shopName" label="Shop name" maxLength={100} />
          <FormField id={`${prefix}-shopDescription`} label="Description" error={descriptionError}>
            <Textarea rows={4} {...form.register('shopDescription')} />
          </FormField>
          <SelectField name="shopCategory" label="Category" options={SHOP_CATEGORIES} placeholder="Choose a category" />
          {save.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {errorMessage(save.error)}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {shop.status === 'approved' ? 'Ask my guardian to approve' : 'Save'}
            </Button>
            <Button type="button" variant="secondary" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </form>
      </FieldIdPrefix>
    </FormProvider>
  );
}
