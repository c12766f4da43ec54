import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { keySegments, locateKey } from '../../src/migrate/key-location';

const CONFIG = `// future: { v4: true } is a comment, not the key
const config = {
  title: 'Site',
  url: 'https://example.com', // a URL's // is not a comment
  future: {
    v4: true,
  },
  presets: [
    [
      'classic',
      {
        theme: {
          customCss: './src/css/custom.css',
        },
      },
    ],
    ['docusaurus-preset-openapi', { api: { path: 'openapi.yaml' } }],
  ],
  themeConfig: {
    navbar: { items: [{ type: 'dropdown', label: 'More', items: [] }] },
    footer: { "copyright": 'x' },
  },
};
export default config;
`;

/** Line and column only (the offset is the same place). */
function at(key: string, options?: { exact?: boolean }) {
  const found = locateKey(CONFIG, key, options);
  return found && { line: found.line, column: found.column };
}

describe('migration notes name the line of their key', () => {
  test('key paths split into named segments', () => {
    assert.deepEqual(keySegments("presets['docusaurus-preset-openapi'] is not carried over"), ['presets', 'docusaurus-preset-openapi']);
    assert.deepEqual(keySegments('themeConfig.navbar.items[5] (dropdown)'), ['themeConfig', 'navbar', 'items']);
    assert.deepEqual(keySegments("i18n.locales 'fr'"), ['i18n', 'locales']);
  });

  test('nested keys are found after their parents, comments skipped', () => {
    assert.deepEqual(at('future.v4'), { line: 6, column: 5 });
    // `classic` is a label, not a key: skipped, and customCss is still found.
    assert.deepEqual(at('presets.classic.theme.customCss'), { line: 13, column: 11 });
    assert.deepEqual(at('themeConfig.navbar.items[0]'), { line: 20, column: 15 });
    assert.deepEqual(at('themeConfig.footer.copyright'), { line: 21, column: 15 });
    assert.deepEqual(at('title'), { line: 3, column: 3 });
  });

  test('a key that is not written in the text has no position beyond its deepest parent', () => {
    assert.deepEqual(at('themeConfig.algolia'), { line: 19, column: 3 });
    assert.equal(at('webpack'), undefined);
    assert.equal(at(''), undefined);
  });

  test('exactly: a key found after a segment that is not written as a key must be the only one of its name', () => {
    const twoEntries = "plugins: [\n  ['docs', { remarkPlugins: [a] }],\n  ['docs', { remarkPlugins: [b] }],\n],\n";
    assert.equal(locateKey(twoEntries, "plugins['docs'].remarkPlugins", { exact: true }), undefined);
    assert.equal(locateKey(twoEntries, "plugins['docs'].remarkPlugins")?.line, 2, 'a note still gets the first one');
    assert.deepEqual(at('presets.classic.theme.customCss', { exact: true }), { line: 13, column: 11 });
    assert.equal(at('themeConfig.algolia', { exact: true }), undefined);
  });
});
