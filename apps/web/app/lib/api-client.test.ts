import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiErrorOf, apiPostLines, isRefusal, isSavedMeanwhile, isServerFault } from './api-client';

/** A server's answer that arrives in `chunks`, cut wherever the network cuts it. */
function streamed(chunks: string[], init: ResponseInit = {}) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' }, ...init });
}

describe('apiPostLines: an answer read a line at a time', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hears each line once whole, however the network cuts it, the last one too', async () => {
    const fetch = vi.fn(async () =>
      streamed(['{"progress":{"done":0', '}}\n{"progress":{"done":200}}\n{"re', 'port":{"ok":true}}']),
    );
    vi.stubGlobal('fetch', fetch);
    const lines: unknown[] = [];
    await apiPostLines('/api/school/learners/import', { csv: 'x', mode: 'check' }, (line) => lines.push(line));
    expect(lines).toEqual([{ progress: { done: 0 } }, { progress: { done: 200 } }, { report: { ok: true } }]);
    expect(fetch).toHaveBeenCalledWith(
      '/api/school/learners/import',
      expect.objectContaining({
        method: 'POST',
        headers: { accept: 'application/x-ndjson', 'content-type': 'application/json' },
        body: JSON.stringify({ csv: 'x', mode: 'check' }),
      }),
    );
  });

  it('throws the API’s error of a refusal before any line', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { code: 'VALIDATION_ERROR', message: 'The file has no learners.' } }, { status: 400 }),
    );
    const refused = apiPostLines('/api/school/learners/import', { csv: '' }, () => {});
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'The file has no learners.',
    });
  });

  it('says the connection was lost when it breaks before the answer', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiPostLines('/x', {}, () => {})).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});

describe('apiErrorOf: the code the web decides by', () => {
  it('keeps a code of the shared list, and names someone else’s save by its own', () => {
    const error = apiErrorOf(409, { error: { code: 'SAVED_MEANWHILE', message: 'Someone else saved it.' } });
    expect(error).toMatchObject({ code: 'SAVED_MEANWHILE', message: 'Someone else saved it.' });
    expect(isSavedMeanwhile(error)).toBe(true);
    expect(isSavedMeanwhile(apiErrorOf(409, { error: { code: 'CONFLICT', message: 'Taken.' } }))).toBe(false);
  });

  it('gives an answer without a code it knows the general code of its status', () => {
    expect(apiErrorOf(429, undefined)).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait a few minutes before trying again.',
    });
    expect(apiErrorOf(502, '<html>')).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(apiErrorOf(422, { code: 'SOMETHING_ELSE', message: 'No.' })).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'No.',
    });
    expect(apiErrorOf(400, { error: { code: 'FST_ERR_CTP_INVALID_JSON_BODY', message: 'Bad JSON.' } }).code).toBe(
      'FST_ERR_CTP_INVALID_JSON_BODY',
    );
  });

  it('tells a refusal from our fault and from no answer', () => {
    expect(isRefusal(apiErrorOf(404, { error: { code: 'NOT_FOUND', message: 'Gone.' } }))).toBe(true);
    expect(isRefusal(apiErrorOf(500, undefined))).toBe(false);
    expect(isServerFault(apiErrorOf(500, undefined))).toBe(true);
    expect(isRefusal(new ApiError(0, 'NETWORK_ERROR', 'Offline.'))).toBe(false);
  });
});
