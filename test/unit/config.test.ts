import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load';
import { DocsiteError } from '../../src/core/errors';
import { createSiteData } from '../../src/config/site-data';

const minimal = { title: 'Site', url: 'https://example.com' };

test('fills Docusaurus-style defaults', () => {
  const config = validateConfig(minimal, 'docsite.config.ts');
  assert.equal(config.baseUrl, '/');
  assert.equal(config.onBrokenLinks, 'throw');
  assert.equal(config.docs.routeBasePath, 'docs');
  assert.equal(config.docs.versions.current.label, 'Next');
  assert.deepEqual(config.themeConfig.tableOfContents, { minHeadingLevel: 2, maxHeadingLevel: 3 });
  assert.equal(config.themeConfig.colorMode.defaultMode, 'light');
});

test('the navbar gets the search box at its right end unless it places one itself', () => {
  const kinds = (navbar: object) => createSiteData(validateConfig({ ...minimal, themeConfig: { navbar } }, 'docsite.config.ts')).navbar.items.map((item) => `${item.kind}:${item.position}`);
  assert.deepEqual(kinds({ items: [{ label: 'Docs', to: '/docs' }] }), ['link:left', 'search:right']);
  assert.deepEqual(kinds({ items: [{ type: 'search', position: 'left' }, { label: 'Docs', to: '/docs' }] }), ['search:left', 'link:left']);
});

test('an unknown key is an error that names the key and its line', () => {
  const source = "export default {\n  title: 'Site',\n  url: 'https://example.com',\n  themeConfig: {\n    navbar: { titel: 'x' },\n  },\n};\n";
  const error = catchError(() => validateConfig({ ...minimal, themeConfig: { navbar: { titel: 'x' } } }, 'docsite.config.ts', source));
  assert.match(error.message, /unknown key "themeConfig\.navbar\.titel"/);
  assert.equal(error.file, 'docsite.config.ts');
  assert.equal(error.line, 5);
  assert.equal(error.column, 15);
});

test('a wrong type names the key path', () => {
  const error = catchError(() => validateConfig({ ...minimal, trailingSlash: 'yes' }, 'docsite.config.ts'));
  assert.match(error.message, /"trailingSlash": .*boolean/i);
});

test('a missing required key is reported', () => {
  const error = catchError(() => validateConfig({ url: 'https://example.com' }, 'docsite.config.ts'));
  assert.match(error.message, /"title"/);
});

test('TOC levels must be ordered', () => {
  const error = catchError(() => validateConfig({ ...minimal, themeConfig: { tableOfContents: { minHeadingLevel: 4, maxHeadingLevel: 2 } } }, 'docsite.config.ts'));
  assert.match(error.message, /minHeadingLevel must not be greater/);
});

function catchError(fn: () => unknown): DocsiteError {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof DocsiteError, `expected a DocsiteError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected an error');
}
