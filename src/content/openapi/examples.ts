import type * as OpenApiSampler from 'openapi-sampler';
import { lazyPackage } from '../../core/lazy-package';
import { isRecord } from '../../shared/is-record';
import type { ExpansionBudget } from './budget';
import { deref, resolvePointer } from './refs';
import type { ExampleObject, Json, MediaTypeObject, OpenApiDocument, SchemaObject } from './types';

const openApiSampler = lazyPackage<typeof OpenApiSampler>('openapi-sampler');

// Examples for request and response bodies: the document's own when it gives one (media type
// `example`, then `examples`, then the schema's), otherwise one generated from the schema.

export interface NamedExample {
  name: string;
  summary?: string;
  value: unknown;
}

/** `direction` decides which read-only / write-only properties an example leaves out. */
export function mediaTypeExamples(document: OpenApiDocument, media: MediaTypeObject, direction: 'request' | 'response', budget?: ExpansionBudget): NamedExample[] {
  if (media.example !== undefined) return [{ name: 'Example', value: media.example }];
  if (media.examples && Object.keys(media.examples).length) {
    return Object.entries(media.examples).flatMap(([name, entry]) => {
      const example = deref<ExampleObject>(document, entry).value;
      if (!example || example.value === undefined) return [];
      return [{ name, ...(example.summary ? { summary: example.summary } : {}), value: example.value }];
    });
  }
  if (!media.schema) return [];
  const generated = schemaExample(document, media.schema, direction, budget);
  return generated === undefined ? [] : [{ name: 'Example', value: generated }];
}

/**
 * How deep openapi-sampler follows properties and items. Four levels show the shape of a body; deeper ones
 * mostly repeat shared schemas, and a generated example is highlighted (about 8 times its JSON size) and
 * kept with its page: at 6 levels, a payments API's generated examples were 11 MB of JSON, at 4 they are 3 MB.
 */
const MAX_SAMPLE_DEPTH = 4;

export function schemaExample(document: OpenApiDocument, schema: SchemaObject, direction: 'request' | 'response', budget?: ExpansionBudget): unknown {
  const resolved = deref<SchemaObject>(document, schema).value;
  if (resolved?.example !== undefined) return resolved.example;
  if (resolved?.type === 'string' && resolved.format === 'binary') return undefined; // a file upload: nothing to show as JSON
  // The sampler cannot be stopped once it runs: its walk is charged first, and throws past the budget.
  if (budget) chargeSample(document, schema, budget);
  try {
    return openApiSampler().sample(schema as Parameters<typeof OpenApiSampler.sample>[0], { skipReadOnly: direction === 'request', skipWriteOnly: direction === 'response', quiet: true, maxSampleDepth: MAX_SAMPLE_DEPTH }, document);
  } catch {
    // The sampler gives up on some exotic schemas; the page then shows the schema without an example.
    return undefined;
  }
}

/** A value for a parameter in code samples: its example, default or first enum value, else a readable placeholder. */
export function parameterValue(document: OpenApiDocument, parameter: { name: string; example?: Json; schema?: SchemaObject }): string {
  const schema = parameter.schema ? deref<SchemaObject>(document, parameter.schema).value : undefined;
  const value = parameter.example ?? schema?.example ?? schema?.default ?? schema?.enum?.[0] ?? schema?.examples?.[0];
  if (value !== undefined && value !== null) return typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (schema?.format === 'uuid') return '3fa85f64-5717-4562-b3fc-2c963f66afa6';
  if (schema?.format === 'date-time') return '2024-01-01T00:00:00Z';
  if (schema?.format === 'date') return '2024-01-01';
  if (schema?.type === 'integer' || schema?.type === 'number') return String(schema.minimum ?? 1);
  if (schema?.type === 'boolean') return 'true';
  return `<${parameter.name}>`;
}

/**
 * The walk openapi-sampler's sample() makes of a schema, charged a step per schema it visits, without making
 * any value: the same depth rule (properties and items one deeper, stopping past MAX_SAMPLE_DEPTH), `$ref`s
 * followed unless already being expanded, every `allOf` part (its own keywords from depth 1 again), the first
 * `oneOf`/`anyOf` option, two values of `additionalProperties`, `minItems` values of an array. A schema with a
 * value to show (`example`, `const`, `examples`, `enum`, `default`) stops there, as the sampler does.
 */
function chargeSample(document: OpenApiDocument, root: SchemaObject, budget: ExpansionBudget): void {
  const expanding = new Set<string>();
  const refs: string[] = [];
  const visit = (schema: unknown, depth: number): void => {
    if (!isRecord(schema)) return;
    budget.spend(1, 'example', refs);
    if (depth > MAX_SAMPLE_DEPTH) return;
    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref;
      if (expanding.has(ref)) return;
      expanding.add(ref);
      refs.push(ref);
      try {
        visit(resolvePointer(document, ref), depth);
      } finally {
        expanding.delete(ref);
        refs.pop();
      }
      return;
    }
    if (schema.example !== undefined) return;
    const hasValue = schema.const !== undefined || schema.default !== undefined || nonEmpty(schema.examples) || nonEmpty(schema.enum);
    if (nonEmpty(schema.allOf)) {
      if (hasValue) return;
      visit({ ...schema, allOf: undefined }, 1);
      for (const part of schema.allOf) visit(part, depth);
      return;
    }
    const options = nonEmpty(schema.oneOf) ? schema.oneOf : nonEmpty(schema.anyOf) ? schema.anyOf : undefined;
    if (options) {
      if (hasValue) return;
      visit({ ...schema, oneOf: undefined, anyOf: undefined }, depth);
      visit(options[0], depth);
      return;
    }
    if (isRecord(schema.if) && isRecord(schema.then)) {
      const { if: condition, then, ...rest } = schema;
      visit({ ...rest, ...condition, ...then }, depth);
      return;
    }
    if (hasValue) return;
    if (isRecord(schema.properties)) for (const property of Object.values(schema.properties)) visit(property, depth + 1);
    if (isRecord(schema.additionalProperties)) {
      visit(schema.additionalProperties, depth + 1);
      visit(schema.additionalProperties, depth + 1);
    }
    const items = schema.prefixItems ?? schema.items ?? schema.contains;
    if (items === undefined) return;
    const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
    const minItems = typeof schema.minItems === 'number' && schema.minItems > 0 ? schema.minItems : 1;
    const length = Math.max(Math.min(maxItems, minItems), Array.isArray(items) ? items.length : 0);
    // `minItems: 1000000000` is a billion values: the budget stops the loop long before.
    for (let index = 0; index < length; index++) visit(Array.isArray(items) ? (items[index] ?? {}) : items, depth + 1);
  };
  visit(root, 1);
}

function nonEmpty(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length > 0;
}
