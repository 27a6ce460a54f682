import { z } from 'zod';
import {
  LIBRARY_MESSAGES as M,
  ZAddCopies,
  ZBorrower,
  ZBorrowerAccount,
  ZCatalogueQuery,
  ZCataloguePage,
  ZChildrenLoans,
  ZCopy,
  ZCopyStatusInput,
  ZHold,
  ZImportInput,
  ZImportReport,
  ZIssueInput,
  ZIssueResult,
  ZLabelsQuery,
  ZLibrarySettings,
  ZLoan,
  ZLoansQuery,
  ZMyHoldInput,
  ZMyLibrary,
  ZNewTitle,
  ZPlaceHoldInput,
  ZPublicTitleDetail,
  ZReturnInput,
  ZReturnResult,
  ZTitleDetail,
  ZTitleInput,
  ZTitleSummary,
} from '../schemas/library.ts';
import { contract } from './contract.ts';

const ZTitleParams = z.object({ titleId: z.uuid({ error: M.titleNotFound }) });
const ZCopyParams = z.object({ copyId: z.uuid({ error: M.copyNotFound }) });
const ZLoanParams = z.object({ loanId: z.uuid({ error: M.loanNotFound }) });
const ZHoldParams = z.object({ holdId: z.uuid({ error: M.holdNotFound }) });
const ZBorrowerParams = z.object({ kind: z.enum(['learner', 'staff']), borrowerId: z.string().min(1).max(64) });

/**
 * The school library (D25). The librarian's side under /api/school/library (manage_library):
 * catalogue, copies, labels, CSV import, circulation, holds, settings. The borrower's side under
 * /api/library (access_library): catalogue with availability, own loans and holds; and a parent's
 * children's loans (view_child_profile).
 */
export const libraryContracts = {
  // The librarian: catalogue
  titles: contract({
    method: 'GET',
    path: '/api/school/library/titles',
    query: ZCatalogueQuery,
    response: ZCataloguePage,
  }),
  createTitle: contract({
    method: 'POST',
    path: '/api/school/library/titles',
    body: ZNewTitle,
    status: 201,
    response: z.object({ title: ZTitleSummary }),
  }),
  title: contract({
    method: 'GET',
    path: '/api/school/library/titles/:titleId',
    params: ZTitleParams,
    response: ZTitleDetail,
  }),
  updateTitle: contract({
    method: 'PUT',
    path: '/api/school/library/titles/:titleId',
    params: ZTitleParams,
    body: ZTitleInput,
    response: z.object({ title: ZTitleSummary }),
  }),
  addCopies: contract({
    method: 'POST',
    path: '/api/school/library/titles/:titleId/copies',
    params: ZTitleParams,
    body: ZAddCopies,
    status: 201,
    response: z.object({ copies: z.array(ZCopy) }),
  }),
  setCopyStatus: contract({
    method: 'POST',
    path: '/api/school/library/copies/:copyId/status',
    params: ZCopyParams,
    body: ZCopyStatusInput,
    response: z.object({ copy: ZCopy }),
  }),
  labels: contract({
    method: 'GET',
    path: '/api/school/library/labels.pdf',
    query: ZLabelsQuery,
    response: null,
    answer: 'file',
  }),
  importTemplate: contract({
    method: 'GET',
    path: '/api/school/library/import-template.csv',
    response: null,
    answer: 'file',
  }),
  importTitles: contract({
    method: 'POST',
    path: '/api/school/library/import',
    body: ZImportInput,
    response: ZImportReport,
  }),

  // The librarian: circulation
  borrowers: contract({
    method: 'GET',
    path: '/api/school/library/borrowers',
    query: z.object({ q: z.string().trim().min(1).max(100) }),
    response: z.object({ borrowers: z.array(ZBorrower) }),
  }),
  borrower: contract({
    method: 'GET',
    path: '/api/school/library/borrowers/:kind/:borrowerId',
    params: ZBorrowerParams,
    response: ZBorrowerAccount,
  }),
  issue: contract({
    method: 'POST',
    path: '/api/school/library/issue',
    body: ZIssueInput,
    status: 201,
    response: ZIssueResult,
  }),
  returnCopy: contract({
    method: 'POST',
    path: '/api/school/library/return',
    body: ZReturnInput,
    response: ZReturnResult,
  }),
  renew: contract({
    method: 'POST',
    path: '/api/school/library/loans/:loanId/renew',
    params: ZLoanParams,
    response: z.object({ loan: ZLoan }),
  }),
  loans: contract({
    method: 'GET',
    path: '/api/school/library/loans',
    query: ZLoansQuery,
    response: z.object({ loans: z.array(ZLoan) }),
  }),
  holds: contract({
    method: 'GET',
    path: '/api/school/library/holds',
    response: z.object({ holds: z.array(ZHold) }),
  }),
  placeHold: contract({
    method: 'POST',
    path: '/api/school/library/holds',
    body: ZPlaceHoldInput,
    status: 201,
    response: z.object({ hold: ZHold }),
  }),
  cancelHold: contract({
    method: 'POST',
    path: '/api/school/library/holds/:holdId/cancel',
    params: ZHoldParams,
    response: z.object({ hold: ZHold }),
  }),
  settings: contract({
    method: 'GET',
    path: '/api/school/library/settings',
    response: z.object({ settings: ZLibrarySettings }),
  }),
  saveSettings: contract({
    method: 'PUT',
    path: '/api/school/library/settings',
    body: ZLibrarySettings,
    response: z.object({ settings: ZLibrarySettings }),
  }),

  // The borrower (access_library)
  catalogue: contract({
    method: 'GET',
    path: '/api/library/titles',
    query: ZCatalogueQuery,
    response: ZCataloguePage,
  }),
  catalogueTitle: contract({
    method: 'GET',
    path: '/api/library/titles/:titleId',
    params: ZTitleParams,
    response: ZPublicTitleDetail,
  }),
  mine: contract({
    method: 'GET',
    path: '/api/library/mine',
    response: ZMyLibrary,
  }),
  placeMyHold: contract({
    method: 'POST',
    path: '/api/library/holds',
    body: ZMyHoldInput,
    status: 201,
    response: z.object({ hold: ZHold }),
  }),
  cancelMyHold: contract({
    method: 'POST',
    path: '/api/library/holds/:holdId/cancel',
    params: ZHoldParams,
    response: z.object({ hold: ZHold }),
  }),

  // A parent (view_child_profile)
  childrenLoans: contract({
    method: 'GET',
    path: '/api/library/children',
    response: ZChildrenLoans,
  }),
};
