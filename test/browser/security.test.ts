import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serveFixture, watchConsole } from './harness';

// Served by `docsite serve` with the build's Content-Security-Policy: a `<script>` that Markdown puts
// into a page runs nowhere, neither on its page nor where the page is quoted (a blog list's excerpt).

const served = serveFixture('basic', [], {
  'docs/inject.md': '# Injected\n\nA page with a script in it.\n\n<script>window.__pwned = "doc"</script>\n',
  'blog/2024-01-02-hello.md': '---\ntitle: Hello\n---\n\nAn excerpt with a script.\n\n<script>window.__pwned = "excerpt"</script>\n\n{/* truncate */}\n\nThe rest.\n',
});

for (const path of ['/docs/inject', '/blog', '/blog/2024/01/02/hello']) {
  test(`a script written in Markdown does not run on ${path}`, async () => {
    const page = await served.browser.newPage();
    const problems = watchConsole(page);
    const response = await page.goto(served.origin + path);
    assert.equal(response!.status(), 200);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    assert.match(await response!.text(), /<script>window.__pwned = &quot;|<script>window.__pwned = "/, 'the script is in the page');
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned), undefined);
    assert.ok(problems.some((problem) => /Content Security Policy/i.test(problem)), `the browser reports the blocked script: ${problems.join('\n')}`);
    // docsite's own inline scripts ran: the colour mode is set before paint.
    assert.ok(await page.evaluate(() => document.documentElement.getAttribute('data-theme')));
    await page.close();
  });
}
