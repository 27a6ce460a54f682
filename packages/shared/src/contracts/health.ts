import { z } from 'zod';
import { contract } from './contract.ts';

/** The health check the load balancer and the e2e set-up ask. */
export const healthContracts = {
  health: contract({
    method: 'GET',
    path: '/api/health',
    response: z.object({
      status: z.literal('ok'),
      database: z.enum(['pglite', 'postgres']),
      databaseLatencyMs: z.number(),
    }),
  }),
};
