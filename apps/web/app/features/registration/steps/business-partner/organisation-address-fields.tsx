import { useFormContext } from 'react-hook-form';
import {
  COUNTRIES,
  DEFAULT_COUNTRY,
  REGION_TERM_BY_COUNTRY,
  regionsFor,
  type TCountry,
} from '@sekolo/shared/constants/enumerations';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';

export type TAddressFormValues = {
  streetAddress: string;
  suburb: string;
  town: string;
  postalCode: string;
  province: string;
  country: string;
};

/**
 * Street, suburb, town, postal code, country and province/region of the surrounding
 * react-hook-form (`FormProvider`). Choosing another country clears the province, since the list
 * of provinces/regions changes with it.
 */
export function OrganisationAddressFields({ idPrefix }: { idPrefix: string }) {
  const form = useFormContext<TAddressFormValues>();
  const { errors } = form.formState;
  const country = form.watch('country') || DEFAULT_COUNTRY;
  const regionTerm = Object.hasOwn(REGION_TERM_BY_COUNTRY, country)
    ? REGION_TERM_BY_COUNTRY[country as TCountry]
    : 'Province/State';
  const id = (name: keyof TAddressFormValues) => `${idPrefix}-${name}`;
  const countryField = form.register('country', {
    onChange: () => form.setValue('province', '', { shouldValidate: form.formState.isSubmitted }),
  });

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField
        id={id('streetAddress')}
        label="Street address"
        error={errors.streetAddress?.message}
        className="sm:col-span-2"
      >
        <Input autoComplete="street-address" {...form.register('streetAddress')} />
      </FormField>
      <FormField id={id('suburb')} label="Suburb" error={errors.suburb?.message}>
        <Input autoComplete="address-level3" {...form.register('suburb')} />
      </FormField>
      <FormField id={id('town')} label="Town/City" error={errors.town?.message}>
        <Input autoComplete="address-level2" {...form.register('town')} />
      </FormField>
      <FormField id={id('postalCode')} label="Postal code" error={errors.postalCode?.message}>
        <Input autoComplete="postal-code" inputMode="numeric" {...form.register('postalCode')} />
      </FormField>
      <FormField id={id('country')} label="Country" error={errors.country?.message}>
        <NativeSelect autoComplete="country-name" {...countryField}>
          {COUNTRIES.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={id('province')} label={regionTerm} error={errors.province?.message} className="sm:col-span-2">
        <NativeSelect autoComplete="address-level1" {...form.register('province')}>
          <option value="">Choose a {regionTerm.toLowerCase()}</option>
          {regionsFor(country).map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </div>
  );
}
