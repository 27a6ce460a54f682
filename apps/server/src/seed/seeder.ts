import type { AppDeps } from '../platform/http/app-types.ts';

export type TDemoLogin = { role: string; email: string };
export type TSeedContext = Pick<AppDeps, 'config' | 'database' | 'mailer'> & { demoPassword: string };
/** A seeder loads one module's demo data and returns the logins it created. */
export type TSeeder = (ctx: TSeedContext) => Promise<TDemoLogin[]>;
