import type { SchemaNode } from '../../shared/api';
import { deref } from './refs';
import { hasStructure, schemaTree, type SchemaTreeContext } from './schema-tree';
import { firstFreeSlug, kebabCase } from './slug';
import { pointerTokens, toPointer } from './source-map';
import type { OpenApiDocument, SchemaObject } from './types';

// A page per shared schema: where a component schema (`#/components/schemas/X`) with structure of its own is
// shown once, so operation pages (and other schema pages) show it by name with a link instead of expanding
// it at every use. Scalar and enum components have no page: they are always shown inline.

/**
 * How component schemas are expanded inline on a page (schema-tree.ts): the schema the page is about (an
 * operation's body, or the page's own schema), then those it uses that have at most 12 properties and choices
 * (an address, a money amount), which a reader wants in place; larger or deeper ones are links to their pages.
 * A page's tree is then at most a schema times a small one, whatever the document's nesting: on a payments
 * API's document, 8 MB of trees for 468 operations, against 26 MB with every second level expanded.
 */
export const INLINE_COMPONENTS = { inlineComponents: 2, inlineComponentSize: 12 } as const;

export interface ComponentSchemaPage {
  /** The component's key in `components.schemas`. */
  name: string;
  /** JSON pointer to the component, e.g. `#/components/schemas/customer`. */
  pointer: string;
  /** Route segment under the reference's `schemas/`: the name in kebab case, made unique. */
  slug: string;
}

/** Every component schema that gets a page, with a slug that no other one has (`issuing.card` and `issuing_card` both kebab to `issuing-card`). */
export function componentSchemaPages(document: OpenApiDocument): ComponentSchemaPage[] {
  const taken = new Set<string>();
  const pages: ComponentSchemaPage[] = [];
  for (const [name, raw] of Object.entries(document.components?.schemas ?? {})) {
    if (!hasStructure(deref<SchemaObject>(document, raw).value)) continue;
    const slug = firstFreeSlug(kebabCase(name) || 'schema', (candidate) => taken.has(candidate));
    taken.add(slug);
    pages.push({ name, pointer: toPointer(['components', 'schemas', name]), slug });
  }
  return pages;
}

/** `$ref` -> the URL of its schema page, for the refs that have one (a ref to a ref is followed by the tree first). */
export function componentHrefs(pages: ComponentSchemaPage[], urlOf: (page: ComponentSchemaPage) => string): (ref: string) => string | undefined {
  const byName = new Map(pages.map((page) => [page.name, urlOf(page)]));
  return (ref) => {
    const tokens = pointerTokens(ref);
    return tokens.length === 3 && tokens[0] === 'components' && tokens[1] === 'schemas' ? byName.get(tokens[2]!) : undefined;
  };
}

/** The tree a schema page shows: the schema itself expanded, with the same inline depth as operation pages. */
export function componentSchemaTree(page: ComponentSchemaPage, context: Omit<SchemaTreeContext, keyof typeof INLINE_COMPONENTS>): SchemaNode {
  return schemaTree({ $ref: page.pointer }, { ...context, ...INLINE_COMPONENTS });
}
