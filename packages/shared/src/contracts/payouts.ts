import { z } from 'zod';
import {
  ZConsolePayout,
  ZGuardianAccountChange,
  ZGuardianShopPayouts,
  ZImmediatePayoutInput,
  ZMarkPayoutsPaidInput,
  ZPartnerBilling,
  ZPayoutOverview,
  ZPayoutTokenInput,
  ZPayoutView,
} from '../schemas/payouts.ts';
import { ZPayoutAccountInput, ZPayoutAccounts } from '../schemas/school-settings.ts';
import { contract } from './contract.ts';

/** Payouts of business partners, charities and shops (modules/payouts), and the operator's batch. */
export const payoutsContracts = {
  overview: contract({ method: 'GET', path: '/api/payouts', response: ZPayoutOverview }),
  payOutNow: contract({
    method: 'POST',
    path: '/api/payouts',
    body: ZImmediatePayoutInput,
    status: 201,
    response: z.object({ payout: ZPayoutView }),
  }),
  requestAccountChange: contract({
    method: 'POST',
    path: '/api/payouts/bank-account',
    body: ZPayoutAccountInput,
    status: 202,
    response: ZPayoutAccounts,
  }),
  cancelAccountChange: contract({
    method: 'DELETE',
    path: '/api/payouts/bank-account/pending',
    response: ZPayoutAccounts,
  }),
  confirmAccount: contract({
    method: 'POST',
    path: '/api/payouts/bank-account/confirm',
    body: ZPayoutTokenInput,
    response: ZPayoutAccounts,
  }),
  guardianAccountChange: contract({
    method: 'GET',
    path: '/api/payouts/guardian-confirmation',
    query: ZPayoutTokenInput,
    response: ZGuardianAccountChange,
  }),
  guardianConfirmAccount: contract({
    method: 'POST',
    path: '/api/payouts/guardian-confirmation',
    body: ZPayoutTokenInput,
    response: ZGuardianAccountChange,
  }),
  /** The business partner's registration and recurring fees and their subscription (the Billing page). */
  partnerBilling: contract({ method: 'GET', path: '/api/payouts/billing', response: ZPartnerBilling }),
  guardianShops: contract({ method: 'GET', path: '/api/payouts/guardian', response: ZGuardianShopPayouts }),
  consoleList: contract({
    method: 'GET',
    path: '/api/console/payouts',
    response: z.object({ payouts: z.array(ZConsolePayout) }),
  }),
  consoleMarkPaid: contract({
    method: 'POST',
    path: '/api/console/payouts/mark-paid',
    body: ZMarkPayoutsPaidInput,
    response: z.object({ marked: z.number().int() }),
  }),
};
