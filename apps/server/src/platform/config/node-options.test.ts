import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain JavaScript module of the launchers, without types
import { SEMI_SPACE_MB, serverEnv, serverNodeOptions } from '../../../launch/node-options.mjs';

describe('the server process Node options (launch/node-options.mjs)', () => {
  it("gives the server a larger young generation than Node's default", () => {
    expect(SEMI_SPACE_MB).toBeGreaterThan(16);
    expect(serverNodeOptions()).toBe(`--max-semi-space-size=${SEMI_SPACE_MB}`);
    expect(serverNodeOptions('')).toBe(`--max-semi-space-size=${SEMI_SPACE_MB}`);
  });

  it('keeps the options already given, and adds its own after them', () => {
    expect(serverNodeOptions('--enable-source-maps  ')).toBe(
      `--enable-source-maps --max-semi-space-size=${SEMI_SPACE_MB}`,
    );
  });

  it("leaves an operator's own semi-space size as it is", () => {
    expect(serverNodeOptions('--max-semi-space-size=8')).toBe('--max-semi-space-size=8');
    expect(serverNodeOptions('--trace-gc --max-semi-space-size 64')).toBe('--trace-gc --max-semi-space-size 64');
    // A different flag that only starts alike is not the same setting.
    expect(serverNodeOptions('--max-semi-space-size-x=1')).toBe(
      `--max-semi-space-size-x=1 --max-semi-space-size=${SEMI_SPACE_MB}`,
    );
  });

  it('builds the environment the launchers spawn the server in', () => {
    const env = serverEnv({ PORT: '3000', NODE_OPTIONS: '--enable-source-maps' });
    expect(env).toEqual({ PORT: '3000', NODE_OPTIONS: `--enable-source-maps --max-semi-space-size=${SEMI_SPACE_MB}` });
  });

  it('starts a Node process whose young generation is the larger one', async () => {
    const { execFileSync } = await import('node:child_process');
    // V8's heap limit counts the young generation: three semi-spaces.
    const heapLimit = (env: NodeJS.ProcessEnv) =>
      Number(
        execFileSync(process.execPath, ['-p', "require('v8').getHeapStatistics().heap_size_limit"], {
          env,
          encoding: 'utf8',
        }),
      );
    const plain = heapLimit({ PATH: process.env.PATH });
    const server = heapLimit(serverEnv({ PATH: process.env.PATH }));
    expect(server).toBeGreaterThan(plain);
    expect(heapLimit(serverEnv({ PATH: process.env.PATH, NODE_OPTIONS: '--max-semi-space-size=64' }))).toBeGreaterThan(
      server,
    );
  });
});
