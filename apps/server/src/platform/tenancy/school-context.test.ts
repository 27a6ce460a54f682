import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { schoolOf } from './school-context.ts';

describe('schoolOf', () => {
  const app = Fastify();
  app.get('/no-policy', async (request) => schoolOf(request));
  afterAll(() => app.close());

  it('answers 500 for a route whose policy never ran, naming the route, instead of letting the caller through', async () => {
    const errors: string[] = [];
    app.setErrorHandler((error: Error, _request, reply) => {
      errors.push(error.message);
      return reply.status(500).send({ error: 'internal' });
    });
    const answer = await app.inject({ method: 'GET', url: '/no-policy' });
    expect(answer.statusCode).toBe(500);
    expect(errors).toEqual(['GET /no-policy: no school policy ran (onRequest: requireSchoolPermission(...)).']);
  });
});
