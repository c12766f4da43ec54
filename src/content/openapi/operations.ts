import type { HttpMethod } from '../../shared/api';
import { deref } from './refs';
import { operationSlug } from './slug';
import { toPointer } from './source-map';
import type { OpenApiDocument, OperationObject, ParameterObject, PathItemObject } from './types';

// The document's operations in spec order, each with its slug, tags, merged parameters and the
// JSON pointer it lives at. Duplicate ids, colliding slugs and path templates that do not match
// their path parameters are errors at the operation's pointer.

export const HTTP_METHODS: HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export interface OperationEntry {
  method: HttpMethod;
  path: string;
  slug: string;
  pointer: string;
  operation: OperationObject;
  /** Path-level and operation-level parameters, resolved; the operation's win on name and location. */
  parameters: ParameterObject[];
  tags: string[];
  servers: OpenApiDocument['servers'];
  /** A webhook (3.1 `webhooks`): `path` is its name, and the API sends the request rather than receives it. */
  webhook?: boolean;
}

/**
 * `fail` stops the build (duplicate ids, colliding slugs: pages cannot be told apart); `mismatch` gets a
 * path template that does not match its path parameters, which the page shows as the document has it
 * (a warning unless `api.strict`).
 */
export function collectOperations(document: OpenApiDocument, fail: (pointer: string, message: string) => never, mismatch: (pointer: string, message: string) => void = fail): OperationEntry[] {
  const entries: OperationEntry[] = [];
  const byId = new Map<string, string>();
  const bySlug = new Map<string, string>();
  // Webhooks (3.1) are operations the API calls on its callers: the same page, their name in place of a path.
  for (const [section, items] of [['paths', document.paths], ['webhooks', document.webhooks]] as const) {
    for (const [path, rawItem] of Object.entries(items ?? {})) {
      const item = deref<PathItemObject>(document, rawItem).value ?? {};
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const pointer = toPointer([section, path, method]);
        const id = operation.operationId;
        if (id !== undefined) {
          const first = byId.get(id);
          if (first) fail(`${pointer}/operationId`, `duplicate operationId "${id}": also used at ${first}`);
          byId.set(id, pointer);
        }
        const slug = operationSlug(id, method, path);
        const clash = bySlug.get(slug);
        if (clash) fail(id ? `${pointer}/operationId` : pointer, `the operation's page slug "${slug}" is already taken by the operation at ${clash}: rename one operationId`);
        bySlug.set(slug, pointer);
        const parameters = mergeParameters(document, item.parameters, operation.parameters);
        if (section === 'paths') checkPathParameters(path, parameters, pointer, mismatch);
        entries.push({
          method,
          path,
          slug,
          pointer,
          operation,
          parameters,
          tags: operation.tags?.length ? operation.tags : [],
          servers: operation.servers ?? item.servers ?? document.servers,
          ...(section === 'webhooks' ? { webhook: true } : {}),
        });
      }
    }
  }
  return entries;
}

function mergeParameters(document: OpenApiDocument, shared: ParameterObject[] = [], own: ParameterObject[] = []): ParameterObject[] {
  const resolved = (list: ParameterObject[]) => list.map((parameter) => deref<ParameterObject>(document, parameter).value).filter(Boolean);
  const merged = new Map<string, ParameterObject>();
  for (const parameter of [...resolved(shared), ...resolved(own)]) merged.set(`${parameter.in}:${parameter.name}`, parameter);
  return [...merged.values()];
}

function checkPathParameters(path: string, parameters: ParameterObject[], pointer: string, mismatch: (pointer: string, message: string) => void): void {
  const inTemplate = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const declared = parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
  const undeclared = inTemplate.find((name) => !declared.includes(name));
  if (undeclared) mismatch(pointer, `the path template ${path} has {${undeclared}} but the operation declares no path parameter "${undeclared}"`);
  const unused = declared.find((name) => !inTemplate.includes(name));
  if (unused) mismatch(pointer, `the path parameter "${unused}" does not appear in the path template ${path}`);
}

/** Tags in the order the document declares them, then in order of first use; untagged operations last. */
export function groupByTag(document: OpenApiDocument, entries: OperationEntry[]): { name: string; description?: string; entries: OperationEntry[] }[] {
  const groups = new Map<string, { name: string; description?: string; entries: OperationEntry[] }>();
  for (const tag of document.tags ?? []) groups.set(tag.name, { name: tag.name, ...(tag.description ? { description: tag.description } : {}), entries: [] });
  const untagged: OperationEntry[] = [];
  for (const entry of entries) {
    if (entry.webhook) continue; // listed under Webhooks of their own
    if (!entry.tags.length) untagged.push(entry);
    for (const tag of entry.tags) {
      if (!groups.has(tag)) groups.set(tag, { name: tag, entries: [] });
      groups.get(tag)!.entries.push(entry);
    }
  }
  if (untagged.length) groups.set('\0other', { name: 'Other operations', entries: untagged });
  return [...groups.values()].filter((group) => group.entries.length);
}
