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
  /** Liveness: the process answers (a restart is what helps when it does not). Touches nothing else. */
  live: contract({
    method: 'GET',
    path: '/api/health/live',
    response: z.object({ status: z.literal('ok') }),
  }),
  /**
   * Readiness: the database answers and every committed migration is applied. Otherwise 503 with
   * `status: 'not_ready'` and the reasons (a load balancer sends this process no traffic meanwhile).
   */
  ready: contract({
    method: 'GET',
    path: '/api/health/ready',
    response: z.object({
      status: z.literal('ready'),
      database: z.enum(['pglite', 'postgres']),
      pendingMigrations: z.number().int(),
    }),
  }),
};

/** The 503 body of /api/health/ready (outside the contract, which describes the success answer). */
export type TNotReady = { status: 'not_ready'; database: 'pglite' | 'postgres'; reasons: string[] };
