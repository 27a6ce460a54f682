import { randomBytes } from 'node:crypto';
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, SAMPLE, startLocalS3 } from './test/uploads.ts';

/**
 * Production as an operator runs it: `npm run build -w @sekolo/server` compiles the server, then plain
 * `node apps/server/dist/main.js` (no TypeScript loader) with NODE_ENV=production serves a new
 * PostgreSQL database: it finds its migrations and data files in the compiled output, an operator
 * made with the compiled admin:create signs in, and SIGTERM stops it cleanly, one process or a
 * cluster of two. PostgreSQL only: production runs on it, and one project builds the output once.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const dist = path.join(repoRoot, 'apps/server/dist');
const adminUrl = process.env.TEST_DATABASE_URL;
const AUTH_SECRET = randomBytes(32).toString('hex');

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

if (!adminUrl && process.env.TEST_DB_ENGINE !== 'postgres') {
  describe('production start (compiled server)', () => {
    it.skip('needs PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run it', () => {});
  });
}

describe.runIf(process.env.TEST_DB_ENGINE === 'postgres' && adminUrl)(
  'production start (compiled server)',
  { timeout: 120_000 },
  () => {
    const databases: string[] = [];
    let dir = '';
    const children: ChildProcessWithoutNullStreams[] = [];

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-prod-'));
      // The build a deployment runs; a few seconds of emitting on an idle machine, more on a busy one.
      // Spawned, not run synchronously, so the test worker stays responsive meanwhile.
      const build = spawn('npm', ['run', 'build', '-w', '@sekolo/server'], { cwd: repoRoot, stdio: 'pipe' });
      let out = '';
      build.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      build.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => build.on('exit', resolve));
      if (code !== 0) throw new Error(`npm run build -w @sekolo/server failed:\n${out}`);
    }, 300_000);

    afterAll(async () => {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    async function newDatabase(): Promise<string> {
      const name = `sekolo_test_prod_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      databases.push(name);
      const url = new URL(adminUrl!);
      url.pathname = `/${name}`;
      return url.toString();
    }

    /** The environment of a production deployment: nothing of the test runner's own. */
    function productionEnv(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
      return {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        AUTH_SECRET,
        DATABASE_URL: databaseUrl,
        DATA_DIR: path.join(dir, 'data'),
        WEB_DIST: path.join(dir, 'no-web'),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED: 'never',
        ...extra,
      };
    }

    function startCompiled(env: NodeJS.ProcessEnv) {
      const child = spawn(process.execPath, [path.join(dist, 'main.js')], { cwd: repoRoot, env, stdio: 'pipe' });
      children.push(child);
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.on('exit', (code, signal) => resolve({ code, signal })),
      );
      const output = () => out;
      const waitFor = async (ready: (out: string) => boolean) => {
        const deadline = Date.now() + 90_000;
        while (!ready(out)) {
          if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${out}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      return { child, exited, output, waitFor };
    }

    it('runs on node from the compiled output, migrates, signs an operator in and stops on SIGTERM', async () => {
      const databaseUrl = await newDatabase();
      const port = await freePort();
      const publicUrl = `http://localhost:${port}`;
      const env = productionEnv(databaseUrl, { PORT: String(port), PUBLIC_URL: publicUrl });
      const server = startCompiled(env);
      await server.waitFor((out) => out.includes('Sekolo is running'));

      // A new database: the compiled server found and applied the committed migrations.
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'postgres' });

      // Plain Node on compiled JavaScript: no tsx, loader or type stripping among its arguments (its
      // environment has no NODE_OPTIONS either).
      const argv = fs.readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      expect(argv).toEqual([process.execPath, path.join(dist, 'main.js')]);
      expect(fs.existsSync(path.join(dist, 'node_modules/@sekolo/shared/schemas/auth.js'))).toBe(true);

      // The compiled command-line tool creates an operator in the same database.
      const email = 'ops@school.example';
      const password = 'a-long-and-unusual-passphrase';
      const created = spawnSync(
        process.execPath,
        [path.join(dist, 'cli/admin-create.js'), '--email', email, '--password', password, '--name', 'Thabo Mokoena'],
        { cwd: repoRoot, env, encoding: 'utf8' },
      );
      expect(created.stderr).toBe('');
      expect(created.status).toBe(0);
      expect(created.stdout).toContain(`Created the platform operator ${email}`);

      const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: publicUrl },
        body: JSON.stringify({ email, password }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .join('; ');
      expect(cookie).toContain('sekolo.session_token=');
      const me = await fetch(`http://127.0.0.1:${port}/api/me`, { headers: { cookie } });
      expect(await me.json()).toMatchObject({ user: { email, name: 'Thabo Mokoena' }, role: 'platform_admin' });

      // Sign-up checks the password against the list shipped as a data file beside the compiled code.
      const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: publicUrl },
        body: JSON.stringify({
          email: 'lerato@example.test',
          password: 'qwertyuiop',
          name: 'Lerato Molefe',
          firstName: 'Lerato',
          lastName: 'Molefe',
          role: 'customer',
        }),
      });
      expect(await signUp.json()).toEqual({
        code: 'PASSWORD_TOO_COMMON',
        message: 'This password is too common. Please choose another.',
      });
      expect(signUp.status).toBe(400);

      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(server.output()).toContain('SIGTERM received');
    });

    it('serves the deployed layout (PostgreSQL, S3, SMTP): signs in, round-trips an upload and a mail, reports ready and metrics', async () => {
      // The compose file's services on loopback: s3rver for MinIO, smtp-server for the mail catcher.
      const s3 = await startLocalS3('sekolo-prod');
      const received: { to: string[]; raw: string }[] = [];
      const smtp = new SMTPServer({
        secure: false,
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      const smtpPort = (smtp.server.address() as net.AddressInfo).port;
      try {
        const databaseUrl = await newDatabase();
        const port = await freePort();
        const publicUrl = `http://localhost:${port}`;
        const env = productionEnv(databaseUrl, {
          PORT: String(port),
          PUBLIC_URL: publicUrl,
          LOG_LEVEL: 'info',
          STORAGE_DRIVER: 's3',
          S3_ENDPOINT: s3.endpoint,
          S3_BUCKET: s3.bucket,
          S3_ACCESS_KEY_ID: s3.accessKeyId,
          S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
          MAIL_TRANSPORT: 'smtp',
          SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
          MAIL_FROM: 'Sekolo <no-reply@school.example>',
          METRICS_TOKEN: 'prod-metrics-token-0123456789',
        });
        const server = startCompiled(env);
        await server.waitFor((out) => out.includes('Sekolo is running'));
        const base = `http://127.0.0.1:${port}`;

        const ready = await fetch(`${base}/api/health/ready`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toEqual({ status: 'ready', database: 'postgres', pendingMigrations: 0 });

        const email = 'operator@school.example';
        const password = 'another-long-unusual-passphrase';
        const created = spawnSync(
          process.execPath,
          [
            path.join(dist, 'cli/admin-create.js'),
            '--email',
            email,
            '--password',
            password,
            '--name',
            'Naledi Dlamini',
          ],
          { cwd: repoRoot, env, encoding: 'utf8' },
        );
        expect(created.status).toBe(0);
        const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: publicUrl },
          body: JSON.stringify({ email, password }),
        });
        expect(signIn.status).toBe(200);
        const cookie = signIn.headers
          .getSetCookie()
          .map((c) => c.split(';')[0]!)
          .join('; ');

        // An upload goes to the bucket and comes back byte for byte.
        const body = multipartBody({ name: 'report.pdf', type: 'application/pdf', bytes: SAMPLE.pdf });
        const upload = await fetch(`${base}/api/uploads`, {
          method: 'POST',
          headers: { ...body.headers, cookie, origin: publicUrl },
          body: body.payload,
        });
        expect(upload.status).toBe(201);
        const { id } = (await upload.json()) as { id: string };
        const stored = fs.readdirSync(s3.directory, { recursive: true }).map(String);
        expect(stored.some((file) => file.startsWith('sekolo-prod'))).toBe(true);
        const read = await fetch(`${base}/api/uploads/${id}`, { headers: { cookie } });
        expect(read.status).toBe(200);
        expect(Buffer.from(await read.arrayBuffer()).equals(SAMPLE.pdf)).toBe(true);

        // A mail (a password reset link) reaches the SMTP server through the job queue.
        const reset = await fetch(`${base}/api/auth/request-password-reset`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: publicUrl },
          body: JSON.stringify({ email, redirectTo: '/reset-password' }),
        });
        expect(reset.status).toBe(200);
        const deadline = Date.now() + 30_000;
        while (!received.some((mail) => mail.to.includes(email)) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        const mail = received.find((m) => m.to.includes(email));
        expect(mail?.raw).toContain(`${publicUrl}/reset-password`);

        // Metrics with the token only; the mail was delivered, so nothing waits.
        expect((await fetch(`${base}/metrics`)).status).toBe(401);
        const metrics = await fetch(`${base}/metrics`, {
          headers: { authorization: 'Bearer prod-metrics-token-0123456789' },
        });
        const text = await metrics.text();
        expect(text).toMatch(/sekolo_http_requests_total\{[^}]*route="\/api\/uploads\/:id"[^}]*\} 1/);
        expect(text).toMatch(/sekolo_mail_backlog\{status="pending"\} 0/);
        expect(text).toMatch(/sekolo_db_pool_connections\{state="max"\} \d+/);

        // The logs: a request id on the mail's delivery line, and no address anywhere.
        const delivered = server
          .output()
          .split('\n')
          .filter((line) => line.includes('mail: delivered'));
        expect(delivered.length).toBeGreaterThanOrEqual(1);
        expect(JSON.parse(delivered[0]!)).toHaveProperty('requestId');
        expect(server.output()).not.toContain(email);

        server.child.kill('SIGTERM');
        expect(await server.exited).toEqual({ code: 0, signal: null });
      } finally {
        await new Promise<void>((resolve) => smtp.close(() => resolve()));
        await s3.close();
      }
    });

    it('runs WEB_CONCURRENCY=2 server processes from the compiled output and stops both on SIGTERM', async () => {
      const databaseUrl = await newDatabase();
      const port = await freePort();
      const server = startCompiled(productionEnv(databaseUrl, { PORT: String(port), WEB_CONCURRENCY: '2' }));
      await server.waitFor(
        (out) => out.includes('2 server processes') && (out.match(/Sekolo is running/g) ?? []).length === 2,
      );
      for (let i = 0; i < 4; i++) {
        const health = await fetch(`http://127.0.0.1:${port}/api/health`);
        expect(await health.json()).toMatchObject({ status: 'ok', database: 'postgres' });
      }
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect((server.output().match(/SIGTERM received/g) ?? []).length).toBe(2);
    });
  },
);
