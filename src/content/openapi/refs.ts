import { isRecord } from '../../shared/is-record';
import { pointerTokens } from './source-map';
import type { OpenApiDocument } from './types';

// Internal `$ref`s, resolved on demand: the document keeps its references, so recursive schemas
// stay finite and every schema keeps the component name a reader knows it by.

/** Follows `$ref` chains (a ref to a ref) and returns the target with the ref that named it last. */
export function deref<T>(document: OpenApiDocument, value: T | { $ref: string }): { value: T; ref?: string } {
  let current: unknown = value;
  let ref: string | undefined;
  const seen = new Set<string>();
  while (isRecord(current) && typeof current.$ref === 'string') {
    if (seen.has(current.$ref)) break; // a ref to itself: nothing more to follow
    seen.add(current.$ref);
    ref = current.$ref;
    const siblings = Object.fromEntries(Object.entries(current).filter(([key]) => key !== '$ref'));
    const target = resolvePointer(document, current.$ref);
    // OpenAPI 3.1 lets `description` and `summary` sit beside a `$ref` and override the target's, and a Schema
    // Object any keyword: both apply, so properties and required lists add up rather than replace the target's.
    current = Object.keys(siblings).length && isRecord(target) ? { ...target, ...siblings, ...joinedLists(target, siblings) } : target;
  }
  return { value: current as T, ...(ref ? { ref } : {}) };
}

/** `properties` and `required` of a schema and of the keywords beside a `$ref` to it, together. */
function joinedLists(target: Record<string, unknown>, siblings: Record<string, unknown>): Record<string, unknown> {
  const joined: Record<string, unknown> = {};
  if (isRecord(target.properties) && isRecord(siblings.properties)) joined.properties = { ...target.properties, ...siblings.properties };
  if (Array.isArray(target.required) && Array.isArray(siblings.required)) joined.required = [...new Set([...target.required, ...siblings.required])];
  return joined;
}

/** `#/components/schemas/AssetResponse` -> `AssetResponse`; other pointers give their last token. */
export function refName(ref: string): string {
  return pointerTokens(ref).at(-1) ?? ref;
}

/** The value at an internal pointer (`#/components/schemas/Dog`), or undefined. */
export function resolvePointer(document: unknown, ref: string): unknown {
  let node: unknown = document;
  for (const token of pointerTokens(ref)) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isRecord(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return node;
}

