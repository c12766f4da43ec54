import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeSite, removeSite, runCli, startDev } from '../helpers';

// A Docusaurus docs and blog folder (test/fixtures/docusaurus) builds as it is, with only a
// docsite.config.ts beside it, and each Docusaurus feature renders as Docusaurus shows it.

describe('a Docusaurus docs folder', () => {
  let dir: string;
  let output: string;
  const html = (route: string) => readFileSync(join(dir, 'build', route.replace(/^\//, ''), 'index.html'), 'utf8');

  before(async () => {
    dir = makeSite({}, 'docusaurus');
    const result = await runCli(['build', dir]);
    output = result.stdout + result.stderr;
    assert.equal(result.code, 0, output);
  });
  after(() => removeSite(dir));

  test('builds with no warning', () => {
    assert.doesNotMatch(output, /warning/i);
  });

  test('.md files are MDX: imports, JSX, expressions, @site components, style objects, iframes', () => {
    const page = html('/docs');
    assert.match(page, /<span class="highlight" style="background-color:#1877F2[^"]*">highlighted words<\/span>/);
    assert.match(page, /computed by an expression: (<!-- -->)?2024/);
    assert.match(page, /<div style="border:1px solid #ccc;padding:8px;border-radius:4px">A box styled/);
    assert.match(page, /<iframe [^>]*src="https:\/\/www\.youtube-nocookie\.com\/embed\//);
  });

  test('headings with custom ids, reference links and links to .md files by relative and site-absolute path', () => {
    const page = html('/docs');
    assert.match(page, /<h2 id="install"/);
    assert.match(page, /href="\/docs\/reference\/configuration">requirements<\/a>/);
    assert.match(page, /href="\/docs\/guides\/tabs">tabs guide<\/a>/);
    assert.match(page, /href="\/docs\/guides\/code#titles">code guide<\/a>/);
  });

  test('admonitions: titled, nested, and the Admonition component', () => {
    const intro = html('/docs');
    assert.match(intro, /class="admonition admonition-tip"><div class="admonition-heading">Before you start<\/div>/);
    assert.match(intro, /class="admonition admonition-tip">[\s\S]*class="admonition admonition-note"><div class="admonition-heading">Nested note<\/div>/);
    assert.doesNotMatch(intro.replace(/<pre[\s\S]*?<\/pre>/g, ''), /<p>:{3,}<\/p>/, 'no fence left over as text');
    const components = html('/docs/guides/components');
    assert.match(components, /class="admonition admonition-warning"><div class="admonition-heading">Mind the quota<\/div>/);
    assert.match(components, /class="admonition admonition-info"><div class="admonition-heading">Info<\/div>/);
  });

  test('details, the Details component, @docusaurus/Link, useBaseUrl and BrowserOnly', () => {
    assert.match(html('/docs'), /<details><summary>Why another registry\?<\/summary>/);
    const page = html('/docs/guides/components');
    assert.match(page, /<details class="details"><summary>Show the quota formula<\/summary>/);
    assert.match(page, /<a href="\/docs\/guides\/tabs">tabs guide<\/a>/);
    assert.match(page, /<code>\/img\/logo\.svg<\/code>/);
    assert.match(page, /Loading the screen size…/, 'BrowserOnly renders its fallback on the server');
    assert.match(page, /<span class="highlight" style="background-color:#25c2a0[^"]*">local component<\/span>/, 'a global component from src/theme/MDXComponents, used without an import');
  });

  test('tabs from @theme/Tabs with every panel in the HTML', () => {
    const page = html('/docs/guides/tabs');
    assert.equal((page.match(/role="tab"/g) ?? []).length, 6);
    assert.match(page, /role="tabpanel"[^>]*hidden=""[^>]*>[\s\S]*brew services start harbor/, 'hidden panels are in the HTML too');
  });

  test('code blocks: titles, line numbers, highlighted lines by range and by comment, diff, CodeBlock and raw imports', () => {
    const page = html('/docs/guides/code');
    assert.match(page, /<div class="code-block-title">harbor\.yml<\/div>/);
    assert.match(page, /class="line-numbers shiki/);
    assert.equal((page.match(/class="line highlighted"/g) ?? []).length, 6, '{1,3-4} and the highlight comments');
    assert.doesNotMatch(page, /highlight-(next-line|start|end)/, 'the comments themselves are removed');
    assert.match(page, /class="code-block language-diff"/);
    assert.match(page, /<div class="code-block-title">push\.py<\/div>/);
    const text = page.replace(/<[^>]+>/g, '');
    assert.match(page, /code-block language-python[\s\S]*subprocess/, 'raw-loader import inlined and highlighted');
    assert.match(text, /def push\(image: str\) -> None:/);
    assert.match(page, /code-block language-yaml[\s\S]*retention_days/, '?raw import inlined');
    assert.match(text, /harbor login harbor\.example\nharbor push my\/image:1\.0/, 'CodeBlock with the code written in it');
  });

  test('images next to the page and in static/, and require() in JSX, with their size', () => {
    const page = html('/docs/guides/images');
    const diagram = /<img src="(\/assets\/media\/diagram-[A-Z0-9]+\.png)" alt="The replication diagram" width="240" height="120"/.exec(page);
    assert.ok(diagram, 'the relative image is bundled, with width and height');
    assert.ok(existsSync(join(dir, 'build', diagram[1]!)), 'and the file is in the build');
    assert.match(page, /<img src="\/img\/logo\.svg" alt="Harbor logo" width="64" height="64"/);
    assert.match(page, new RegExp(`<img src="${diagram[1]!.replace(/\./g, '\\.')}" alt="The diagram again" width="200"/>`));
  });

  test('Markdown partials by site-absolute and relative path; files starting with _ are not pages', () => {
    const page = html('/docs/guides/partials');
    assert.match(page, /Set <code>HARBOR_URL<\/code> to your registry/);
    assert.match(page, /remove the test project/);
    assert.ok(!existsSync(join(dir, 'build', 'docs', 'partials')));
  });

  test('sidebars.js: autogenerated, generated-index and doc-linked categories, doc, ref and link items', () => {
    const index = html('/docs/category/guides');
    assert.match(index, /<h1>All guides<\/h1><p>Everything you can do with Harbor, one guide at a time\.<\/p>/);
    assert.match(index, /class="doc-card" href="\/docs\/guides\/tabs"/);
    const overview = html('/docs/reference/overview');
    assert.match(overview, /class="doc-card-list"><a class="doc-card" href="\/docs\/reference\/configuration">/, 'DocCardList of the category');
    assert.match(overview, /href="https:\/\/example\.com\/harbor"/);
    assert.match(overview, /class="[^"]*sidebar-config[^"]*"/, 'sidebar_class_name');
    const advanced = html('/docs/category/advanced');
    assert.match(advanced, /<h1>Advanced guides<\/h1><p>For registries with more than one site\.<\/p>/, 'generated-index from _category_.json');
    assert.match(advanced, /class="doc-card" href="\/docs\/guides\/advanced\/mirroring"/);
  });

  test('front matter: slug, sidebar_label, pagination_next, hide_table_of_contents, hide_title, unlisted, draft, keywords, image', () => {
    assert.match(html('/docs'), /<meta name="keywords" content="registry, containers">/);
    assert.match(html('/docs'), /<meta property="og:image" content="https:\/\/harbor\.example\/img\/logo\.svg">/);
    const configuration = html('/docs/reference/configuration');
    assert.doesNotMatch(configuration, /pagination-next/);
    assert.doesNotMatch(configuration, /class="toc/);
    assert.match(html('/docs/guides/code'), />Tabs<\/a>/, 'sidebar_label');
    assert.match(configuration, /<a class="edit-link" href="https:\/\/example\.com\/harbor\/edit\/configuration\.md"/, 'custom_edit_url');
    assert.match(configuration, /Last updated on <time dateTime="2024-03-01T00:00:00\.000Z">Mar 1, 2024<\/time> (<!-- -->)?by <b>Mira Okafor<\/b>/, 'last_update');
    assert.match(html('/docs/guides/components'), /class="pagination-link pagination-next"[^>]*>[\s\S]*?Pictures/, 'pagination_label');
    assert.match(html('/docs/changelog'), /class="docs-sidebar"/, 'displayed_sidebar');
    const hidden = html('/docs/reference/hidden');
    assert.match(hidden, /<meta name="robots" content="noindex/);
    assert.ok(!existsSync(join(dir, 'build', 'docs', 'reference', 'drafted')), 'drafts are not built');
  });

  test('the blog: authors file, tags, truncate', () => {
    const list = html('/blog');
    assert.match(list, /Harbor now copies images between registries/);
    assert.doesNotMatch(list, /every push reaches the other sites/, 'the list stops at <!-- truncate -->');
    assert.match(html('/blog/2024/01/15/replication'), /Mira Okafor/);
  });
});

test('an import docsite does not provide is one warning naming the file and line, and the page still builds with a placeholder', async () => {
  const dir = makeSite({ 'docs/extra.mdx': "import ApiItem from '@theme/ApiItem';\n\n# Extra\n\n<ApiItem>Still shown.</ApiItem>\n" }, 'docusaurus');
  try {
    const result = await runCli(['build', dir]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /warning docs\/extra\.mdx:1: `@theme\/ApiItem` is not provided by docsite; the page shows a placeholder box instead/);
    assert.equal((result.stderr.match(/@theme\/ApiItem/g) ?? []).length, 1, 'one warning, not one per bundle');
    assert.match(readFileSync(join(dir, 'build', 'docs', 'extra', 'index.html'), 'utf8'), /Not available: <code>@theme\/ApiItem<\/code><\/span>Still shown\./);
  } finally {
    removeSite(dir);
  }
});

test('docsite dev serves the same pages: theme components share the page runtime', async () => {
  const dir = makeSite({}, 'docusaurus');
  const dev = await startDev(dir);
  try {
    for (const path of ['/docs', '/docs/guides/tabs', '/docs/guides/code', '/docs/guides/components', '/docs/guides/images', '/docs/guides/partials', '/docs/reference/overview', '/docs/category/guides']) {
      const response = await fetch(dev.origin + path);
      assert.equal(response.status, 200, `${path}\n${dev.output()}`);
    }
    const overview = await (await fetch(`${dev.origin}/docs/reference/overview`)).text();
    assert.match(overview, /class="doc-card-list"><a class="doc-card" href="\/docs\/reference\/configuration">/);
  } finally {
    await dev.stop();
    removeSite(dir);
  }
});

test('an image next to a page that does not exist fails the build at its line', async () => {
  const dir = makeSite({ 'docs/broken-image.md': '# Broken image\n\nText.\n\n![A diagram](./img/nowhere.png)\n' }, 'docusaurus');
  try {
    const result = await runCli(['build', dir]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /error docs\/broken-image\.md:5:1: image not found: \.\/img\/nowhere\.png/);
    assert.ok(!existsSync(join(dir, 'build')), 'nothing written');
  } finally {
    removeSite(dir);
  }
});

test('every media type an author uses is copied with a hashed name: .jpeg and .gif images, video, audio, PDF', async () => {
  // A file with a .jpeg name (the stock template's welcome post has one): what matters is its extension.
  const jpeg = 'JPEG bytes';
  const dir = makeSite(
    {
      'blog/2024-02-01-media/index.md': '---\ntitle: Media\nauthors: [mira]\n---\n\n![A banner](./banner.jpeg)\n',
      'blog/2024-02-01-media/banner.jpeg': jpeg,
      'docs/media.mdx': "import clip from './media/clip.mp4';\nimport sound from './media/sound.mp3';\nimport guide from './media/guide.pdf';\nimport anim from './media/anim.gif';\n\n# Media\n\n<video src={clip} />\n<audio src={sound} />\n<a href={guide}>The guide</a>\n<img src={anim} alt=\"An animation\" />\n",
      'docs/media/clip.mp4': 'not really a video',
      'docs/media/sound.mp3': 'not really audio',
      'docs/media/guide.pdf': '%PDF-1.4 not really a document',
      'docs/media/anim.gif': 'GIF89a',
    },
    'docusaurus',
  );
  try {
    const result = await runCli(['build', dir]);
    assert.equal(result.code, 0, result.stderr);
    const doc = readFileSync(join(dir, 'build', 'docs', 'media', 'index.html'), 'utf8');
    for (const [name, extension] of [['clip', 'mp4'], ['sound', 'mp3'], ['guide', 'pdf'], ['anim', 'gif']]) {
      const url = new RegExp(`/assets/media/${name}-[A-Z0-9]+\\.${extension}`).exec(doc)?.[0];
      assert.ok(url, `${name}.${extension} in the page`);
      assert.ok(existsSync(join(dir, 'build', url)), `${url} written`);
    }
    assert.match(readFileSync(join(dir, 'build', 'blog', '2024', '02', '01', 'media', 'index.html'), 'utf8'), /<img src="\/assets\/media\/banner-[A-Z0-9]+\.jpeg" alt="A banner"/);
  } finally {
    removeSite(dir);
  }
});

test('a CommonJS sidebars.js loads even where package.json says "type": "module"', async () => {
  const dir = makeSite({ 'package.json': '{ "private": true, "type": "module" }\n' }, 'docusaurus');
  try {
    const result = await runCli(['build', dir]);
    assert.equal(result.code, 0, result.stderr);
    assert.ok(existsSync(join(dir, 'build', 'docs', 'category', 'guides', 'index.html')));
  } finally {
    removeSite(dir);
  }
});
