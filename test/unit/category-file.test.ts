import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkCategoryFile, parseCategoryFile } from '../../src/content/category-file';
import { isDocsiteError } from '../../src/core/errors';

// `_category_.json` / `.yml`: the keys docsite reads must have the right types (found by npm run fuzz: a wrong type
// used to build without a word).

const thrown = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    assert.ok(isDocsiteError(error));
    return error;
  }
  assert.fail('no error');
};

test('a good category file passes, keys docsite does not read included', () => {
  const data = { label: 'Guides', position: 2, collapsed: false, link: { type: 'generated-index', slug: '/guides' }, customProps: { icon: 'book' } };
  assert.deepEqual(checkCategoryFile(data, '', '_category_.json', 'docs/guides/_category_.json'), data);
  assert.deepEqual(checkCategoryFile({ link: null }, '', '_category_.yml', 'docs/x/_category_.yml'), { link: null });
});

test('a wrong type fails naming the file, the key and its line', () => {
  const text = '{\n  "label": "Guides",\n  "position": "first"\n}\n';
  const error = thrown(() => checkCategoryFile(JSON.parse(text), text, '_category_.json', 'docs/guides/_category_.json'));
  assert.equal(error.file, 'docs/guides/_category_.json');
  assert.equal(error.line, 3);
  assert.match(error.message, /"position" must be a number/);

  const yaml = 'label: Guides\ncollapsed: maybe\n';
  const yamlError = thrown(() => checkCategoryFile({ label: 'Guides', collapsed: 'maybe' }, yaml, '_category_.yml', 'docs/g/_category_.yml'));
  assert.equal(yamlError.line, 2);
  assert.match(yamlError.message, /"collapsed" must be true or false/);

  assert.match(thrown(() => checkCategoryFile({ label: 5 }, '{"label": 5}', '_category_.json', 'docs/g/_category_.json')).message, /"label" must be a string/);
  assert.match(thrown(() => checkCategoryFile({ link: { type: 'page' } }, '', '_category_.json', 'docs/g/_category_.json')).message, /"link" must be null, \{ "type": "doc"/);
});

test('category files are read leniently, as Docusaurus reads them: trailing commas and comments pass', () => {
  const json = '{\n  "label": "Setup",\n}\n';
  assert.deepEqual(parseCategoryFile(json, '_category_.json', 'docs/setup/_category_.json'), { label: 'Setup' });
  const commented = '{\n  // shown in the sidebar\n  "label": "Links // not a comment",\n  /* first */ "position": 1, # also a comment\n}\n';
  assert.deepEqual(parseCategoryFile(commented, '_category_.json', 'docs/links/_category_.json'), { label: 'Links // not a comment', position: 1 });
  assert.deepEqual(parseCategoryFile('label: Setup\nposition: 2\n', '_category_.yml', 'docs/setup/_category_.yml'), { label: 'Setup', position: 2 });
});

test('a category file nothing can read fails at its line and column', () => {
  const error = thrown(() => parseCategoryFile('{\n  "label": "Setup"\n  "position": 2\n}\n', '_category_.json', 'docs/setup/_category_.json'));
  assert.equal(error.where, 'docs/setup/_category_.json:3:3');
  assert.match(error.message, /invalid _category_\.json: Missing ,/);
  const yamlError = thrown(() => parseCategoryFile('label: [Setup\nposition: 2\n', '_category_.yml', 'docs/setup/_category_.yml'));
  assert.equal(yamlError.file, 'docs/setup/_category_.yml');
  assert.equal(typeof yamlError.line, 'number');
});
