import { describe, expect, it } from 'vitest';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { staticHeadersOf } from './security-headers.ts';

describe('staticHeadersOf', () => {
  it('writes down what helmet sets on an answer', () => {
    const headers = new Map(
      staticHeadersOf(helmet({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false })),
    );
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(headers.has('Content-Security-Policy')).toBe(false);
    expect(headers.has('Strict-Transport-Security')).toBe(true);
  });

  it('keeps what a later call sets and drops what is removed', () => {
    const headers = staticHeadersOf((_req, res, next) => {
      res.setHeader('X-A', '1');
      res.setHeader('x-a', '2');
      res.setHeader('X-B', '1');
      res.removeHeader('x-b');
      next();
    });
    expect(headers).toEqual([['x-a', '2']]);
  });

  it('refuses a middleware that reads the request or finishes later', () => {
    const readsRequest = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
      res.setHeader('X-Url', req.url ?? '');
      next();
    };
    expect(() => staticHeadersOf(readsRequest)).toThrow(/read the request's url/);
    expect(() => staticHeadersOf((_req, _res, next) => void setTimeout(next, 0))).toThrow(/did not finish at once/);
  });
});
