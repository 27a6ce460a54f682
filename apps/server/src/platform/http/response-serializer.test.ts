import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { ZListingDetail } from '@sekolo/shared/schemas/marketplace';
import { responseSerializerCompiler } from './response-serializer.ts';

const compile = (schema: z.ZodType) => {
  const input = { schema, method: 'GET', url: '/api/x', httpStatus: '200' } as never;
  return { ours: responseSerializerCompiler(input), zods: serializerCompiler(input) };
};

/** Both serializers' answer for `value`: the text, or the error's message. */
const both = (schema: z.ZodType, value: unknown) => {
  const { ours, zods } = compile(schema);
  const run = (f: (v: unknown) => string) => {
    try {
      return { text: f(value) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  };
  return { ours: run(ours as (v: unknown) => string), zods: run(zods as (v: unknown) => string) };
};

const Row = z.object({
  id: z.string(),
  count: z.number(),
  ok: z.boolean(),
  kind: z.enum(['product', 'service']),
  status: z.literal('ready'),
  note: z.string().nullable(),
  extra: z.string().optional(),
  tags: z.array(z.object({ label: z.string() })),
  trimmed: z.string().trim(),
  either: z.union([z.string(), z.number()]),
  when: z.string().nullable().optional(),
});

const row = {
  id: 'a"b\u2028',
  count: 1.5,
  ok: false,
  kind: 'service',
  status: 'ready',
  note: null,
  tags: [{ label: 'x', secret: 'never' }],
  trimmed: '  spaced  ',
  either: 3,
  passwordHash: 'never',
};

describe('the response serializer', () => {
  it('writes what zod writes: the named keys in the schema’s order, nothing else', () => {
    const { ours, zods } = both(Row, row);
    expect(ours).toEqual(zods);
    expect(ours.text).not.toContain('never');
    expect(JSON.parse(ours.text!)).toEqual({ ...Row.parse(row) });
  });

  it('leaves optional keys out when absent and writes them when present', () => {
    for (const value of [
      { ...row, extra: 'here', when: null },
      { ...row, when: '2026' },
    ]) {
      const { ours, zods } = both(Row, value);
      expect(ours).toEqual(zods);
    }
  });

  it('refuses a value of the wrong shape as zod does (a 500 that names no data)', () => {
    for (const value of [
      { ...row, count: '1' },
      { ...row, count: Number.NaN },
      { ...row, count: Infinity },
      { ...row, kind: 'other' },
      { ...row, status: 'done' },
      { ...row, tags: [{}] },
      { ...row, tags: {} },
      { ...row, id: undefined },
      { ...row, either: true },
      null,
      [row],
    ]) {
      const { ours, zods } = both(Row, value);
      expect(zods.error).toBeDefined();
      expect(ours).toEqual(zods);
    }
  });

  it('writes a listing’s page as zod does', () => {
    const detail = {
      id: '0b5c3c3e-0000-4000-8000-000000000001',
      title: 'Scientific calculator',
      description: 'A calculator.',
      kind: 'product',
      category: 'technology',
      subcategory: 'other',
      priceCents: 25_000,
      stock: null,
      variants: [{ id: 'v1', label: 'Blue', stock: 3 }],
      images: [],
      seller: {
        id: 's1',
        name: 'Seller',
        slug: 'seller',
        province: 'gauteng',
        sellerType: 'business',
        tagLine: '',
        ratingAverage: 4.5,
        ratingCount: 2,
        bankAccount: 'never',
      },
      ratingAverage: null,
      ratingCount: 0,
      reviews: [],
    };
    const { ours, zods } = both(ZListingDetail, detail);
    expect(zods.text).toBeDefined();
    expect(ours).toEqual(zods);
  });
});
