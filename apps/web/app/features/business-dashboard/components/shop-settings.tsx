import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { marketplaceBusinessContracts as api } from '@sekolo/shared/contracts/marketplace-business';
import type { TShopPolicies } from '@sekolo/shared/schemas/marketplace-business';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { Textarea } from '~/components/ui/textarea';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { paths } from '~/config/paths';

function Check({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-4 accent-brand-700"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <div>
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** Settings: the shop's delivery and collection, its returns policy, and which e-mails it gets. */
export function ShopSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['business', 'settings'], queryFn: () => call(api.settings) });
  const [form, setForm] = useState<TShopPolicies | null>(null);
  useEffect(() => {
    if (settings.data && !form) setForm(settings.data);
  }, [settings.data, form]);
  const save = useMutation({
    mutationFn: (body: TShopPolicies) => call(api.saveSettings, { body }),
    onSuccess: (saved) => {
      setForm(saved);
      queryClient.setQueryData(['business', 'settings'], saved);
    },
  });
  const profileLink = (
    <p className="text-sm text-slate-700">
      Your shop’s name, logo, description and bank account are on{' '}
      <Link
        to={`${paths.dashboard.businessModule('settings')}/profile`}
        className="font-semibold text-brand-700 underline"
      >
        your public profile
      </Link>
      .
    </p>
  );
  if (settings.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(settings.error)}
      </p>
    );
  if (!form) return <LoadingSpinner label="Loading your settings..." />;
  const set = <K extends keyof TShopPolicies>(key: K, value: TShopPolicies[K]) => {
    save.reset();
    setForm({ ...form, [key]: value });
  };
  const noWay = !form.offersDelivery && !form.offersCollection;
  return (
    <form
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (!noWay) save.mutate(form);
      }}
    >
      {profileLink}
      <fieldset className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4">
        <legend className="px-1 text-lg font-semibold text-slate-900">How customers get their orders</legend>
        <Check
          id="offers-delivery"
          label="We deliver"
          checked={form.offersDelivery}
          onChange={(v) => set('offersDelivery', v)}
        />
        {form.offersDelivery ? (
          <FormField
            id="delivery-note"
            label="Delivery"
            hint="Where you deliver, how long it takes, what it costs."
            optional
          >
            <Textarea
              rows={2}
              maxLength={500}
              value={form.deliveryNote}
              onChange={(e) => set('deliveryNote', e.target.value)}
            />
          </FormField>
        ) : null}
        <Check
          id="offers-collection"
          label="Customers can collect"
          checked={form.offersCollection}
          onChange={(v) => set('offersCollection', v)}
        />
        {form.offersCollection ? (
          <FormField id="collection-note" label="Collection" hint="The address and the hours." optional>
            <Textarea
              rows={2}
              maxLength={500}
              value={form.collectionNote}
              onChange={(e) => set('collectionNote', e.target.value)}
            />
          </FormField>
        ) : null}
        {noWay ? (
          <p role="alert" className="text-sm text-red-700">
            Offer delivery, collection or both
          </p>
        ) : null}
      </fieldset>
      <fieldset className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4">
        <legend className="px-1 text-lg font-semibold text-slate-900">Returns</legend>
        <FormField
          id="returns-policy"
          label="Returns policy"
          hint="What a customer can send back, and within how long."
          optional
        >
          <Textarea
            rows={4}
            maxLength={3000}
            value={form.returnsPolicy}
            onChange={(e) => set('returnsPolicy', e.target.value)}
          />
        </FormField>
      </fieldset>
      <fieldset className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4">
        <legend className="px-1 text-lg font-semibold text-slate-900">E-mails to your shop</legend>
        <Check
          id="notify-reviews"
          label="A new review"
          checked={form.notifyReviews}
          onChange={(v) => set('notifyReviews', v)}
        />
        <p className="text-sm text-slate-600">
          Your own notifications (the bell, e-mail and SMS per kind) are in{' '}
          <Link to={paths.communication.notifications} className="font-semibold text-brand-700 underline">
            your notification settings
          </Link>
          .
        </p>
      </fieldset>
      {save.isError ? (
        <Alert variant="destructive" role="alert">
          {errorMessage(save.error)}
        </Alert>
      ) : null}
      {save.isSuccess ? (
        <Alert variant="success" role="status">
          Your shop settings are saved.
        </Alert>
      ) : null}
      <Button type="submit" disabled={save.isPending || noWay}>
        Save settings
      </Button>
    </form>
  );
}
