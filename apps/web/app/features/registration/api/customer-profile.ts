import { queryOptions } from '@tanstack/react-query';
import type { TCustomerProfile } from '@sekolo/shared/schemas/registration/customer';
import { accountsContracts } from '@sekolo/shared/contracts/accounts';
import { call } from '~/lib/api-client';

/** GET/PUT /api/customer-profile/me (the customer's two steps, once, after sign-up). */
export type { TCustomerProfileView as ICustomerProfile } from '@sekolo/shared/contracts/accounts';

export const customerProfileQueryKey = ['customer-profile', 'me'] as const;

export const customerProfileQueryOptions = queryOptions({
  queryKey: customerProfileQueryKey,
  queryFn: () => call(accountsContracts.customerProfile),
  staleTime: 5 * 60 * 1000,
});

export function saveCustomerProfile(body: TCustomerProfile) {
  return call(accountsContracts.saveCustomerProfile, { body });
}
