import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseFrontMatter } from '../../src/content/frontmatter';
import { DocsiteError } from '../../src/core/errors';

test('splits front matter from the body and reports where the body starts', () => {
  const result = parseFrontMatter('---\ntitle: Hello\ntags: [a, b]\n---\n\n# Body\n', 'docs/a.md');
  assert.deepEqual(result.data, { title: 'Hello', tags: ['a', 'b'] });
  assert.equal(result.body, '\n# Body\n');
  assert.equal(result.bodyLine, 5);
});

test('a file without front matter is all body', () => {
  const result = parseFrontMatter('# Just text\n', 'docs/a.md');
  assert.deepEqual(result.data, {});
  assert.equal(result.body, '# Just text\n');
});

test('invalid YAML names the file line and column (counting the opening ---)', () => {
  assert.throws(
    () => parseFrontMatter('---\ntitle: ok\ntags: [a, b\n---\n', 'docs/bad.md'),
    (error: unknown) => error instanceof DocsiteError && error.file === 'docs/bad.md' && error.line !== undefined && error.line >= 3 && /invalid YAML front matter/.test(error.message),
  );
});

test('front matter that is not a mapping is rejected', () => {
  assert.throws(() => parseFrontMatter('---\n- a\n- b\n---\n', 'docs/list.md'), /must be a YAML mapping/);
});

test('an unclosed block is rejected', () => {
  assert.throws(() => parseFrontMatter('---\ntitle: x\n\n# Body\n', 'docs/open.md'), /not closed/);
});
