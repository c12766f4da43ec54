import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serveFixture } from './harness';

// A site written right to left (i18n.localeConfigs.<locale>.direction: 'rtl'): the layout mirrors (sidebar on the
// right, table of contents on the left, their rules on the side facing the text), while code still reads left
// to right. And the page hydrates without a mismatch in a translated theme.

const fixture = serveFixture('basic', [], {
  'docsite.config.ts': `export default {
  title: 'Fixture',
  url: 'https://fixture.example',
  i18n: { defaultLocale: 'ar', locales: ['ar'], localeConfigs: { ar: { direction: 'rtl' } } },
};
`,
  'docs/code.md': '# شيفرة\n\n## أولا\n\nنص.\n\n## ثانيا\n\n```bash\nnpm install memora\n```\n',
});

test('a right-to-left site mirrors its layout, code stays left to right', async () => {
  const page = await fixture.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(fixture.origin + '/docs/code');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  assert.equal(await page.getAttribute('html', 'dir'), 'rtl');
  const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
  const [sidebar, article, toc] = [await box('.sidebar-nav'), await box('article'), await box('.toc')];
  assert.ok(sidebar.x > article.x && article.x > toc.x, `sidebar ${sidebar.x}, article ${article.x}, toc ${toc.x}`);
  const rule = (selector: string) => page.$eval(selector, (element) => ({ left: getComputedStyle(element).borderLeftWidth, right: getComputedStyle(element).borderRightWidth }));
  assert.deepEqual(await rule('.toc'), { left: '0px', right: '1px' }, 'the table of contents rule faces the text');
  assert.equal(await page.$eval('.code-block pre', (element) => getComputedStyle(element).direction), 'ltr');
  assert.deepEqual(errors, []);
  await page.close();
});
