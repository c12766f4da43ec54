import assert from 'node:assert/strict';
import { test } from 'node:test';
import { documentWith, wide } from '../openapi-documents';
import { ExpansionBudget, ExpansionLimitReached } from '../../src/content/openapi/budget';
import { schemaExample } from '../../src/content/openapi/examples';
import { createMarkdownRenderer } from '../../src/content/openapi/markdown';
import { schemaTree } from '../../src/content/openapi/schema-tree';
import { parseSourceFile } from '../../src/content/openapi/source-map';
import type { SchemaObject } from '../../src/content/openapi/types';
import { DocsiteError } from '../../src/core/errors';
import { checkMemory, heapUse } from '../../src/core/memory-guard';

// Issue 22: the bounds on work that grows exponentially with the input (budget.ts) and the heap watch
// (core/memory-guard.ts). The CLI side is test/cli/api-limits.test.ts.

const markdown = createMarkdownRenderer((path) => path);


function reached(run: () => unknown): ExpansionLimitReached {
  try {
    run();
  } catch (error) {
    if (error instanceof ExpansionLimitReached) return error;
    throw error;
  }
  assert.fail('the budget was not exceeded');
}

test('a schema tree is charged a step per node and stops at the limit, naming the schemas on the way', () => {
  const document = wide(25, 5);
  const budget = new ExpansionBudget(10_000);
  budget.part = 'the 200 response (application/json)';
  const error = reached(() => schemaTree({ $ref: '#/components/schemas/L0' }, { document, markdown, budget }));
  assert.equal(error.work, 'schema');
  assert.equal(error.part, 'the 200 response (application/json)');
  assert.equal(error.limit, 10_000);
  assert.equal(error.refs[0], '#/components/schemas/L0');
  assert.ok(error.refs.length > 1);
  assert.ok(budget.spent <= 10_001);

  // A small tree takes one step per node, and the same tree with or without a budget.
  const small = wide(3, 2);
  const counted = new ExpansionBudget();
  const withBudget = schemaTree({ $ref: '#/components/schemas/L0' }, { document: small, markdown, budget: counted });
  assert.deepEqual(withBudget, schemaTree({ $ref: '#/components/schemas/L0' }, { document: small, markdown }));
  assert.equal(counted.spent, 1 + 2 + 4 + 8);
});

test('allOf chains are charged per part merged', () => {
  const schemas: Record<string, SchemaObject> = {};
  for (let level = 0; level < 25; level++) {
    const next: SchemaObject = level < 24 ? { $ref: `#/components/schemas/L${level + 1}` } : { type: 'object' };
    schemas[`L${level}`] = { allOf: [next, next, { type: 'object', properties: { [`f${level}`]: { type: 'string' } } }] };
  }
  const error = reached(() => schemaTree({ $ref: '#/components/schemas/L0' }, { document: documentWith(schemas), markdown, budget: new ExpansionBudget(5_000) }));
  assert.equal(error.work, 'schema');
  assert.equal(error.refs[0], '#/components/schemas/L0');
});

test("the example generator's walk is charged before it runs: exponential schemas and huge minItems stop", () => {
  const document = wide(25, 12); // 12^4 values within the sampler's 4 levels
  const error = reached(() => schemaExample(document, { $ref: '#/components/schemas/L0' }, 'response', new ExpansionBudget(10_000)));
  assert.equal(error.work, 'example');
  assert.equal(error.refs[0], '#/components/schemas/L0', 'the refs being expanded, copied before they unwound');

  // A billion values of an array: the sampler would try to make them all.
  const array: SchemaObject = { type: 'array', minItems: 1_000_000_000, items: { type: 'string' } };
  assert.equal(reached(() => schemaExample(documentWith({}), array, 'response', new ExpansionBudget(10_000))).work, 'example');

  // Within the budget, the same example as without one.
  const small = wide(3, 2);
  assert.deepEqual(schemaExample(small, { $ref: '#/components/schemas/L0' }, 'response', new ExpansionBudget()), schemaExample(small, { $ref: '#/components/schemas/L0' }, 'response'));
});

test('the memory guard: past the threshold, an error naming the subject, the heap and what was being done', () => {
  const { limitBytes } = heapUse();
  assert.ok(limitBytes > 0);
  checkMemory('the API reference', 'expanding GET /x', { file: 'api/openapi.yaml' }, 10);
  assert.throws(
    () => checkMemory('the API reference', 'expanding GET /x (getX)', { file: 'api/openapi.yaml', line: 7, column: 5 }, 0),
    (error: unknown) => {
      assert.ok(error instanceof DocsiteError);
      assert.match(error.message, /^the API reference is too large: stopped at \d+ MB of \d+ MB heap, while expanding GET \/x \(getX\)/);
      assert.equal(error.where, 'api/openapi.yaml:7:5');
      return true;
    },
  );
});

test('YAML aliases that would recurse or explode are errors at their place', () => {
  assert.throws(
    () => parseSourceFile('a: &x\n  b: 1\n  c: *x\n', 'api/openapi.yaml'),
    (error: unknown) => error instanceof DocsiteError && error.line === 3 && /the YAML alias \*x is inside the node its anchor &x names/.test(error.message),
  );
  const laughs = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...'bcdefg'.split('').map((name, index) => `${name}: &${name} [${Array(10).fill(`*${'abcdef'[index]}`).join(', ')}]`)].join('\n');
  assert.throws(() => parseSourceFile(laughs, 'api/openapi.yaml'), (error: unknown) => error instanceof DocsiteError && /aliases expand to more than 10,000 nodes/.test(error.message));
  // Aliases that repeat a node elsewhere are fine.
  assert.deepEqual(parseSourceFile('a: &x {b: 1}\nc: *x\n', 'api/openapi.yaml').value, { a: { b: 1 }, c: { b: 1 } });
});
