import { walkDocument, type DocumentPath } from './document-walk';
import { resolvePointer } from './refs';
import { pointerTokens, toPointer } from './source-map';

// OpenAPI 3.1 schemas are JSON Schema 2020-12: a `$id` gives a schema a URI that the `$ref`s inside it
// resolve against (and that `$ref`s anywhere can name), and a `$anchor` names a schema by a plain
// fragment (`#pet_details_id`, `/schemas/pet#pet_details_id`). The bundler and refs.ts know only
// JSON pointers, so every `$ref` that reaches a schema of the document through an `$id` or an
// `$anchor` is rewritten here to that schema's pointer; the rest of the pipeline sees `#/...` only.
// A `$ref` to another file is left for the bundler.

/** The base URI of the main file: any URI would do, it only has to be one relative `$id`s resolve against. */
const DOCUMENT_ORIGIN = 'https://document.invalid';

interface Scope {
  /** The base URI `$ref`s here resolve against. */
  base: string;
  /** Path of the schema resource (the object with the `$id`) they sit in; [] for the document. */
  resource: DocumentPath;
}

interface FoundRef {
  path: DocumentPath;
  ref: string;
  scope: Scope;
}

/**
 * Rewrites, in place, every `$ref` that goes through an `$id` or an `$anchor` to a JSON pointer, and says how many it rewrote.
 * `fail` gets a pointer of the document and what is wrong there (a duplicate `$id`, a `$ref` that names none).
 */
export function resolveSchemaIds(document: unknown, source: string, fail: (pointer: string, message: string) => never): number {
  const documentBase = `${DOCUMENT_ORIGIN}/${source.split('/').map(encodeURIComponent).join('/')}`;
  const resources = new Map<string, DocumentPath>();
  const anchors = new Map<string, DocumentPath>();
  const refs: FoundRef[] = [];
  /** `schema` (its path) goes by `key`; `keyword` (`$id`, `$anchor`) says where, for the error when another schema took it first. */
  const register = (table: Map<string, DocumentPath>, key: string, schema: DocumentPath, keyword: string) => {
    const first = table.get(key);
    const value = JSON.stringify(resolvePointer(document, toPointer([...schema, keyword])));
    if (first) fail(toPointer([...schema, keyword]), `the ${keyword} ${value} is also declared by the schema at ${toPointer(first)}: a schema URI must name one schema`);
    table.set(key, schema);
  };

  walkDocument<Scope>(document, { base: documentBase, resource: [] }, (node, path, scope) => {
    let here = scope;
    if (typeof node.$id === 'string') {
      const uri = resolveUri(node.$id, scope.base, () => fail(toPointer([...path, '$id']), `the $id ${JSON.stringify(node.$id)} is not a URI reference`));
      here = { base: withoutFragment(uri), resource: path };
      register(resources, here.base, path, '$id');
    }
    for (const keyword of ['$anchor', '$dynamicAnchor'] as const) {
      const anchor = node[keyword];
      if (typeof anchor === 'string') register(anchors, `${here.base}#${anchor}`, path, keyword);
    }
    if (typeof node.$ref === 'string') refs.push({ path, ref: node.$ref, scope: here });
    return here;
  });

  let rewritten = 0;
  const shown = (uri: string) => (uri.startsWith(`${DOCUMENT_ORIGIN}/`) ? uri.slice(DOCUMENT_ORIGIN.length) : uri);

  for (const { path, ref, scope } of refs) {
    const at = toPointer([...path, '$ref']);
    const inDocumentScope = scope.base === documentBase;
    if (inDocumentScope && (ref === '#' || ref.startsWith('#/'))) continue; // a plain JSON pointer: already what the pipeline reads
    const uri = resolveUri(ref, scope.base, () => fail(at, `the $ref ${JSON.stringify(ref)} is not a URI reference`));
    const resourceUri = withoutFragment(uri);
    const fragment = decodeFragment(uri.slice(resourceUri.length + 1));
    const resource = resourceUri === documentBase ? [] : resources.get(resourceUri);
    if (resource === undefined) {
      // Another file (the bundler's job), unless the base came from an `$id`: then it was meant to name a schema here.
      if (inDocumentScope && (fragment === '' || fragment.startsWith('/'))) continue;
      const why = inDocumentScope ? 'a plain-name fragment (an $anchor) in another file is not supported: point at the schema with a JSON pointer' : `no schema of the document has the $id ${JSON.stringify(shown(resourceUri))}`;
      fail(at, `the $ref ${JSON.stringify(ref)} resolves to ${shown(uri)}: ${why}`);
    }
    let target: DocumentPath | undefined;
    if (fragment === '' || fragment.startsWith('/')) {
      const tokens = pointerTokens(`#${fragment}`);
      target = [...resource, ...tokens];
      // `#/components/schemas/Tag` inside a schema with an `$id` means the schema's own `#/...` to JSON Schema,
      // and almost always the document's to the author: the schema's when it has one, else the document's.
      if (resolvePointer(document, toPointer(target)) === undefined && ref.startsWith('#')) target = tokens;
      if (resolvePointer(document, toPointer(target)) === undefined) fail(at, `broken $ref ${JSON.stringify(ref)}: nothing at that pointer`);
    } else {
      const anchor = anchors.get(`${resourceUri}#${fragment}`);
      if (!anchor) fail(at, `the $ref ${JSON.stringify(ref)} names the anchor "${fragment}", but no schema ${resource.length ? `under ${toPointer(resource)} ` : ''}declares \`$anchor: ${fragment}\``);
      target = anchor;
    }
    const holder = resolvePointer(document, toPointer(path)) as Record<string, unknown>;
    holder.$ref = toPointer(target);
    rewritten++;
  }
  return rewritten;
}

/**
 * A copy without `$id`s, for a bundler that reads them: once every `$ref` through them is a pointer from the
 * document's root, an `$id` left in place would make the bundler read `#/components/...` under it as a pointer into that schema.
 */
export function withoutSchemaIds(document: unknown): unknown {
  const copy = structuredClone(document);
  walkDocument(copy, undefined, (node) => {
    if (typeof node.$id === 'string') delete node.$id;
    return undefined;
  });
  return copy;
}

function resolveUri(reference: string, base: string, invalid: () => never): string {
  try {
    return new URL(reference, base).href;
  } catch {
    return invalid();
  }
}

/** `%20` -> ` `; a malformed escape (`%zz`) is kept as written, to fail as a name nothing declares. */
function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

function withoutFragment(uri: string): string {
  const hash = uri.indexOf('#');
  return hash === -1 ? uri : uri.slice(0, hash);
}
