import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { serveFixture, watchConsole } from './harness';

// Japanese and Chinese do not put spaces between words: a site written in Japanese, with a Chinese translation,
// finds a page by a two-character word in the middle of a sentence, in each locale's own index.

const fixture = serveFixture('basic', [], {
  'docsite.config.ts': `export default {
  title: 'Fixture',
  url: 'https://fixture.example',
  i18n: { defaultLocale: 'ja', locales: ['ja', 'zh-Hans'] },
};
`,
  'docs/backup.md': '---\ntitle: バックアップ\n---\n\nスマートフォンの写真を毎晩自動で保存します。\n\n## 復元\n\n失われたアルバムを元に戻す方法です。\n',
  'docs/sharing.md': '---\ntitle: 共有\n---\n\n家族とリンクで共有できます。\n',
  'i18n/zh-Hans/docusaurus-plugin-content-docs/current/backup.md': '---\ntitle: 备份\n---\n\n每天晚上自动保存手机里的照片。\n\n## 恢复\n\n找回丢失的相册的方法。\n',
});

async function search(page: Page, path: string, query: string): Promise<string[]> {
  await page.goto(fixture.origin + path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.click('input[type="search"]');
  await page.fill('input[type="search"]', query);
  await page.waitForSelector('.search-hit');
  return page.$$eval('.search-hit', (hits) => hits.map((hit) => hit.getAttribute('href') ?? ''));
}

test('a two-character Japanese word inside a sentence finds its page', async () => {
  const page = await fixture.browser.newPage();
  const errors = watchConsole(page);
  const hits = await search(page, '/docs/sharing', '写真');
  assert.ok(hits.some((href) => href.startsWith('/docs/backup')), hits.join(', '));
  assert.ok(!hits.some((href) => href.startsWith('/docs/sharing')), 'a page without the word is not a hit');
  // A heading's word leads to its section.
  const section = await search(page, '/docs/sharing', 'アルバム');
  assert.ok(section.some((href) => href.startsWith('/docs/backup')), section.join(', '));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a two-character Chinese word finds the translated page, in the Chinese index', async () => {
  const page = await fixture.browser.newPage();
  const indexes: string[] = [];
  page.on('request', (request) => /lunr-index-\d+\.json/.test(request.url()) && indexes.push(new URL(request.url()).pathname));
  const hits = await search(page, '/zh-Hans/docs/sharing', '照片');
  assert.ok(hits.some((href) => href.startsWith('/zh-Hans/docs/backup')), hits.join(', '));
  const restore = await search(page, '/zh-Hans/docs/sharing', '相册');
  assert.ok(restore.some((href) => href.startsWith('/zh-Hans/docs/backup')), restore.join(', '));
  assert.ok(indexes.length > 0 && indexes.every((path) => path.startsWith('/zh-Hans/')), indexes.join(', '));
  await page.close();
});
