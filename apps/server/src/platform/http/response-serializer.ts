import { $ZodType, safeEncode } from 'zod/v4/core';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

/** A part of an answer as JSON text, or FAIL when the value does not have the schema's shape. */
type TWriter = (value: unknown) => string | typeof FAIL;
const FAIL = Symbol('does not fit the schema');

type TDef = {
  type: string;
  checks?: unknown[];
  check?: unknown;
  format?: unknown;
  shape?: Record<string, $ZodType>;
  catchall?: unknown;
  innerType?: $ZodType;
  element?: $ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
};

const defOf = (schema: $ZodType) => schema._zod.def as unknown as TDef;

/** Whether the schema carries rules beyond its type (a length, a format, a refinement, a trim). */
const hasChecks = (def: TDef) => (def.checks?.length ?? 0) > 0 || def.check !== undefined || def.format !== undefined;

/** The part as zod writes it: its encode of the value, then JSON.stringify, as the contract's own serializer does. */
function byZod(schema: $ZodType): TWriter {
  return (value) => {
    const result = safeEncode(schema, value);
    // A part that encodes to undefined (a key JSON.stringify would leave out) is left to the whole
    // answer's serialisation by zod.
    return result.success ? ((JSON.stringify(result.data) as string | undefined) ?? FAIL) : FAIL;
  };
}

/**
 * A writer of `schema`'s values as JSON text that answers what zod's encode followed by
 * JSON.stringify answers, without building the encoded copy: an object writes the keys its schema
 * names and no other (what the value carries beyond them never reaches the answer), in the
 * schema's order; strings, finite numbers, booleans, null, enums and literals are checked for
 * their type as zod checks them. Any part this does not know as plain data (a union, a record, a
 * date, a transform, a length or format rule, an object that keeps or refuses unknown keys) is
 * left to zod itself.
 */
function writerOf(schema: $ZodType): TWriter {
  const def = defOf(schema);
  if (hasChecks(def)) return byZod(schema);
  switch (def.type) {
    case 'string':
      return (value) => (typeof value === 'string' ? JSON.stringify(value) : FAIL);
    case 'number':
      return (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : FAIL);
    case 'boolean':
      return (value) => (value === true ? 'true' : value === false ? 'false' : FAIL);
    case 'null':
      return (value) => (value === null ? 'null' : FAIL);
    case 'enum': {
      const allowed = new Set(Object.values(def.entries ?? {}));
      return (value) => (allowed.has(value) ? JSON.stringify(value) : FAIL);
    }
    case 'literal': {
      const allowed = new Set(def.values ?? []);
      const plain = [...allowed].every((v) => typeof v === 'string' || typeof v === 'boolean' || v === null);
      if (!plain) return byZod(schema);
      return (value) => (allowed.has(value) ? JSON.stringify(value) : FAIL);
    }
    case 'nullable': {
      const inner = writerOf(def.innerType!);
      return (value) => (value === null ? 'null' : inner(value));
    }
    case 'array': {
      const element = writerOf(def.element!);
      return (value) => {
        if (!Array.isArray(value)) return FAIL;
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          const part = element(value[i]);
          if (part === FAIL) return FAIL;
          out += i ? ',' + part : part;
        }
        return out + ']';
      };
    }
    case 'object': {
      if (def.catchall !== undefined) return byZod(schema);
      const fields = Object.entries(def.shape ?? {}).map(([key, field]) => {
        const fieldDef = defOf(field);
        const optional = fieldDef.type === 'optional' && !hasChecks(fieldDef);
        return {
          key,
          name: JSON.stringify(key) + ':',
          optional,
          write: writerOf(optional ? fieldDef.innerType! : field),
        };
      });
      return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return FAIL;
        const record = value as Record<string, unknown>;
        let out = '';
        for (const { key, name, optional, write } of fields) {
          const v = record[key];
          if (optional && v === undefined) continue;
          const part = write(v);
          if (part === FAIL) return FAIL;
          out += out ? ',' + name + part : name + part;
        }
        return '{' + out + '}';
      };
    }
    default:
      return byZod(schema);
  }
}

type TCompilerInput = Parameters<typeof zodSerializerCompiler>[0];

/**
 * Fastify's serializer compiler for the contracts' response schemas: each route's schema is made
 * into a writer once (writerOf), and a value that does not fit it goes to the zod serializer of
 * fastify-type-provider-zod, which refuses it (a 500 that names no data). zod's encode
 * builds a copy of every answer for JSON.stringify to write; the writer writes the answer at once.
 */
export function responseSerializerCompiler(input: TCompilerInput) {
  const bySchema = zodSerializerCompiler(input);
  const schema = input.schema as unknown;
  if (!(schema instanceof $ZodType)) return bySchema;
  const write = writerOf(schema);
  return (data: unknown): string => {
    const text = write(data);
    return text === FAIL ? bySchema(data) : text;
  };
}
