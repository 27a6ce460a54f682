import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDraftSaver, draftFileIds, type TDraftValues } from './draft-saver';

const FILE = { id: '0b7c3c1e-3f7a-4d8e-9a51-2f8c6d1e4b10', name: 'id.pdf', size: 120, mimeType: 'application/pdf' };

class HttpError extends Error {
  constructor(public status: number) {
    super(`HTTP ${status}`);
  }
}

function setup(send?: (step: number, values: TDraftValues) => Promise<void>) {
  const calls: { step: number; values: TDraftValues; keepalive: boolean }[] = [];
  const statuses: string[] = [];
  const saver = createDraftSaver({
    delayMs: 800,
    retryDelaysMs: [2000, 5000],
    send: async (step, values, { keepalive }) => {
      calls.push({ step, values, keepalive });
      await send?.(step, values);
    },
    statusOf: (error) => (error instanceof HttpError ? error.status : 0),
    onStatus: (status) => statuses.push(status),
  });
  return { saver, calls, statuses };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createDraftSaver', () => {
  it('waits for a pause in typing, then sends the newest values once', async () => {
    const { saver, calls, statuses } = setup();
    saver.change(1, { name: 'S' });
    saver.change(1, { name: 'Su' });
    await vi.advanceTimersByTimeAsync(500);
    saver.change(1, { name: 'Sun' });
    await vi.advanceTimersByTimeAsync(799);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([{ step: 1, values: { name: 'Sun' }, keepalive: false }]);
    expect(statuses).toEqual(['saving', 'saved']);
  });

  it('saves at once when the files change (an upload finished or a file was removed), with the typed values', async () => {
    const { saver, calls } = setup();
    saver.change(4, { note: 'typed', documentFiles: { id_document: null } });
    saver.change(4, { note: 'typed', documentFiles: { id_document: FILE } });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([
      { step: 4, values: { note: 'typed', documentFiles: { id_document: FILE } }, keepalive: false },
    ]);
    saver.change(4, { note: 'typed', documentFiles: { id_document: null } });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.values).toEqual({ note: 'typed', documentFiles: { id_document: null } });
  });

  it('does not send what the step was opened with, nor the same values twice', async () => {
    const { saver, calls } = setup();
    saver.prime(1, { name: 'Sun', logo: FILE });
    saver.change(1, { name: 'Sun', logo: FILE });
    await saver.flush();
    expect(calls).toHaveLength(0);
    saver.change(1, { name: 'Sunrise', logo: FILE });
    await saver.flush();
    await saver.flush();
    expect(calls).toHaveLength(1);
  });

  it('keeps one save on the way and sends what came meanwhile after it, in order', async () => {
    let release!: () => void;
    const { saver, calls } = setup((_step, values) =>
      values.name === 'a' ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve(),
    );
    saver.change(1, { name: 'a' });
    const first = saver.flush();
    saver.change(1, { name: 'ab' });
    saver.change(1, { name: 'abc' });
    const second = saver.flush({ keepalive: true });
    expect(calls).toHaveLength(1);
    release();
    await first;
    await second;
    expect(calls.map((c) => c.values.name)).toEqual(['a', 'abc']);
  });

  it('tries a passing failure again later and drops what the server refused', async () => {
    let failWith: number | null = 503;
    const { saver, calls, statuses } = setup(async () => {
      if (failWith !== null) throw new HttpError(failWith);
    });
    saver.change(2, { packageId: 'growth' });
    await saver.flush();
    expect(statuses.at(-1)).toBe('error');
    failWith = null;
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(2);
    expect(statuses.at(-1)).toBe('saved');

    expect(saver.hasUnsaved()).toBe(false);

    failWith = 400;
    saver.change(2, { packageId: 'bad' });
    await saver.flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(3);
    // Dropped, but not saved: the server may still hold the older values.
    expect(saver.hasUnsaved()).toBe(true);
    expect(statuses.at(-1)).toBe('error');
  });

  it('stops on 409 (the application is locked)', async () => {
    const { saver, calls } = setup(async () => {
      throw new HttpError(409);
    });
    saver.change(1, { a: 1 });
    await saver.flush();
    saver.change(1, { a: 2 });
    await saver.flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
  });

  it("discards a completed step's waiting values and waits for the save on the way", async () => {
    let release!: () => void;
    const { saver, calls } = setup(() => new Promise<void>((resolve) => (release = resolve)));
    saver.change(1, { a: 1 });
    void saver.flush();
    saver.change(1, { a: 2 });
    let done = false;
    const discarded = saver.discard(1).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    release();
    await discarded;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls.map((c) => c.values)).toEqual([{ a: 1 }]);
  });
});

describe('draftFileIds', () => {
  it('finds uploaded files anywhere in the values', () => {
    expect(draftFileIds({ a: 'x', b: [{ logo: FILE }], c: { d: null } })).toBe(FILE.id);
    expect(draftFileIds({ id: 'not-a-uuid', name: 'x', mimeType: 'y' })).toBe('');
  });
});
