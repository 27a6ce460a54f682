import { FieldIdPrefix, SelectField, TextField } from '~/components/ui/bound-fields';

/**
 * Registered name, registration number, type and tag line of the surrounding react-hook-form
 * (`FormProvider`): the business partner's and the charity's first step (spec 3) differ only in
 * the type list and the hints.
 */
export function OrganisationIdentityFields({
  idPrefix,
  registrationHint,
  typeLabel,
  typePlaceholder,
  types,
  tagLineHint,
}: {
  idPrefix: string;
  registrationHint: string;
  typeLabel: string;
  typePlaceholder: string;
  types: readonly { id: string; label: string }[];
  tagLineHint: string;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FieldIdPrefix prefix={idPrefix}>
        <TextField name="registeredName" label="Registered name" autoComplete="organization" />
        <TextField name="registrationNumber" label="Registration number" hint={registrationHint} />
        <SelectField name="businessType" label={typeLabel} placeholder={typePlaceholder} options={types} />
        <TextField name="tagLine" label="Tag line" optional hint={tagLineHint} />
      </FieldIdPrefix>
    </div>
  );
}

/** Display name and the optional Google Maps link of the surrounding react-hook-form. */
export function OrganisationDisplayFields({ idPrefix }: { idPrefix: string }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FieldIdPrefix prefix={idPrefix}>
        <TextField name="displayName" label="Display name" />
        <TextField
          name="googleMapsLink"
          label="Google Maps link"
          optional
          hint="Share your location in Google Maps and paste the link"
          type="url"
          inputMode="url"
        />
      </FieldIdPrefix>
    </div>
  );
}
