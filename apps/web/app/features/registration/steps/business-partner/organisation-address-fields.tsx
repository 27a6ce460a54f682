import { useFormContext } from 'react-hook-form';
import {
  COUNTRIES,
  DEFAULT_COUNTRY,
  REGION_TERM_BY_COUNTRY,
  regionsFor,
  type TCountry,
} from '@sekolo/shared/constants/enumerations';
import { FieldIdPrefix, SelectField, TextField } from '~/components/ui/bound-fields';

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
  const country = form.watch('country') || DEFAULT_COUNTRY;
  const regionTerm = Object.hasOwn(REGION_TERM_BY_COUNTRY, country)
    ? REGION_TERM_BY_COUNTRY[country as TCountry]
    : 'Province/State';
  const countryOptions = {
    onChange: () => form.setValue('province', '', { shouldValidate: form.formState.isSubmitted }),
  };

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FieldIdPrefix prefix={idPrefix}>
        <TextField
          name="streetAddress"
          label="Street address"
          className="sm:col-span-2"
          autoComplete="street-address"
        />
        <TextField name="suburb" label="Suburb" autoComplete="address-level3" />
        <TextField name="town" label="Town/City" autoComplete="address-level2" />
        <TextField name="postalCode" label="Postal code" autoComplete="postal-code" inputMode="numeric" />
        <SelectField
          name="country"
          label="Country"
          autoComplete="country-name"
          options={COUNTRIES}
          registerOptions={countryOptions}
        />
        <SelectField
          name="province"
          label={regionTerm}
          className="sm:col-span-2"
          autoComplete="address-level1"
          placeholder={`Choose a ${regionTerm.toLowerCase()}`}
          options={regionsFor(country)}
        />
      </FieldIdPrefix>
    </div>
  );
}
