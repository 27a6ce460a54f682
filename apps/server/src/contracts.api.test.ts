import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '@sekolo/shared/contracts/contract';
import { createTestApp, type TestApp } from './test/test-app.ts';

const CONTRACTS_DIR = path.resolve(import.meta.dirname, '../../../packages/shared/src/contracts');

/** Every contract packages/shared exports, found in each file's exported objects. */
async function allContracts(): Promise<Contract[]> {
  const found = new Set<Contract>();
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    if ('method' in value && 'path' in value && 'response' in value) found.add(value as Contract);
    else for (const inner of Object.values(value)) walk(inner);
  };
  for (const file of fs.readdirSync(CONTRACTS_DIR)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    walk(await import(path.join(CONTRACTS_DIR, file)));
  }
  return [...found];
}

/** The endpoints Better Auth's one /api/auth/* handler answers, as `METHOD /api/auth/...`. */
function betterAuthEndpoints(t: TestApp): Set<string> {
  const endpoints = Object.values(t.app.auth.api as Record<string, unknown>) as Array<{
    path?: string;
    options?: { method?: string | string[] };
  }>;
  return new Set(
    endpoints.flatMap((endpoint) => {
      const methods = endpoint.options?.method;
      if (typeof endpoint.path !== 'string' || methods === undefined) return [];
      return (Array.isArray(methods) ? methods : [methods]).map((method) => `${method} /api/auth${endpoint.path}`);
    }),
  );
}

/**
 * The whole route table against the contracts: every /api route answers to one, and every contract
 * has its route. Better Auth's own /api/auth/* handler is one catch-all route: the contracts of the
 * endpoints the web calls there (contracts/auth.ts) each name one of Better Auth's endpoints.
 */
describe('the API and its contracts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_PROVIDER: 'sandbox' });
  });
  afterAll(() => t.close());

  it('registers every route but Better Auth’s handler from a contract, under the method and path it names', () => {
    const ours = t.app.apiRoutes.filter((r) => !r.url.startsWith('/api/auth/'));
    expect(ours.length).toBeGreaterThan(100);
    expect(ours.filter((r) => !r.contract).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    for (const r of ours) expect(`${r.method} ${r.url}`).toBe(`${r.contract!.method} ${r.contract!.path}`);
  });

  it('has a route for every contract, and one only', async () => {
    const routes = t.app.apiRoutes.filter((r) => r.contract).map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBe(new Set(routes).size);
    const contracts = (await allContracts()).map((c) => `${c.method} ${c.path}`);
    const ours = contracts.filter((c) => !c.includes(' /api/auth/'));
    // PayFast's notification route exists only when PayFast is the configured gateway.
    const byConfiguration = ['POST /api/payments/notify/payfast'];
    expect(ours.filter((c) => !routes.includes(c) && !byConfiguration.includes(c))).toEqual([]);
  });

  it('names, in each contract under /api/auth/, an endpoint of Better Auth’s handler', async () => {
    const betterAuth = betterAuthEndpoints(t);
    expect(betterAuth.has('POST /api/auth/sign-in/email')).toBe(true);
    const contracts = (await allContracts()).map((c) => `${c.method} ${c.path}`);
    const theirs = contracts.filter((c) => c.includes(' /api/auth/'));
    expect(theirs.length).toBeGreaterThanOrEqual(11);
    expect(theirs.filter((c) => !betterAuth.has(c))).toEqual([]);
  });
});
