import { RequireAuth } from '~/features/auth/components/require-auth';
import { BillingSettings } from '~/features/payments/components/billing-settings';
import { BILLING_ROLES } from '~/features/school/lib/school-access';
import { SettingsNav } from '~/layout/settings-nav';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/billing-settings';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Billing settings') },
  { name: 'robots', content: 'noindex' },
];

/** /dashboard/school/settings/billing (spec 2.3 settings/*): the school's package subscription. */
export default function BillingSettingsPage() {
  return (
    <RequireAuth roles={BILLING_ROLES}>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        <SettingsNav />
        <div>
          <p className="text-sm font-semibold text-brand-700">Settings</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">Billing</h1>
        </div>
        <BillingSettings />
      </div>
    </RequireAuth>
  );
}
