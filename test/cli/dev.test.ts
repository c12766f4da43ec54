import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { largeSidebarFiles, makeSite, removeSite, ROOT, startDev, waitFor, type DevProcess } from '../helpers';

// `docsite dev` over HTTP: pages rendered on request, edits announced over the event stream,
// broken edits reported (terminal, event, error page) without the server going down, pages
// added, removed and renamed, config changes, and the port rules.

/** Reads the dev server's event stream into a list of { event, data }. */
function listen(origin: string) {
  const controller = new AbortController();
  const received: Array<{ event: string; data: unknown }> = [];
  void fetch(`${origin}/__docsite/events`, { signal: controller.signal }).then(async (response) => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event) received.push({ event, data: data ? JSON.parse(data) : undefined });
        }
      }
    } catch {
      // aborted
    }
  });
  return {
    received,
    next: (event: string, from = 0) => waitFor(() => received.slice(from).find((item) => item.event === event), () => JSON.stringify(received)),
    close: () => controller.abort(),
  };
}

describe('docsite dev', () => {
  let dir: string;
  let dev: DevProcess;
  let events: ReturnType<typeof listen>;
  const page = async (path: string) => {
    const response = await fetch(dev.origin + path);
    return { status: response.status, text: await response.text(), headers: response.headers };
  };

  before(async () => {
    dir = makeSite();
    dev = await startDev(dir);
    events = listen(dev.origin);
    await events.next('hello');
  });
  after(async () => {
    events.close();
    await dev.stop();
    removeSite(dir);
  });

  test('renders pages on request, with the dev client and no caching', async () => {
    const intro = await page('/docs/intro');
    assert.equal(intro.status, 200);
    assert.equal(intro.headers.get('cache-control'), 'no-store');
    assert.match(intro.text, /<script type="module" src="\/__docsite\/client\/dev-client\.js"><\/script>/);
    assert.match(intro.text, /Some text\./);
    const boot = JSON.parse(/<script id="__docsite-boot" type="application\/json">(.*?)<\/script>/.exec(intro.text)![1]!);
    const chunk = await fetch(dev.origin + boot.chunk);
    assert.equal(chunk.status, 200);
    assert.match(chunk.headers.get('content-type')!, /javascript/);
    assert.equal((await page('/docs/intro/')).status, 200, 'trailing slash');
    const missing = await page('/docs/nope');
    assert.equal(missing.status, 404);
    assert.match(missing.text, /Page Not Found/);
    assert.equal((await page('/robots.txt')).status, 200, 'static files');
    const sitemap = await page('/sitemap.xml');
    assert.equal(sitemap.status, 200, 'generated files, as the build writes them');
    assert.match(sitemap.text, /<loc>https:\/\/fixture\.example\/docs\/intro<\/loc>/);
    const manifest = JSON.parse((await page('/__docsite/manifest.json')).text);
    assert.ok(manifest.routes['/docs/guides/first'], 'the manifest lists every route, built or not');
    assert.match(dev.output(), /ready in [\d.]+ m?s/);
  });

  test('an edit is announced for the routes it changes, and the page serves the new text', async () => {
    await page('/docs/intro');
    const from = events.received.length;
    const file = join(dir, 'docs', 'intro.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Some text.', 'Freshly edited text.'));
    const update = await events.next('update', from);
    assert.ok((update.data as { paths: string[] }).paths.includes('/docs/intro'));
    assert.match((await page('/docs/intro')).text, /Freshly edited text\./);
    const manifest = JSON.parse((await page('/__docsite/manifest.json')).text);
    assert.match(manifest.routes['/docs/intro'], /\?v=\d+$/, 'a changed route gets a new chunk URL');
  });

  test('a body edit names the new chunk in its update; a changed title reaches the sidebar of other pages', async () => {
    await page('/docs/guides/first');
    await page('/docs/intro');
    const file = join(dir, 'docs', 'guides', 'first.md');
    const original = readFileSync(file, 'utf8');
    try {
      // Only the body: the page's own route changes, with its new chunk in the event.
      let from = events.received.length;
      writeFileSync(file, original.replace('Have coffee.', 'Have tea.'));
      let update = (await events.next('update', from)).data as { paths: string[]; chunks?: Record<string, string> };
      assert.deepEqual(update.paths, ['/docs/guides/first'], 'no other page shows that text');
      const chunk = update.chunks?.['/docs/guides/first'];
      assert.ok(chunk, 'the update names the route chunk');
      const manifest = JSON.parse((await page('/__docsite/manifest.json')).text);
      assert.equal(chunk, manifest.routes['/docs/guides/first'], 'the same URL the manifest gives');
      assert.match(await (await fetch(dev.origin + chunk)).text(), /Have tea\./);
      assert.match((await page('/docs/guides/first')).text, /Have tea\./);

      // The title (its first heading): every page whose sidebar lists it changes.
      from = events.received.length;
      writeFileSync(file, readFileSync(file, 'utf8').replace('# First guide', '# Getting going'));
      update = (await events.next('update', from)).data as { paths: string[] };
      assert.ok(update.paths.includes('/docs/intro'), `the intro's sidebar lists the guide: ${update.paths.join(', ')}`);
      assert.match((await page('/docs/intro')).text, /Getting going/);
    } finally {
      const from = events.received.length;
      writeFileSync(file, original);
      await events.next('update', from);
    }
  });

  test('a broken edit is reported with file, line, column and code frame, and the next good save clears it', async () => {
    const file = join(dir, 'docs', 'intro.md');
    const original = readFileSync(file, 'utf8');
    const from = events.received.length;
    const outputFrom = dev.output().length;
    writeFileSync(file, original.replace(/^(Freshly edited|Some) text\.$/m, 'Broken <span text.'));
    const error = await events.next('build-error', from);
    const report = error.data as { message: string; where: string; frame?: string };
    assert.match(report.where, /^docs\/intro\.md:\d+:\d+$/);
    assert.match(report.message, /invalid MDX/);
    assert.match(report.frame ?? '', /> +\d+ \| Broken <span text\./);
    const terminal = dev.output().slice(outputFrom);
    assert.match(terminal, /error docs\/intro\.md:\d+:\d+: invalid MDX/);
    assert.match(terminal, /> +\d+ \| Broken <span text\./, 'the terminal shows the code frame');

    const broken = await page('/docs/intro');
    assert.equal(broken.status, 500);
    assert.match(broken.text, /docs\/intro\.md:\d+:\d+/);
    assert.match(broken.text, /dev-client\.js/, 'the error page reloads itself once fixed');
    assert.equal((await page('/docs/guides/first')).status, 200, 'other pages still work');
    const printed = dev.output().slice(outputFrom).match(/error docs\/intro\.md:\d+:\d+: invalid MDX/g) ?? [];
    assert.equal(printed.length, 1, 'the error is printed once, not again for each request that runs into it');

    const fixedFrom = events.received.length;
    writeFileSync(file, original.replace(/^(Freshly edited|Some) text\.$/m, 'Recovered text.'));
    await events.next('build-ok', fixedFrom);
    assert.match((await page('/docs/intro')).text, /Recovered text\./);
    assert.equal(dev.child.exitCode, null, 'the server is still running');
  });

  test('a broken link written in Markdown is a warning at its file, line and column, as check-links reports it', async () => {
    const file = join(dir, 'docs', 'guides', 'second.mdx');
    const original = readFileSync(file, 'utf8');
    const outputFrom = dev.output().length;
    writeFileSync(file, `${original}\n\nSee [the missing page](/docs/nowhere).\n`);
    try {
      await waitFor(async () => ((await page('/docs/guides/second')).text.includes('the missing page') ? true : undefined), () => dev.output());
      const line = `${original}\n\nSee`.split('\n').length;
      const warning = await waitFor(() => /warning broken link: (.*)/.exec(dev.output().slice(outputFrom))?.[1], () => dev.output());
      assert.equal(warning, `docs/guides/second.mdx:${line}:5  ->  /docs/nowhere  (no such page)`);
    } finally {
      writeFileSync(file, original);
    }
  });

  test('a front matter error stays until its own file is fixed, whatever else is saved meanwhile', async () => {
    const broken = join(dir, 'docs', 'guides', 'first.md');
    const other = join(dir, 'docs', 'guides', 'second.mdx');
    const [brokenOriginal, otherOriginal] = [readFileSync(broken, 'utf8'), readFileSync(other, 'utf8')];
    let from = events.received.length;
    writeFileSync(broken, `---\ntitle: [unclosed\n---\n\n${brokenOriginal.replace(/^---[\s\S]*?---\n/, '')}`);
    try {
      await events.next('build-error', from);
      // Another page saved meanwhile: its round loads the broken file again and reports it, not a build that is fine.
      from = events.received.length;
      writeFileSync(other, `${otherOriginal}\n\nOne more paragraph.\n`);
      const again = await events.next('build-error', from);
      assert.match((again.data as { where: string }).where, /^docs\/guides\/first\.md/);
      assert.equal(events.received.slice(from).some((item) => item.event === 'build-ok'), false);
    } finally {
      from = events.received.length;
      writeFileSync(other, otherOriginal);
      writeFileSync(broken, brokenOriginal);
    }
    await events.next('build-ok', from);
  });

  test('bad front matter and a config typo are reported, and the server recovers', async () => {
    const file = join(dir, 'docs', 'guides', 'first.md');
    const original = readFileSync(file, 'utf8');
    let from = events.received.length;
    writeFileSync(file, `---\ntitle: [unclosed\n---\n\n${original.replace(/^---[\s\S]*?---\n/, '')}`);
    const error = await events.next('build-error', from);
    assert.match((error.data as { where: string }).where, /^docs\/guides\/first\.md/);
    from = events.received.length;
    writeFileSync(file, original);
    await events.next('build-ok', from);

    const config = join(dir, 'docsite.config.ts');
    const goodConfig = readFileSync(config, 'utf8');
    from = events.received.length;
    writeFileSync(config, goodConfig.replace("title: 'Fixture',", "title: 'Fixture', onBrokenLink: 'warn',"));
    const configError = await events.next('build-error', from);
    assert.match((configError.data as { where: string; message: string }).where, /docsite\.config\.ts/);
    assert.match((configError.data as { message: string }).message, /onBrokenLink/);
    from = events.received.length;
    writeFileSync(config, goodConfig.replace("title: 'Fixture',", "title: 'Fixture Renamed',"));
    await events.next('reload', from);
    assert.match((await page('/docs/intro')).text, /Fixture Renamed/);
    assert.equal(dev.child.exitCode, null);
  });

  test('added, deleted and renamed pages appear, disappear and move', async () => {
    let from = events.received.length;
    writeFileSync(join(dir, 'docs', 'guides', 'added.md'), '---\ntitle: Added page\n---\n\nA page added while the server runs.\n');
    await events.next('update', from);
    const added = await page('/docs/guides/added');
    assert.equal(added.status, 200);
    assert.match(added.text, /A page added while the server runs\./);
    assert.match((await page('/docs/intro')).text, /href="\/docs\/guides\/added"/, 'the sidebar lists the new page');

    from = events.received.length;
    mkdirSync(join(dir, 'docs', 'moved'), { recursive: true });
    renameSync(join(dir, 'docs', 'guides', 'added.md'), join(dir, 'docs', 'moved', 'added.md'));
    await waitFor(async () => (await page('/docs/moved/added')).status === 200, dev.output);
    assert.equal((await page('/docs/guides/added')).status, 404);

    from = events.received.length;
    rmSync(join(dir, 'docs', 'moved', 'added.md'));
    await waitFor(async () => (await page('/docs/moved/added')).status === 404, dev.output);
    assert.doesNotMatch((await page('/docs/intro')).text, /Added page/);
  });
});

describe('docsite dev: an error in a React page', () => {
  const WIDGET = "export const meta = { title: 'Widget' };\n\nexport default function Widget() {\n  return (\n    <main>\n      <h1>Widget</h1>\n    </main>\n  );\n}\n";
  let dir: string;
  let cwd: string;
  let dev: DevProcess;
  let events: ReturnType<typeof listen>;
  const status = async (path: string) => (await fetch(dev.origin + path)).status;
  /** The terminal's error lines about the page since `from`, each with the line after it. */
  const reports = (from: number) => [...dev.output().slice(from).matchAll(/^error (.*widget.*)\n(.*)$/gm)].map((match) => [match[1]!, match[2]!]);

  before(async () => {
    dir = makeSite({ 'pages/widget.tsx': WIDGET }, 'blog');
    // Started from a folder as deep as no site folder: a file named relative to it would be plainly wrong.
    cwd = join(mkdtempSync(join(tmpdir(), 'docsite-cwd-')), 'a', 'b', 'c');
    mkdirSync(cwd, { recursive: true });
    dev = await startDev(dir, ['--port', '0'], { cwd });
    events = listen(dev.origin);
    await events.next('hello');
    // The watcher has no ready signal and scans slowly on a busy machine: save until a save is seen.
    const file = join(dir, 'pages', 'widget.tsx');
    for (let attempt = 0; ; attempt++) {
      const from = events.received.length;
      writeFileSync(file, WIDGET);
      try {
        await waitFor(() => events.received.slice(from).find((item) => item.event === 'update'), () => dev.output(), 1000);
        break;
      } catch (error) {
        if (attempt === 30) throw error;
      }
    }
  });
  after(async () => {
    events.close();
    await dev.stop();
    removeSite(dir);
    rmSync(join(cwd, '..', '..', '..'), { recursive: true, force: true });
  });

  test('a syntax error is printed once, at pages/widget.tsx:LINE:COL relative to the site folder, with a code frame', async () => {
    const file = join(dir, 'pages', 'widget.tsx');
    const outputFrom = dev.output().length;
    const from = events.received.length;
    writeFileSync(file, WIDGET.replace('<h1>Widget</h1>', '<h1>Widget</h2>'));
    const error = await events.next('build-error', from);
    assert.equal((error.data as { where: string }).where, 'pages/widget.tsx:6:19');
    // The page is bundled on request too (the page and its chunk): the same error again, not printed again.
    assert.equal(await status('/widget'), 500);
    assert.equal(await status('/widget'), 500);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const printed = reports(outputFrom);
    assert.deepEqual(printed.map(([first]) => first), ['pages/widget.tsx:6:19: Unexpected closing "h2" tag does not match opening "h1" tag'], dev.output().slice(outputFrom));
    assert.match(dev.output().slice(outputFrom), /> 6 \|       <h1>Widget<\/h2>\n +\| +\^/, 'the code frame');

    const fixedFrom = events.received.length;
    writeFileSync(file, WIDGET);
    await events.next('build-ok', fixedFrom);
    assert.equal(await status('/widget'), 200);
  });

  test('an import of a missing module is printed once, at its line and column, with a code frame', async () => {
    const file = join(dir, 'pages', 'widget.tsx');
    assert.equal(await status('/widget'), 200);
    const outputFrom = dev.output().length;
    const from = events.received.length;
    writeFileSync(file, `import { missing } from './does-not-exist';\n${WIDGET.replace('<h1>Widget</h1>', '<h1>{missing}</h1>')}`);
    await events.next('update', from);
    assert.equal(await status('/widget'), 500);
    assert.equal(await status('/widget'), 500);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const printed = reports(outputFrom);
    assert.deepEqual(printed, [['pages/widget.tsx:1:25: Could not resolve "./does-not-exist"', "> 1 | import { missing } from './does-not-exist';"]], dev.output().slice(outputFrom));
    writeFileSync(file, WIDGET);
    await waitFor(async () => ((await status('/widget')) === 200 ? true : undefined), () => dev.output());
  });

  test('a broken navbar link is one warning, at its line in the config, whichever pages are opened', async () => {
    const config = join(dir, 'docsite.config.ts');
    const original = readFileSync(config, 'utf8');
    const broken = original.replace("{ label: 'Blog', to: '/blog', activeBasePath: '/blog' },", "{ label: 'Blog', to: '/blog', activeBasePath: '/blog' },\n        { label: 'Missing', to: '/docs/missing' },");
    assert.notEqual(broken, original);
    const outputFrom = dev.output().length;
    const from = events.received.length;
    writeFileSync(config, broken);
    try {
      await events.next('reload', from);
      for (const path of ['/', '/docs/intro', '/blog', '/widget']) assert.equal(await status(path), 200, path);
      const lines = broken.split('\n');
      const line = lines.findIndex((text) => text.includes("'/docs/missing'"));
      const where = `docsite.config.ts:${line + 1}:${lines[line]!.indexOf("'/docs/missing'") + 1}`;
      const warnings = dev.output().slice(outputFrom).split('\n').filter((text) => text.includes('/docs/missing'));
      assert.deepEqual(warnings, [`warning broken link: ${where}  ->  /docs/missing  (no such page)`]);
    } finally {
      writeFileSync(config, original);
    }
  });
});

describe('docsite dev ports', () => {
  test('a taken port moves to the next free one, or exits 1 with --strict-port', async () => {
    const blocker = createServer();
    const port = await new Promise<number>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)));
    const dir = makeSite();
    try {
      const dev = await startDev(dir, ['--port', String(port)]);
      assert.notEqual(dev.origin, `http://127.0.0.1:${port}`);
      assert.match(dev.output(), new RegExp(`port ${port} is in use, using \\d+ instead`));
      await dev.stop();

      const strict = spawn(process.execPath, [join(ROOT, 'bin', 'docsite.js'), 'dev', dir, '--host', '127.0.0.1', '--port', String(port), '--strict-port'], { env: { ...process.env, NO_COLOR: '1' } });
      let stderr = '';
      strict.stderr.on('data', (chunk) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => strict.on('exit', resolve));
      assert.equal(code, 1);
      assert.match(stderr, new RegExp(`port ${port} is already in use`));
    } finally {
      blocker.close();
      removeSite(dir);
    }
  });
});

test('a large sidebar: a page carries its cut, and the whole sidebar is one file the dev server serves', async () => {
  const dir = makeSite(largeSidebarFiles());
  const dev = await startDev(dir);
  try {
    const html = await (await fetch(`${dev.origin}/docs/alpha/page-2`)).text();
    assert.doesNotMatch(html, /href="\/docs\/beta\/page-2"/, 'closed categories are not rendered');
    const chunk = /"(\/__docsite\/r\/[^"]+\/route\.js[^"]*)"/.exec(html)?.[1];
    assert.ok(chunk, 'the page names its route chunk');
    const code = await (await fetch(dev.origin + chunk)).text();
    assert.doesNotMatch(code, /Beta page number 5\b/, 'the route bundle does not inline the whole sidebar');
    const whole = /import\("(\/__docsite\/r\/sidebars\/[\w-]+\.js)"\)/.exec(code)?.[1];
    assert.ok(whole, 'the whole sidebar is imported from a file of its own');
    const response = await fetch(dev.origin + whole);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /javascript/);
    const text = await response.text();
    for (const label of ['Alpha page number 80', 'Beta page number 5', 'Gamma page number 80']) assert.ok(text.includes(label), label);
  } finally {
    await dev.stop();
    removeSite(dir);
  }
});
