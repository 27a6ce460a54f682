import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ZCustomerProfile } from '@sekolo/shared/schemas/registration/customer';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import type { TRegistrationData } from '~/lib/registration-storage';
import { customerProfileQueryKey, customerProfileQueryOptions, saveCustomerProfile } from '../api/customer-profile';
import type { IWizardUser } from '../hooks/use-registration-wizard';
import { RegistrationWizard } from './registration-wizard';

/**
 * After sign-up the customer lands on /dashboard/customer, which opens the two customer steps
 * (Additional Information, Terms & Conditions) once as a short profile completion. 'Complete
 * Registration' saves the profile; the steps show above the dashboard's content and do not open again.
 */
export function CustomerProfileGate({ user, children }: { user: IWizardUser | null; children: React.ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery(customerProfileQueryOptions);

  const finish = useCallback(
    async (registration: TRegistrationData) => {
      const profile = ZCustomerProfile.parse({ ...registration.stepData['1'], ...registration.stepData['2'] });
      const saved = await saveCustomerProfile(profile);
      queryClient.setQueryData(customerProfileQueryKey, { profile: saved.profile });
    },
    [queryClient],
  );

  if (query.isPending) return <LoadingSpinner />;
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Your profile could not be loaded</AlertTitle>
        <AlertDescription>
          <p>{query.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (query.data.profile || !user) return <>{children}</>;

  // The steps open above the dashboard's own content, which stays usable.
  return (
    <>
      <section
        aria-labelledby="profile-completion-heading"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h2 id="profile-completion-heading" className="mb-6 text-lg font-semibold text-slate-900">
          Complete your registration
        </h2>
        <RegistrationWizard userType="customer" user={user} finish={finish} />
      </section>
      {children}
    </>
  );
}
