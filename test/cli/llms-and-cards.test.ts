import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { builtMemoraSite, makeSite, removeSite, runCli } from '../helpers';

// Pages for language models and social cards, on the Memora build and on a fixture: llms.txt and llms-full.txt,
// a `.md` twin of every doc and API page, and a card for every doc and post, drawn once and then copied.

const memora = builtMemoraSite();
const sites: string[] = [];
after(() => sites.forEach(removeSite));

const pngSize = (file: string) => {
  const png = readFileSync(file);
  assert.equal(png.subarray(1, 4).toString(), 'PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
};

test('Memora: llms.txt lists docs by sidebar category, posts and API operations, with .md twins', async () => {
  const build = join(await memora.ready(), 'build');
  const llms = readFileSync(join(build, 'llms.txt'), 'utf8');
  assert.match(llms, /^# Memora\n\n> Self-hosted photo and video backup/);
  const headings = [...llms.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
  assert.deepEqual(headings.slice(0, 3), ['Overview', 'Install', 'Administration'], 'the sidebar order');
  assert.ok(headings.includes('Blog') && headings.includes('API'));
  assert.match(llms, /^- \[Install with Docker Compose\]\(https:\/\/memora\.example\/docs\/install\/docker-compose\.md\): Step-by-step installation/m);
  assert.match(llms, /^- \[List the trash\]\(https:\/\/memora\.example\/docs\/api\/get-trash\.md\): GET \/trash/m);
  // Every linked twin exists.
  for (const [, url] of llms.matchAll(/\]\((https:\/\/memora\.example\/[^)]+\.md)\)/g)) assert.ok(existsSync(join(build, url!.slice('https://memora.example/'.length))), url);
});

test('Memora: a doc twin is its Markdown without front matter or MDX; an API twin is the operation from the spec', async () => {
  const build = join(await memora.ready(), 'build');
  const doc = readFileSync(join(build, 'docs', 'features', 'command-line-interface.md'), 'utf8');
  assert.match(doc, /^# Command-line interface\n\n/);
  assert.doesNotMatch(doc, /^---|^import |<Tabs|<TabItem/m);
  assert.match(doc, /^\*\*Linux \/ macOS\*\*$/m, "a tab's label stays above its content");
  assert.match(doc, /^```bash\nnpm install -g @memora\/cli/m);
  const api = readFileSync(join(build, 'docs', 'api', 'get-trash.md'), 'utf8');
  assert.match(api, /^# List the trash\n/);
  assert.match(api, /^## Authorization$/m);
  assert.match(api, /^```/m);
  assert.doesNotMatch(api, /<[a-z]+[ >]/, 'no HTML left');
  const full = readFileSync(join(build, 'llms-full.txt'), 'utf8');
  assert.ok(full.indexOf('# Introduction') < full.indexOf('# Install with Docker Compose'), 'sidebar order');
  assert.ok(full.length > 100_000);
});

test('Memora: every doc and post has its social card, 1200x630, named in og:image and twitter:image', async () => {
  const build = join(await memora.ready(), 'build');
  const html = readFileSync(join(build, 'docs', 'install', 'docker-compose', 'index.html'), 'utf8');
  const image = /<meta property="og:image" content="https:\/\/memora\.example\/(assets\/cards\/[0-9a-f]{16}\.png)">/.exec(html)?.[1];
  assert.ok(image, 'og:image names a card');
  assert.match(html, new RegExp(`<meta name="twitter:image" content="https://memora\\.example/${image}">`));
  assert.deepEqual(pngSize(join(build, image)), { width: 1200, height: 630 });
  const cards = readdirSync(join(build, 'assets', 'cards'));
  assert.ok(cards.length >= 55, `${cards.length} cards`);
});

test('a warm build copies the cards it drew; a changed title draws that one card again; socialCards: false draws none', async () => {
  const dir = makeSite({});
  sites.push(dir);
  const first = await runCli(['build', dir]);
  assert.equal(first.code, 0, first.stderr);
  const cards = () => readdirSync(join(dir, 'build', 'assets', 'cards')).sort();
  const before = cards();
  assert.equal(before.length, 3);
  const cached = readdirSync(join(dir, '.docsite', 'cache', 'cards'));
  assert.equal(cached.length, 3);
  const second = await runCli(['build', dir]);
  assert.match(second.stdout + second.stderr, /social cards 3 cards/);
  assert.deepEqual(cards(), before);
  const intro = join(dir, 'docs', 'intro.md');
  const source = readFileSync(intro, 'utf8');
  writeFileSync(intro, source.replace(/title: .*/, 'title: A new title'));
  const third = await runCli(['build', dir]);
  assert.equal(third.code, 0, third.stderr);
  assert.equal(cards().filter((name) => !before.includes(name)).length, 1, 'one new card');
  assert.equal(readdirSync(join(dir, '.docsite', 'cache', 'cards')).length, 4);
  const config = join(dir, 'docsite.config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace("url: 'https://fixture.example',", "url: 'https://fixture.example',\n  socialCards: false,\n  llms: { markdownPages: false, llmsTxt: false, llmsFullTxt: false },"));
  const off = await runCli(['build', dir]);
  assert.equal(off.code, 0, off.stderr);
  assert.ok(!existsSync(join(dir, 'build', 'assets', 'cards')));
  assert.doesNotMatch(readFileSync(join(dir, 'build', 'docs', 'intro', 'index.html'), 'utf8'), /og:image/);
  assert.ok(!existsSync(join(dir, 'build', 'llms.txt')) && !existsSync(join(dir, 'build', 'docs', 'intro.md')));
});
