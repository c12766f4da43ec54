import assert from 'node:assert/strict';
import { test } from 'node:test';
import { documentWith, wide } from '../openapi-documents';
import type { SchemaNode } from '../../src/shared/api';
import { ExpansionBudget } from '../../src/content/openapi/budget';
import { createMarkdownRenderer } from '../../src/content/openapi/markdown';
import { componentHrefs, componentSchemaPages, componentSchemaTree, INLINE_COMPONENTS } from '../../src/content/openapi/schema-pages';
import { schemaTree } from '../../src/content/openapi/schema-tree';
import type { OpenApiDocument, SchemaObject } from '../../src/content/openapi/types';

// Issue 26: shared (component) schemas are expanded inline two named levels deep (the second only when
// small), then shown as links to their own page, so a page's tree is bounded by the size of two levels of
// schemas, not by the document's depth or how often schemas reuse each other. The CLI side is test/cli/api-shared-schemas.test.ts.

const markdown = createMarkdownRenderer((path) => path);


function nodes(node: SchemaNode): SchemaNode[] {
  const children = [...(node.properties ?? []), ...(node.items ? [node.items] : []), ...(node.additionalProperties ? [node.additionalProperties] : []), ...(node.choice?.options ?? [])];
  return [node, ...children.flatMap(nodes)];
}

function context(document: OpenApiDocument) {
  return { document, markdown, ...INLINE_COMPONENTS, componentHref: componentHrefs(componentSchemaPages(document), (page) => `/api/schemas/${page.slug}`) };
}

test('5^25 nodes when expanded at every use: two levels inline, then links to the schemas’ pages', () => {
  const document = wide(25, 5);
  const budget = new ExpansionBudget(1_000);
  const tree = schemaTree({ $ref: '#/components/schemas/L0' }, { ...context(document), budget });
  const all = nodes(tree);
  assert.equal(all.length, 1 + 5 + 25, 'L0, its five L1 properties, their 25 L2 properties');
  assert.equal(budget.spent, 31);
  const leaves = tree.properties!.flatMap((property) => property.properties!);
  assert.ok(leaves.every((leaf) => leaf.reference === '/api/schemas/l2' && leaf.type === 'L2' && leaf.properties === undefined));
  assert.equal(leaves[0]!.descriptionHtml, '<p>Level 2.</p>', 'a reference still says what the schema is');
  assert.equal(tree.properties![0]!.reference, undefined, 'the second level is expanded in place');

  // Without the option (as before), every use is expanded: the budget is what stops it.
  assert.throws(() => schemaTree({ $ref: '#/components/schemas/L0' }, { document, markdown, budget: new ExpansionBudget(1_000) }), /more than 1000 steps/);
});

test('a recursive anyOf web of schemas: every schema page and every use stays small', () => {
  // 40 schemas; each has 6 properties that are any of a string (its id) or one of three other schemas, and a
  // list of the previous one: what a payments API does with expandable fields.
  const count = 40;
  const schemas: Record<string, SchemaObject> = {};
  const ref = (index: number): SchemaObject => ({ $ref: `#/components/schemas/S${index % count}` });
  for (let index = 0; index < count; index++) {
    const properties: Record<string, SchemaObject> = { id: { type: 'string' } };
    for (let field = 0; field < 6; field++) properties[`f${field}`] = { anyOf: [{ type: 'string', maxLength: 5000 }, ref(index + field + 1), ref(index + 2 * field + 3), ref(index * 7 + field)] };
    properties.history = { type: 'array', items: ref(index + count - 1) };
    schemas[`S${index}`] = { type: 'object', title: `S${index}`, properties };
  }
  const document = documentWith(schemas);
  const pages = componentSchemaPages(document);
  assert.equal(pages.length, count);
  for (const page of pages) {
    const budget = new ExpansionBudget(5_000);
    const tree = componentSchemaTree(page, { document, markdown, budget, componentHref: context(document).componentHref });
    // One schema (8 properties, 18 options and an item), each of its 19 uses of others expanded once more, no deeper.
    assert.ok(nodes(tree).length <= 1 + 26 * (1 + 26), `${page.name}: ${nodes(tree).length} nodes`);
    assert.ok(JSON.stringify(tree).length < 100_000, `${page.name}: ${JSON.stringify(tree).length} bytes`);
    const references = nodes(tree).filter((node) => node.reference);
    assert.ok(references.length > 0 && references.every((node) => /^\/api\/schemas\/s\d+$/.test(node.reference!)));
  }
});

test('scalar and enum components stay inline and get no page; slugs that collide are made unique', () => {
  const document = documentWith({
    'issuing.card': { type: 'object', properties: { id: { type: 'string' } } },
    issuing_card: { type: 'object', properties: { brand: { $ref: '#/components/schemas/Brand' } } },
    Brand: { type: 'string', enum: ['visa', 'amex'] },
    Wrapper: { type: 'object', properties: { a: { $ref: '#/components/schemas/issuing_card' } } },
    Outer: { type: 'object', properties: { w: { $ref: '#/components/schemas/Wrapper' } } },
  });
  assert.deepEqual(
    componentSchemaPages(document).map((page) => [page.name, page.slug]),
    [
      ['issuing.card', 'issuing-card'],
      ['issuing_card', 'issuing-card-2'],
      ['Wrapper', 'wrapper'],
      ['Outer', 'outer'],
    ],
  );
  const tree = schemaTree({ $ref: '#/components/schemas/Outer' }, context(document));
  const card = tree.properties![0]!.properties![0]!;
  assert.equal(card.reference, '/api/schemas/issuing-card-2', 'the third named level is a link');
  // A second-level schema larger than INLINE_COMPONENTS.inlineComponentSize is a link too; a small one is expanded.
  const large: SchemaObject = { type: 'object', properties: Object.fromEntries(Array.from({ length: INLINE_COMPONENTS.inlineComponentSize + 1 }, (_, index) => [`p${index}`, { type: 'string' }])) };
  const sized = documentWith({ ...document.components!.schemas!, Large: large, Holder: { type: 'object', properties: { large: { $ref: '#/components/schemas/Large' }, small: { $ref: '#/components/schemas/Wrapper' } } } });
  const [largeNode, smallNode] = schemaTree({ $ref: '#/components/schemas/Holder' }, context(sized)).properties!;
  assert.equal(largeNode!.reference, '/api/schemas/large');
  assert.equal(smallNode!.reference, undefined);
  assert.equal(smallNode!.properties!.length, 1);

  const inner = schemaTree({ $ref: '#/components/schemas/issuing_card' }, context(document)).properties![0]!;
  assert.deepEqual(inner.enum, ['"visa"', '"amex"'], 'an enum component is shown in place');
  assert.equal(inner.reference, undefined);
});
