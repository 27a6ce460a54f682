import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * How deeply a JSON body may nest. Our forms nest a few levels at most; code that walks a value
 * recursively (JSON.stringify, schema validation, Better Auth) overflows the stack on bodies that
 * nest tens of thousands of levels deep, which would answer 500.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether the JSON text opens more than `max` arrays or objects inside one another. One pass over
 * the characters, counting brackets outside strings, before anything parses or walks the value.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

export const jsonTooDeepError = () =>
  new AppError(
    400,
    'BODY_TOO_DEEP',
    `The request body nests more than ${MAX_JSON_DEPTH} levels of arrays or objects. Please send a flatter body.`,
  );

/**
 * Fastify's own JSON parser (with its guards against __proto__ and constructor poisoning), behind
 * the depth bound: every route's JSON body, /api/auth included, passes here.
 */
export function boundJsonDepth(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(jsonTooDeepError(), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
