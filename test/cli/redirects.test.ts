import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeSite, rawRequest, removeSite, runCli, startServe, type ServeProcess } from '../helpers';

// Redirects: the config's list and Docusaurus's plugin-client-redirects options, as pages, `_redirects` lines and
// 301s from `docsite serve`; a redirect to a page that does not exist fails the build like a broken link.

const sites: string[] = [];
after(() => sites.forEach(removeSite));

const config = (redirects: string) => `export default {
  title: 'Fixture',
  url: 'https://fixture.example',
  onBrokenLinks: 'throw',
  redirects: ${redirects},
};
`;

describe('redirects of the config', () => {
  let dir: string;
  let served: ServeProcess;
  before(async () => {
    dir = makeSite({
      'docsite.config.ts': config(`{
    redirects: [
      { from: '/docs/old-intro', to: '/docs/intro' },
      { from: ['/chat', '/community/chat'], to: 'https://chat.example/memora' },
      { from: '/docs/intro', to: '/docs/guides/first' },
    ],
    fromExtensions: ['html'],
    createRedirects: (path) => (path.startsWith('/docs/guides/') ? path.replace('/docs/guides/', '/guides/') : undefined),
  }`),
    });
    sites.push(dir);
    const build = await runCli(['build', dir]);
    assert.equal(build.code, 0, build.stderr);
    assert.match(build.stderr, /warning redirects: a redirect from a page is left out \(the page stays\): \/docs\/intro/);
    served = await startServe(dir);
  });
  after(() => served.child.kill('SIGKILL'));

  test('each old path is a page that sends the reader on, naming the target as canonical', () => {
    const html = readFileSync(join(dir, 'build', 'docs', 'old-intro', 'index.html'), 'utf8');
    assert.match(html, /<meta http-equiv="refresh" content="0; url=\/docs\/intro">/);
    assert.match(html, /<link rel="canonical" href="https:\/\/fixture\.example\/docs\/intro">/);
    assert.match(html, /<meta name="robots" content="noindex/);
    const external = readFileSync(join(dir, 'build', 'community', 'chat', 'index.html'), 'utf8');
    assert.match(external, /url=https:\/\/chat\.example\/memora"/);
    // fromExtensions: the old file name is a file of that name; createRedirects: a path per page it maps.
    assert.match(readFileSync(join(dir, 'build', 'docs', 'guides', 'first.html'), 'utf8'), /url=\/docs\/guides\/first"/);
    assert.match(readFileSync(join(dir, 'build', 'guides', 'first', 'index.html'), 'utf8'), /url=\/docs\/guides\/first"/);
    // The page a redirect would have replaced stays.
    assert.doesNotMatch(readFileSync(join(dir, 'build', 'docs', 'intro', 'index.html'), 'utf8'), /http-equiv="refresh"/);
  });

  test('_redirects lists them for the hosts that read it; the sitemap does not', () => {
    const lines = readFileSync(join(dir, 'build', '_redirects'), 'utf8').trim().split('\n');
    assert.ok(lines.includes('/docs/old-intro /docs/intro 301'), lines.join('\n'));
    assert.ok(lines.includes('/chat https://chat.example/memora 301'));
    assert.ok(lines.includes('/docs/guides/first.html /docs/guides/first 301'));
    assert.ok(!lines.some((line) => line.startsWith('/docs/intro ')), 'no line for the page that stays');
    assert.doesNotMatch(readFileSync(join(dir, 'build', 'sitemap.xml'), 'utf8'), /old-intro/);
  });

  test('docsite serve answers them with a 301, the query kept', async () => {
    const moved = await rawRequest(served.port, '/docs/old-intro/?from=mail');
    assert.equal(moved.status, 301);
    assert.equal(moved.headers.location, '/docs/intro?from=mail');
    const away = await rawRequest(served.port, '/chat');
    assert.equal(away.status, 301);
    assert.equal(away.headers.location, 'https://chat.example/memora');
    assert.equal((await rawRequest(served.port, '/docs/intro')).status, 200);
    assert.equal((await rawRequest(served.port, '/_redirects')).status, 404, 'the file itself is not served');
  });
});

test('a redirect to a page that does not exist fails the build, at its place in the config', async () => {
  const dir = makeSite({ 'docsite.config.ts': config(`[{ from: '/docs/old', to: '/docs/no-such-page' }]`) });
  sites.push(dir);
  const build = await runCli(['build', dir]);
  assert.equal(build.code, 1);
  assert.match(build.stderr, /docsite\.config\.ts:5:\d+.*\/docs\/no-such-page/);
  assert.ok(!existsSync(join(dir, 'build')), 'nothing is written');
});

test('migrate carries plugin-client-redirects', async () => {
  const dir = makeSite({
    'docusaurus.config.js': `module.exports = {
  title: 'Moved', url: 'https://moved.example', baseUrl: '/',
  presets: [['classic', { docs: { routeBasePath: 'docs' }, blog: false }]],
  plugins: [['@docusaurus/plugin-client-redirects', {
    redirects: [{ from: '/docs/old-intro', to: '/docs/intro' }],
    fromExtensions: ['html', 'htm'],
    createRedirects(existingPath) { if (existingPath.includes('/docs/guides')) return [existingPath.replace('/docs/guides', '/guides')]; return undefined; },
  }]],
};
`,
  });
  sites.push(dir);
  rmSync(join(dir, 'docsite.config.ts'));
  const migrated = await runCli(['migrate', dir]);
  assert.equal(migrated.code, 0, migrated.stderr);
  const written = readFileSync(join(dir, 'docsite.config.ts'), 'utf8');
  assert.match(written, /redirects: \{/);
  assert.match(written, /from: '\/docs\/old-intro', to: '\/docs\/intro'/);
  assert.match(written, /fromExtensions: \['html', 'htm'\]/);
  assert.match(written, /createRedirects: function createRedirects\(existingPath\) \{/);
  assert.match(migrated.stderr, /createRedirects is copied as it is written/);
  const build = await runCli(['build', dir]);
  assert.equal(build.code, 0, build.stderr);
  assert.ok(existsSync(join(dir, 'build', 'guides', 'first', 'index.html')), 'the copied createRedirects runs');
  assert.ok(existsSync(join(dir, 'build', 'docs', 'intro.htm')));
});

test('an old path given as a URL is refused at its place in the config', async () => {
  const dir = makeSite({ 'docsite.config.ts': config(`[{ from: 'https://old.example/docs', to: '/docs/intro' }]`) });
  sites.push(dir);
  const build = await runCli(['build', dir]);
  assert.equal(build.code, 1);
  assert.match(build.stderr, /docsite\.config\.ts:5:\d+: invalid config: "redirects\.0\.from": a path of this site, like \/docs\/old-name, not a URL/);
});
