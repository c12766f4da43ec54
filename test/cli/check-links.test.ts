import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { LinkReportJson } from '../../src/commands/check-links';
import { makeSite, removeSite, runCli } from '../helpers';

// `docsite check-links` end to end on a site with every kind of link, fine and broken.

const sites: string[] = [];
after(() => sites.forEach(removeSite));

const FINE_LINKS = `# Links

- [query](/docs/intro?tab=a)
- [slash](/docs/intro/)
- [html](/docs/intro.html) and [index](/docs/intro/index.html)
- [encoded](/docs/caf%C3%A9) and [accented](/docs/café)
- [twin](/docs/comparison) and [canonical](/docs/Comparison#table) and [twin anchor](/docs/comparison#table)
- [logo](/img/logo.svg), [pdf](/files/a.pdf), [spec](/docs/api/openapi.yaml)
- [mail](mailto:team@kennel.example), [phone](tel:+15550100), [cdn](//cdn.kennel.example/lib.js)
- [operation](/docs/api/add-dog) and [relative](./intro.md#introduction)
`;

const BROKEN_LINKS = `# Broken

See [nothing](/docs/nothing-here).

A [bad anchor](/docs/intro#no-such-heading) and a [case slip](/docs/Intro).

The [missing logo](/img/missing.svg).
`;

/** The api fixture (docs and an API reference) with static files, a mixed-case doc and an accented one. */
function linkSite(extra: Record<string, string> = {}, config: (text: string) => string = (text) => text): string {
  const dir = makeSite(
    {
      'docs/links.md': FINE_LINKS,
      'docs/Comparison.md': '# Comparison\n\n## Table\n\nRows.\n',
      'docs/café.md': '# Café\n\nCoffee.\n',
      'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'static/files/a.pdf': '%PDF-1.4',
      ...extra,
    },
    'api',
  );
  const configFile = join(dir, 'docsite.config.ts');
  writeFileSync(configFile, config(readFileSync(configFile, 'utf8')));
  sites.push(dir);
  return dir;
}

/** "file:line:column" of the first occurrence of `text` in a Markdown source. */
function positionOf(source: string, file: string, text: string): string {
  const lines = source.split('\n');
  const line = lines.findIndex((candidate) => candidate.includes(text));
  return `${file}:${line + 1}:${lines[line]!.indexOf(text) + 1}`;
}

describe('a site whose links are all fine', () => {
  let dir: string;
  before(() => (dir = linkSite()));

  test('exits 0 with a success line and writes nothing', async () => {
    const result = await runCli(['check-links', dir]);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /✔ Checked \d+ pages and \d+ links: no broken links/);
    assert.doesNotMatch(result.stdout + result.stderr, /->/);
    assert.ok(!existsSync(join(dir, 'build')), 'no build written');
  });

  test('--format json prints one JSON object with ok: true', async () => {
    const result = await runCli(['check-links', dir, '--format', 'json']);
    assert.equal(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout) as LinkReportJson;
    assert.equal(report.ok, true);
    assert.ok(report.pages >= 10, `pages: ${report.pages}`);
    assert.ok(report.links > report.pages);
    assert.deepEqual(report.broken, []);
    assert.deepEqual(report.warnings, []);
  });
});

describe('a site with broken links, whose config only warns about them', () => {
  let dir: string;
  let text: Awaited<ReturnType<typeof runCli>>;
  before(async () => {
    dir = linkSite({ 'docs/broken.md': BROKEN_LINKS }, (config) =>
      config
        .replace("onBrokenLinks: 'throw'", "onBrokenLinks: 'warn'")
        .replace("onBrokenAnchors: 'throw'", "onBrokenAnchors: 'ignore'")
        .replace('themeConfig: {', "themeConfig: {\n    footer: { links: [{ title: 'More', items: [{ label: 'Gone', to: '/docs/gone' }] }] },"),
    );
    text = await runCli(['check-links', dir]);
  });

  test('the build follows the config and succeeds', async () => {
    const build = await runCli(['build', dir, '--out-dir', join(dir, 'out')]);
    assert.equal(build.code, 0, build.stderr);
    assert.match(build.stderr, /broken link: docs\/broken\.md:3:5  ->  \/docs\/nothing-here/);
  });

  test('check-links is the gate: exit 1 whatever the policy', () => {
    assert.equal(text.code, 1, text.stdout + text.stderr);
  });

  test('each broken link and anchor is listed as file:line  ->  target  (reason), on stderr', () => {
    const lines = text.stderr.split('\n');
    const expected = [
      `${positionOf(BROKEN_LINKS, 'docs/broken.md', '[nothing]')}  ->  /docs/nothing-here  (no such page)`,
      `${positionOf(BROKEN_LINKS, 'docs/broken.md', '[bad anchor]')}  ->  /docs/intro#no-such-heading  (no heading or element with id "no-such-heading" on /docs/intro)`,
      `${positionOf(BROKEN_LINKS, 'docs/broken.md', '[missing logo]')}  ->  /img/missing.svg  (no such page)`,
      // The footer's link, on every page, is reported once, where the config wrote it.
      `${positionOf(readFileSync(join(dir, 'docsite.config.ts'), 'utf8'), 'docsite.config.ts', "'/docs/gone'")}  ->  /docs/gone  (no such page)`,
    ];
    for (const line of expected) assert.equal(lines.filter((candidate) => candidate === line).length, 1, `not once: ${line}\nstderr:\n${text.stderr}`);
    assert.equal(lines.filter((line) => line.includes('/docs/gone')).length, 1, text.stderr);
    assert.equal(text.stdout, '', 'nothing on stdout when the check fails');
    assert.equal(lines.filter((line) => line.includes('->') && line.startsWith('docs/links.md:')).length, 0, 'fine links are not reported');
  });

  test('a case slip is a warning naming the canonical page, not a broken link', () => {
    assert.match(text.stderr, new RegExp(`warning ${positionOf(BROKEN_LINKS, 'docs/broken.md', '[case slip]')}  ->  /docs/Intro  \\(the page is /docs/intro: the link works only on hosts with case-insensitive paths\\)`));
    assert.ok(!text.stderr.split('\n').some((line) => line.startsWith('docs/broken.md') && line.includes('/docs/Intro ')));
  });

  test('the summary counts broken links and warnings', () => {
    // The footer link (shown on every page) and the three in the Markdown, once each.
    assert.match(text.stderr, /error 4 broken links found, 1 warning: checked \d+ pages and \d+ links/);
  });

  test('--format json: one object on stdout, warnings also on stderr', async () => {
    const result = await runCli(['check-links', dir, '--format', 'json']);
    assert.equal(result.code, 1);
    const report = JSON.parse(result.stdout) as LinkReportJson;
    assert.equal(report.ok, false);
    const nothing = report.broken.find((link) => link.href === '/docs/nothing-here');
    assert.deepEqual(nothing, { source: 'docs/broken.md', line: 3, column: 5, page: '/docs/broken', href: '/docs/nothing-here', reason: 'no such page', kind: 'link' });
    assert.equal(report.broken.find((link) => link.href === '/docs/intro#no-such-heading')?.kind, 'anchor');
    const footer = report.broken.filter((link) => link.href === '/docs/gone');
    assert.equal(footer.length, 1);
    const [line, column] = positionOf(readFileSync(join(dir, 'docsite.config.ts'), 'utf8'), '', "'/docs/gone'").split(':').slice(1).map(Number);
    const { page: _page, ...place } = footer[0]!;
    assert.deepEqual(place, { source: 'docsite.config.ts', line, column, href: '/docs/gone', reason: 'no such page', kind: 'link' });
    assert.deepEqual(report.warnings.map((link) => [link.href, link.kind]), [['/docs/Intro', 'link']]);
    assert.match(result.stderr, /warning docs\/broken\.md:5:\d+  ->  \/docs\/Intro/);
  });
});

describe('a broken link in the navbar (config) and in a sidebars file', () => {
  let dir: string;
  let config: string;
  const SIDEBARS = "export default {\n  docs: [\n    'intro',\n    { type: 'link', label: 'Old guide', href: '/docs/old-guide' },\n    { type: 'category', label: 'Guides', items: ['guides/first', 'guides/second'] },\n  ],\n};\n";
  before(() => {
    dir = makeSite({ 'sidebars.ts': SIDEBARS });
    sites.push(dir);
    const file = join(dir, 'docsite.config.ts');
    config = readFileSync(file, 'utf8')
      .replace("{ label: 'Docs', to: '/docs/intro', activeBasePath: '/docs' }", "{ label: 'Docs', to: '/docs/intro', activeBasePath: '/docs' },\n      { label: 'Missing', to: '/docs/missing' },\n")
      .replace("onBrokenAnchors: 'throw',", "onBrokenAnchors: 'throw',\n  docs: { sidebarPath: 'sidebars.ts' },");
    writeFileSync(file, config);
  });

  test('build fails naming the config line once, and the sidebars line once', async () => {
    const result = await runCli(['build', dir]);
    assert.equal(result.code, 1, result.stderr);
    const navbar = positionOf(config, 'docsite.config.ts', "'/docs/missing'");
    const sidebar = positionOf(SIDEBARS, 'sidebars.ts', "'/docs/old-guide'");
    assert.match(result.stderr, new RegExp(`error ${navbar.replace(/\./g, '\\.')}: 2 broken links found`));
    const lines = result.stderr.split('\n').map((line) => line.trim());
    assert.deepEqual(lines.filter((line) => line.includes('  ->  ')), [`${navbar}  ->  /docs/missing  (no such page)`, `${sidebar}  ->  /docs/old-guide  (no such page)`]);
    assert.equal(result.stderr.split('/docs/missing').length - 1, 2, 'the code frame and the problem line');
    assert.doesNotMatch(result.stderr, /\(theme\)/);
  });

  test('check-links --format json: one entry per link, at the config and sidebars positions', async () => {
    const result = await runCli(['check-links', dir, '--format', 'json']);
    assert.equal(result.code, 1, result.stderr);
    const report = JSON.parse(result.stdout) as LinkReportJson;
    const where = (text: string, name: string, needle: string) => positionOf(text, name, needle).split(':');
    const [, navbarLine, navbarColumn] = where(config, 'docsite.config.ts', "'/docs/missing'");
    const [, sidebarLine, sidebarColumn] = where(SIDEBARS, 'sidebars.ts', "'/docs/old-guide'");
    assert.deepEqual(
      report.broken.map((link) => [link.source, link.line, link.column, link.href]),
      [
        ['docsite.config.ts', Number(navbarLine), Number(navbarColumn), '/docs/missing'],
        ['sidebars.ts', Number(sidebarLine), Number(sidebarColumn), '/docs/old-guide'],
      ],
    );
  });
});

test('a config error in JSON mode still prints a JSON object, and exits 1', async () => {
  const dir = linkSite({ 'docsite.config.ts': "export default { title: 'x', url: 'https://x.example', onBrokenLink: 'throw' };\n" });
  const result = await runCli(['check-links', dir, '--format', 'json']);
  assert.equal(result.code, 1);
  const report = JSON.parse(result.stdout) as LinkReportJson;
  assert.equal(report.ok, false);
  assert.match(report.error!.message, /unknown key "onBrokenLink"/);
  assert.equal(report.error!.file, 'docsite.config.ts');
  assert.match(result.stderr, /docsite\.config\.ts:1:\d+: invalid config/);
});

test('a wrong --format is a usage error', async () => {
  const result = await runCli(['check-links', linkSite(), '--format', 'xml']);
  assert.equal(result.code, 2);
});

describe('--external, against a server on this machine', () => {
  let server: Server;
  let origin: string;
  const hits = new Map<string, number>();
  let dir: string;
  const env = { DOCSITE_LINK_TIMEOUT_MS: '300', DOCSITE_LINK_RETRY_DELAY_MS: '10' };

  before(async () => {
    server = createServer((req, res) => {
      const path = req.url ?? '/';
      hits.set(path, (hits.get(path) ?? 0) + 1);
      if (path === '/ok') return void res.end('fine');
      if (path === '/gone') return void ((res.statusCode = 404), res.end());
      if (path === '/no-head') return void ((res.statusCode = req.method === 'HEAD' ? 405 : 200), res.end());
      if (path === '/slow') return void setTimeout(() => res.end('late'), 3000).unref();
      if (path === '/flaky') return void (hits.get(path) === 1 ? (res.writeHead(503, { 'Retry-After': '0' }), res.end()) : res.end('back'));
      res.statusCode = 500;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dir = makeSite({ 'docs/outside.md': `# Outside\n\n- [ok](${origin}/ok#part)\n- [gone](${origin}/gone)\n- [no head](${origin}/no-head)\n- [slow](${origin}/slow)\n- [flaky](${origin}/flaky)\n- [ok again](${origin}/ok)\n` });
    sites.push(dir);
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  test('without the flag, nothing is fetched', async () => {
    const result = await runCli(['check-links', dir], { env });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(hits.size, 0);
  });

  test('reports the 404 and the timeout with their lines, retries the flaky one, falls back to GET', async () => {
    const started = performance.now();
    const result = await runCli(['check-links', dir, '--external', '--format', 'json'], { env });
    assert.equal(result.code, 1, result.stderr);
    const report = JSON.parse(result.stdout) as LinkReportJson;
    assert.deepEqual(
      report.broken.map((link) => [link.source, link.line, link.href.replace(origin, ''), link.reason, link.kind]),
      [
        ['docs/outside.md', 4, '/gone', 'HTTP 404', 'external'],
        ['docs/outside.md', 6, '/slow', 'timed out', 'external'],
      ],
    );
    assert.deepEqual(report.warnings, []);
    assert.equal(hits.get('/ok'), 1, 'one request for a URL linked twice');
    assert.equal(hits.get('/no-head'), 2, 'HEAD refused, then GET');
    assert.equal(hits.get('/flaky'), 2, '503, then 200');
    assert.equal(hits.get('/slow'), 3, 'the first try and two retries');
    assert.ok(performance.now() - started < 10_000);
    const cache = JSON.parse(readFileSync(join(dir, '.docsite', 'cache', 'external-links.json'), 'utf8')) as Record<string, { ok: boolean; status?: number }>;
    assert.deepEqual(cache[`${origin}/ok`] && { ok: cache[`${origin}/ok`]!.ok, status: cache[`${origin}/ok`]!.status }, { ok: true, status: 200 });
    assert.equal(cache[`${origin}/gone`]?.ok, false);
  });

  test('a second run reuses good results and checks failures again; text output', async () => {
    const before = new Map(hits);
    const result = await runCli(['check-links', dir, '--external'], { env });
    assert.equal(result.code, 1);
    assert.equal(hits.get('/ok'), before.get('/ok'));
    assert.equal(hits.get('/flaky'), before.get('/flaky'));
    assert.ok(hits.get('/gone')! > before.get('/gone')!);
    assert.ok(result.stderr.split('\n').includes(`docs/outside.md:4:3  ->  ${origin}/gone  (HTTP 404)`), result.stderr);
    assert.ok(result.stderr.split('\n').includes(`docs/outside.md:6:3  ->  ${origin}/slow  (timed out)`), result.stderr);
    assert.match(result.stderr, /2 broken links found: checked \d+ pages and \d+ links \(5 external, 3 from the cache\)/);
  });
});
