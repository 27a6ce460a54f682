import { queryOptions } from '@tanstack/react-query';
import type { TCustomerProfile } from '@sekolo/shared/schemas/registration/customer';
import { api } from '~/lib/api-client';

/** GET/PUT /api/customer-profile/me (D6: the customer's two steps, once, after sign-up). */
export interface ICustomerProfile {
  displayName: string;
  phoneNumber: string;
  termsAccepted: boolean;
  privacyAccepted: boolean;
  completedAt: string;
  updatedAt: string;
}

export const customerProfileQueryKey = ['customer-profile', 'me'] as const;

export const customerProfileQueryOptions = queryOptions({
  queryKey: customerProfileQueryKey,
  queryFn: () => api.get<{ profile: ICustomerProfile | null }>('/api/customer-profile/me'),
  staleTime: 5 * 60 * 1000,
});

export function saveCustomerProfile(body: TCustomerProfile): Promise<{ profile: ICustomerProfile }> {
  return api.put('/api/customer-profile/me', body);
}
