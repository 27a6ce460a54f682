import { ZConsoleJobId, ZConsoleJobList, ZConsoleJobRetry, ZConsoleJobsQuery } from '../schemas/jobs.ts';
import { contract } from './contract.ts';

/** The operator's console: background jobs in one state, and a failed one's retry. */
export const consoleContracts = {
  jobs: contract({ method: 'GET', path: '/api/console/jobs', query: ZConsoleJobsQuery, response: ZConsoleJobList }),
  retryJob: contract({
    method: 'POST',
    path: '/api/console/jobs/:id/retry',
    params: ZConsoleJobId,
    response: ZConsoleJobRetry,
  }),
};
