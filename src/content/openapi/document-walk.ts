import { isRecord } from '../../shared/is-record';
import { holdsData } from './data-values';

// A walk over the objects of an OpenAPI document that leaves its data alone (data-values.ts says where that
// is): a `$ref`, `$id` or `$anchor` key inside an example or an extension is just a key, not a keyword.

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
      if (!holdsData(path, key, child)) walk(child, [...path, key], next);
    }
  };
  walk(root, [], initial);
}
