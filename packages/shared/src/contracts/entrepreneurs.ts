import {
  ZApprovalDecision,
  ZApprovalIdParams,
  ZApprovalLinkView,
  ZApprovalToken,
  ZEntrepreneurOverview,
  ZGuardianShops,
  ZShopEarnings,
} from '../schemas/entrepreneurs.ts';
import { ZShopInformationStep } from '../schemas/registration/young-entrepreneur.ts';
import { contract } from './contract.ts';

/** Young entrepreneurs' shops and their guardians' approvals (D23). */
export const entrepreneursContracts = {
  /** The entrepreneur dashboard's overview (the shop is made from the approved application on first use). */
  overview: contract({ method: 'GET', path: '/api/entrepreneurs/shop', response: ZEntrepreneurOverview }),
  /** Sends the guardian a fresh link for what still waits (the shop, or listings). */
  remind: contract({ method: 'POST', path: '/api/entrepreneurs/shop/remind', response: ZEntrepreneurOverview }),
  /**
   * The shop's name, description and category: applied at once before the guardian approved the
   * shop; afterwards they wait for the guardian's approval (buyers see the approved shop meanwhile).
   */
  updateShop: contract({
    method: 'PUT',
    path: '/api/entrepreneurs/shop',
    body: ZShopInformationStep,
    response: ZEntrepreneurOverview,
  }),
  earnings: contract({ method: 'GET', path: '/api/entrepreneurs/earnings', response: ZShopEarnings }),
  /** The guardian's e-mailed link (anyone holding it). */
  linkView: contract({
    method: 'GET',
    path: '/api/entrepreneurs/approvals/link/:token',
    params: ZApprovalToken,
    response: ZApprovalLinkView,
  }),
  linkDecide: contract({
    method: 'POST',
    path: '/api/entrepreneurs/approvals/link/:token',
    params: ZApprovalToken,
    body: ZApprovalDecision,
    response: ZApprovalLinkView,
  }),
  /** The first picture of the listing the link asks about (a listing not on sale has no public picture). */
  linkPicture: contract({
    method: 'GET',
    path: '/api/entrepreneurs/approvals/link/:token/picture',
    params: ZApprovalToken,
    response: null,
    answer: 'file',
  }),
  /** The guardian signed in: the shops they consented to (matched by e-mail address). */
  guardianShops: contract({ method: 'GET', path: '/api/entrepreneurs/guardian', response: ZGuardianShops }),
  guardianDecide: contract({
    method: 'POST',
    path: '/api/entrepreneurs/guardian/approvals/:id',
    params: ZApprovalIdParams,
    body: ZApprovalDecision,
    response: ZGuardianShops,
  }),
  guardianPicture: contract({
    method: 'GET',
    path: '/api/entrepreneurs/guardian/approvals/:id/picture',
    params: ZApprovalIdParams,
    response: null,
    answer: 'file',
  }),
};
