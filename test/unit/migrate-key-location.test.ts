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

describe('migration notes name the line of their key', () => {
  test('key paths split into named segments', () => {
    assert.deepEqual(keySegments("presets['docusaurus-preset-openapi'] is not carried over"), ['presets', 'docusaurus-preset-openapi']);
    assert.deepEqual(keySegments('themeConfig.navbar.items[5] (dropdown)'), ['themeConfig', 'navbar', 'items']);
    assert.deepEqual(keySegments("i18n.locales 'fr'"), ['i18n', 'locales']);
  });

  test('nested keys are found after their parents, comments skipped', () => {
    assert.deepEqual(locateKey(CONFIG, 'future.v4'), { line: 6, column: 5 });
    // `classic` is a label, not a key: skipped, and customCss is still found.
    assert.deepEqual(locateKey(CONFIG, 'presets.classic.theme.customCss'), { line: 13, column: 11 });
    assert.deepEqual(locateKey(CONFIG, 'themeConfig.navbar.items[0]'), { line: 20, column: 15 });
    assert.deepEqual(locateKey(CONFIG, 'themeConfig.footer.copyright'), { line: 21, column: 15 });
    assert.deepEqual(locateKey(CONFIG, 'title'), { line: 3, column: 3 });
  });

  test('a key that is not written in the text has no position beyond its deepest parent', () => {
    assert.deepEqual(locateKey(CONFIG, 'themeConfig.algolia'), { line: 19, column: 3 });
    assert.equal(locateKey(CONFIG, 'webpack'), undefined);
    assert.equal(locateKey(CONFIG, ''), undefined);
  });
});
