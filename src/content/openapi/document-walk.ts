import { isRecord } from '../../shared/is-record';

// A walk over the objects of an OpenAPI document that leaves its data alone: example values,
// defaults, constants, enums and extensions hold whatever the author's API sends, so a `$ref`,
// `$id` or `$anchor` key inside them is just a key, not a keyword.

export type DocumentPath = (string | number)[];

/**
 * Calls `visit` on every object, parents first, with the state its parent returned (`initial` at the top).
 * Returning `false` skips the object's children.
 */
export function walkDocument<S>(root: unknown, initial: S, visit: (node: Record<string, unknown>, path: DocumentPath, state: S) => S | false): void {
  const walk = (value: unknown, path: DocumentPath, state: S): void => {
    if (Array.isArray(value)) return value.forEach((item, index) => walk(item, [...path, index], state));
    if (!isRecord(value)) return;
    const next = visit(value, path, state);
    if (next === false) return;
    for (const [key, child] of Object.entries(value)) {
      if (!isDataKey(key, child, path)) walk(child, [...path, key], next);
    }
  };
  walk(root, [], initial);
}

/** Keys whose value is data, at an object found at `path`. Under a map of names (`properties`), every key is a name. */
export function isDataKey(key: string, value: unknown, path: DocumentPath): boolean {
  if (isNameMap(path)) return false;
  if (key.startsWith('x-')) return true;
  if (key === 'example' || key === 'default' || key === 'const' || key === 'enum') return true;
  if (key === 'examples' && Array.isArray(value)) return true; // a schema's examples; a media type's is a map of Example Objects
  return key === 'value' && path.at(-2) === 'examples';
}

/** Maps whose keys are names (of properties, schemas, paths), so a key `example` there is a name, not data. */
function isNameMap(path: DocumentPath): boolean {
  const last = String(path.at(-1));
  if (SCHEMA_NAME_MAPS.has(last)) return true;
  if (path.length === 1) return last === 'paths' || last === 'webhooks' || last === 'components';
  return path.length === 2 && path[0] === 'components';
}

const SCHEMA_NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
