import { sample } from 'openapi-sampler';
import { deref } from './refs';
import type { ExampleObject, Json, MediaTypeObject, OpenApiDocument, SchemaObject } from './types';

// Examples for request and response bodies: the document's own when it gives one (media type
// `example`, then `examples`, then the schema's), otherwise one generated from the schema.

export interface NamedExample {
  name: string;
  summary?: string;
  value: unknown;
}

/** `direction` decides which read-only / write-only properties an example leaves out. */
export function mediaTypeExamples(document: OpenApiDocument, media: MediaTypeObject, direction: 'request' | 'response'): NamedExample[] {
  if (media.example !== undefined) return [{ name: 'Example', value: media.example }];
  if (media.examples && Object.keys(media.examples).length) {
    return Object.entries(media.examples).flatMap(([name, entry]) => {
      const example = deref<ExampleObject>(document, entry).value;
      if (!example || example.value === undefined) return [];
      return [{ name, ...(example.summary ? { summary: example.summary } : {}), value: example.value }];
    });
  }
  if (!media.schema) return [];
  const generated = schemaExample(document, media.schema, direction);
  return generated === undefined ? [] : [{ name: 'Example', value: generated }];
}

export function schemaExample(document: OpenApiDocument, schema: SchemaObject, direction: 'request' | 'response'): unknown {
  const resolved = deref<SchemaObject>(document, schema).value;
  if (resolved?.example !== undefined) return resolved.example;
  if (resolved?.type === 'string' && resolved.format === 'binary') return undefined; // a file upload: nothing to show as JSON
  try {
    return sample(schema as Parameters<typeof sample>[0], { skipReadOnly: direction === 'request', skipWriteOnly: direction === 'response', quiet: true, maxSampleDepth: 6 }, document);
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
