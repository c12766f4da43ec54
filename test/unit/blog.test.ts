import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { validateConfig } from '../../src/config/load';
import { loadBlog, readingTime } from '../../src/content/blog';
import { pagePath } from '../../src/content/pages';
import { tagSlug } from '../../src/content/tags';
import { DocsiteError } from '../../src/core/errors';
import { blogRoutes } from '../../src/routes/blog';
import { feedLinks } from '../../src/routes/feeds';
import { createRoutes } from '../../src/routes';
import { paginate } from '../../src/routes/route';
import type { BlogArchivePageData, BlogAuthorPostsPageData, BlogAuthorsPageData, BlogListPageData, BlogPostPageData, BlogTagPostsPageData, BlogTagsPageData, NotFoundPageData } from '../../src/shared/types';
import { makeSite, removeSite } from '../helpers';

const sites: string[] = [];
after(() => sites.forEach(removeSite));

function site(files: Record<string, string>, blog: Record<string, unknown> = {}) {
  const dir = makeSite(files, null);
  sites.push(dir);
  return { dir, config: validateConfig({ title: 'T', url: 'https://t.example', blog }, 'docsite.config.ts') };
}

const post = (front: string, body = 'Text.\n') => `---\n${front}\n---\n\n${body}`;

test('tag slugs are kebab case with letters and digits apart', () => {
  assert.equal(tagSlug('v1.64.0 - v1.71.0'), 'v-1-64-0-v-1-71-0');
  assert.equal(tagSlug('Recap 2023'), 'recap-2023');
  assert.equal(tagSlug('release'), 'release');
  assert.equal(tagSlug('OAuth login'), 'o-auth-login');
  assert.equal(tagSlug('Café & Crème'), 'café-crème');
});

test('routes come from the file date and name, or from the front matter slug', async () => {
  const { dir, config } = site({
    'blog/2023-06-24-update.md': post('title: A'),
    'blog/2023-07-29-update/index.md': post('title: B'),
    'blog/2022-12-10-release.md': post('title: C\nslug: release-1-36'),
    'blog/2023-12-31-recap.md': post('title: D\nslug: /2023/2023-recap'),
    'blog/undated.md': post('title: E\ndate: 2021-05-01'),
    'blog/_partial.md': 'not a post',
  });
  const posts = await loadBlog({ siteDir: dir, config, includeDrafts: false });
  assert.deepEqual(
    posts.map((entry) => entry.path),
    ['/blog/2023/2023-recap', '/blog/2023/07/29/update', '/blog/2023/06/24/update', '/blog/release-1-36', '/blog/undated'],
  );
  assert.equal(new Date(posts.at(-1)!.date).toISOString(), '2021-05-01T00:00:00.000Z');
});

test('a date anywhere in the path, as Docusaurus reads it: YYYY/MM-DD folders, YYYY/MM/DD, a dated folder', async () => {
  const { dir, config } = site({
    'blog/2023/06-24/update.mdx': post('title: A'),
    'blog/2022/12-24-some-post/index.mdx': post('title: B'),
    'blog/2021/3/7/spring.md': post('title: C'),
    'blog/2026-02-10/release.md': post('title: D'),
  });
  const posts = await loadBlog({ siteDir: dir, config, includeDrafts: false });
  assert.deepEqual(
    posts.map((entry) => [entry.path, new Date(entry.date).toISOString().slice(0, 10)]),
    [
      ['/blog/2026/02/10/release', '2026-02-10'],
      ['/blog/2023/06/24/update', '2023-06-24'],
      ['/blog/2022/12/24/some-post', '2022-12-24'],
      ['/blog/2021/03/07/spring', '2021-03-07'],
    ],
  );
});

test('front matter date wins over the file name; impossible and unparseable dates are errors naming the file', async () => {
  const ok = site({ 'blog/2023-01-01-a.md': post('title: A\ndate: 2023-02-03T10:00:00Z') });
  const [only] = await loadBlog({ siteDir: ok.dir, config: ok.config, includeDrafts: false });
  assert.equal(new Date(only!.date).toISOString(), '2023-02-03T10:00:00.000Z');
  assert.equal(only!.path, '/blog/2023/01/01/a');

  const bad = site({ 'blog/2023-01-01-a.md': post('title: A\ndate: next tuesday') });
  await assert.rejects(loadBlog({ siteDir: bad.dir, config: bad.config, includeDrafts: false }), (error: unknown) => error instanceof DocsiteError && error.file === 'blog/2023-01-01-a.md' && error.line === 3 && /not a date/.test(error.message));
  const impossible = site({ 'blog/2023-02-30-a.md': post('title: A') });
  await assert.rejects(loadBlog({ siteDir: impossible.dir, config: impossible.config, includeDrafts: false }), /impossible date 2023-02-30/);
  const none = site({ 'blog/a.md': post('title: A') });
  await assert.rejects(loadBlog({ siteDir: none.dir, config: none.config, includeDrafts: false }), /needs a date/);
});

test('authors from the authors file or inline; a missing key is an error naming the file and line', async () => {
  const files = { 'blog/authors.yml': 'ada:\n  name: Ada\n  title: Maintainer\n  image_url: /img/ada.png\n' };
  const ok = site({ ...files, 'blog/2023-01-01-a.md': post('title: A\nauthors:\n  - ada\n  - name: Guest\n    url: https://guest.example') });
  const [only] = await loadBlog({ siteDir: ok.dir, config: ok.config, includeDrafts: false });
  assert.deepEqual(only!.authors, [{ name: 'Ada', title: 'Maintainer', imageUrl: '/img/ada.png', key: 'ada', position: 0 }, { name: 'Guest', url: 'https://guest.example' }]);

  const bad = site({ ...files, 'blog/2023-01-01-a.md': post('title: A\nauthors: [ada, bob]') });
  await assert.rejects(loadBlog({ siteDir: bad.dir, config: bad.config, includeDrafts: false }), (error: unknown) => error instanceof DocsiteError && error.file === 'blog/2023-01-01-a.md' && error.line === 3 && /unknown author "bob".*known: ada/.test(error.message));
});

test('an author page that is not true, false or { permalink }, or two authors with one page, is an error at the author', async () => {
  const postFile = { 'blog/2023-01-01-a.md': post('title: A\nauthors: [ada]') };
  const wrong = site({ ...postFile, 'blog/authors.yml': 'ada:\n  name: Ada\n  page:\n    permalink: 5\n' });
  await assert.rejects(loadBlog({ siteDir: wrong.dir, config: wrong.config, includeDrafts: false }), (error: unknown) => error instanceof DocsiteError && error.file === 'blog/authors.yml' && error.line === 1 && /author "ada": page must be true, false or \{ permalink/.test(error.message));
  const twice = site({ ...postFile, 'blog/authors.yml': 'ada:\n  name: Ada\n  page: { permalink: team }\nbob:\n  name: Bob\n  page: { permalink: /team/ }\n' });
  await assert.rejects(loadBlog({ siteDir: twice.dir, config: twice.config, includeDrafts: false }), (error: unknown) => error instanceof DocsiteError && error.file === 'blog/authors.yml' && error.line === 4 && /authors "ada" and "bob" have the same page, authors\/team/.test(error.message));
});

test('with a tags file, front matter tags must be its keys', async () => {
  const files = { 'blog/tags.yml': "release:\n  label: Release\n  permalink: /release\n'v1.64.0 - v1.71.0':\n  label: v1.64.0 - v1.71.0\n" };
  const ok = site({ ...files, 'blog/2023-01-01-a.md': post("title: A\ntags: [release, 'v1.64.0 - v1.71.0', { label: Inline Tag }]") });
  const [only] = await loadBlog({ siteDir: ok.dir, config: ok.config, includeDrafts: false });
  assert.deepEqual(only!.tags.map((tag) => [tag.label, tag.slug]), [['Release', 'release'], ['v1.64.0 - v1.71.0', 'v-1-64-0-v-1-71-0'], ['Inline Tag', 'inline-tag']]);

  const bad = site({ ...files, 'blog/2023-01-01-a.md': post('title: A\ntags: [relase]') });
  await assert.rejects(loadBlog({ siteDir: bad.dir, config: bad.config, includeDrafts: false }), (error: unknown) => error instanceof DocsiteError && error.file === 'blog/2023-01-01-a.md' && /unknown tag "relase".*blog\/tags\.yml/.test(error.message));
});

test('two posts on one route, drafts, truncate marker and reading time', async () => {
  const clash = site({ 'blog/2023-01-01-a.md': post('title: A\nslug: same'), 'blog/2023-01-02-b.md': post('title: B\nslug: same') });
  await assert.rejects(loadBlog({ siteDir: clash.dir, config: clash.config, includeDrafts: false }), /two blog posts share the route \/blog\/same: blog\/2023-01-01-a\.md and blog\/2023-01-02-b\.md/);

  const { dir, config } = site({
    'blog/2023-01-01-a.md': post('title: A', 'Intro.\n\n<!-- truncate -->\n\nRest.\n'),
    'blog/2023-01-02-b.md': post('title: B\ndraft: true'),
    'blog/2023-01-03-c.md': post('title: C', '```md\n<!-- truncate -->\n```\n\nNo marker outside code.\n'),
  });
  const posts = await loadBlog({ siteDir: dir, config, includeDrafts: false });
  assert.deepEqual(posts.map((entry) => entry.title), ['C', 'A']);
  assert.equal(posts[1]!.excerptContent, '---\ntitle: A\n---\n\nIntro.\n\n');
  assert.equal(posts[0]!.excerptContent, undefined);
  assert.equal((await loadBlog({ siteDir: dir, config, includeDrafts: true })).length, 3);
  assert.equal(readingTime('word '.repeat(200)), 1);
  assert.equal(readingTime('word '.repeat(201)), 2);
  assert.equal(readingTime('import X from "y";\n\n<Component prop="a" />'), 1);
});

test('pagination: page 1 at the base, then /page/n', () => {
  const pages = paginate([1, 2, 3, 4, 5], 2, '/blog');
  assert.deepEqual(pages.map((page) => [page.path, page.items]), [['/blog', [1, 2]], ['/blog/page/2', [3, 4]], ['/blog/page/3', [5]]]);
  assert.equal(pages[0]!.totalPages, 3);
  assert.deepEqual(paginate([], 2, '/blog').map((page) => page.path), ['/blog']);
  assert.deepEqual(paginate([1, 2, 3], 'ALL', '/blog').map((page) => page.items), [[1, 2, 3]]);
});

test('blog routes: posts with newer/older links, paginated lists, tags with counts, archive by year', async () => {
  const { dir, config } = site(
    {
      'blog/2022-12-10-a.md': post('title: A\ntags: [release]', 'A.\n\n<!-- truncate -->\n\nMore.\n'),
      'blog/2023-06-24-b.md': post('title: B\ntags: [news, release]'),
      'blog/2023-07-29-c.md': post('title: C\ntags: [news]'),
      'blog/2023-08-01-hidden.md': post('title: Hidden\nunlisted: true\ntags: [news]'),
    },
    { postsPerPage: 2, blogSidebarCount: 2 },
  );
  const posts = await loadBlog({ siteDir: dir, config, includeDrafts: false });
  const routes = blogRoutes({ config, posts, compiled: new Map(), href: (path) => path });
  const byPath = new Map(routes.map((route) => [route.path, route]));
  assert.deepEqual([...byPath.keys()].sort(), [
    '/blog',
    '/blog/2022/12/10/a',
    '/blog/2023/06/24/b',
    '/blog/2023/07/29/c',
    '/blog/2023/08/01/hidden',
    '/blog/archive',
    '/blog/page/2',
    '/blog/tags',
    '/blog/tags/news',
    '/blog/tags/release',
  ]);
  const b = byPath.get('/blog/2023/06/24/b')!.data as BlogPostPageData;
  assert.deepEqual([b.previous?.title, b.next?.title], ['C', 'A']);
  assert.deepEqual(b.sidebar?.items.map((item) => item.title), ['C', 'B']);
  assert.equal(byPath.get('/blog/2023/08/01/hidden')!.noindex, true);

  const first = byPath.get('/blog')!;
  const firstData = first.data as BlogListPageData;
  assert.deepEqual(firstData.posts.map((entry) => entry.title), ['C', 'B']);
  assert.deepEqual(firstData.pagination, { page: 1, totalPages: 2, next: '/blog/page/2' });
  assert.deepEqual((byPath.get('/blog/page/2')!.data as BlogListPageData).pagination, { page: 2, totalPages: 2, previous: '/blog' });
  assert.deepEqual(byPath.get('/blog/page/2')!.excerptFiles, [`${posts.find((entry) => entry.title === 'A')!.absolutePath}?excerpt`]);
  assert.equal((byPath.get('/blog/page/2')!.data as BlogListPageData).posts[0]!.truncated, true);

  const tags = byPath.get('/blog/tags')!.data as BlogTagsPageData;
  assert.deepEqual(tags.tags.map((tag) => [tag.label, tag.count, tag.permalink]), [['news', 2, '/blog/tags/news'], ['release', 2, '/blog/tags/release']]);
  const news = byPath.get('/blog/tags/news')!.data as BlogTagPostsPageData;
  assert.equal(news.title, '2 posts tagged with "news"');
  assert.deepEqual(news.posts.map((entry) => entry.title), ['C', 'B']);

  const archive = byPath.get('/blog/archive')!.data as BlogArchivePageData;
  assert.deepEqual(archive.years.map((year) => [year.year, year.posts.map((entry) => entry.title)]), [['2023', ['C', 'B']], ['2022', ['A']]]);
});

test('a blog at the site root (routeBasePath "/"): the list is the home page and every route joins cleanly', async () => {
  const { dir, config } = site(
    {
      'blog/2023-06-24-b.md': post('title: B\ntags: [微信]'),
      'blog/2023-07-29-c.md': post('title: C\nslug: /custom'),
      'blog/2023-08-01-d.md': post('title: D'),
    },
    { routeBasePath: '/', postsPerPage: 2 },
  );
  const posts = await loadBlog({ siteDir: dir, config, includeDrafts: false });
  const routes = blogRoutes({ config, posts, compiled: new Map(), href: (path) => path });
  assert.deepEqual(routes.map((route) => route.path).sort(), ['/', '/2023/06/24/b', '/2023/08/01/d', '/archive', '/custom', '/page/2', '/tags', '/tags/微信']);
  assert.equal(routes.find((route) => route.path === '/')!.data.kind, 'blogList');
  assert.deepEqual((routes.find((route) => route.path === '/tags')!.data as BlogTagsPageData).tags.map((tag) => tag.permalink), ['/tags/微信']);
  assert.deepEqual(feedLinks(config, true).map((feed) => feed.href), ['/rss.xml', '/atom.xml', '/feed.json']);

  // Docusaurus warns of duplicate routes and keeps one of them, unpredictably; docsite names both and stops.
  const home = { format: 'react' as const, hasMeta: false, absolutePath: `${dir}/pages/index.tsx`, source: 'pages/index.tsx', path: '/' };
  assert.throws(
    () => createRoutes({ config, docs: [], posts, pages: [home], compiled: new Map(), docSidebars: new Map(), lastUpdates: new Map(), href: (path) => path }),
    (error: unknown) => error instanceof DocsiteError && /two pages share the route \/: pages\/index\.tsx and the generated blogList page/.test(error.message),
  );
});

test('the not-found page of a site without docs offers no docs link', async () => {
  const { dir, config } = site({ 'blog/2023-06-24-b.md': post('title: B') });
  const posts = await loadBlog({ siteDir: dir, config, includeDrafts: false });
  const inputs = { config, docs: [], posts, pages: [], compiled: new Map(), docSidebars: new Map(), lastUpdates: new Map(), href: (path: string) => path };
  const notFound = (routes: ReturnType<typeof createRoutes>) => routes.find((route) => route.data.kind === 'notFound')!.data as NotFoundPageData;
  assert.equal(notFound(createRoutes(inputs)).docsHome, undefined);
  assert.equal(notFound(createRoutes({ ...inputs, docsHome: '/docs/intro' })).docsHome, '/docs');
});

test('authors with page: true get a page of their posts; /blog/authors lists the authors of the authors file', async () => {
  const { dir, config } = site(
    {
      'blog/authors.yml': [
        'ada:', '  name: Ada', '  url: https://ada.example', '  page: true',
        'bo:', '  name: Bo', '  page:', '    permalink: /all-of-bo',
        'cy:', '  name: Cy', '  url: https://cy.example',
      ].join('\n'),
      'blog/2023-01-01-a.md': post('title: A\nauthors: [ada, bo]'),
      'blog/2023-02-01-b.md': post('title: B\nauthors: ada'),
      'blog/2023-03-01-c.md': post('title: C\nauthors: [ada, cy]'),
      'blog/2023-04-01-d.md': post('title: D\nauthors: [{ name: Guest }]'),
    },
    { postsPerPage: 2 },
  );
  const posts = await loadBlog({ siteDir: dir, config, includeDrafts: false });
  const routes = blogRoutes({ config, posts, compiled: new Map(), href: (path) => path });
  const byPath = new Map(routes.map((route) => [route.path, route]));
  assert.deepEqual(
    [...byPath.keys()].filter((path) => path.startsWith('/blog/authors')).sort(),
    ['/blog/authors', '/blog/authors/ada', '/blog/authors/ada/authors/2', '/blog/authors/all-of-bo'],
  );
  const list = byPath.get('/blog/authors')!.data as BlogAuthorsPageData;
  assert.deepEqual(list.authors.map((author) => [author.name, author.count, author.pagePermalink]), [['Ada', 3, '/blog/authors/ada'], ['Bo', 1, '/blog/authors/all-of-bo'], ['Cy', 1, undefined]]);
  const ada = byPath.get('/blog/authors/ada')!.data as BlogAuthorPostsPageData;
  assert.deepEqual([ada.kind, ada.author.name, ada.posts.map((entry) => entry.title), ada.pagination.next], ['blogAuthorPosts', 'Ada', ['C', 'B'], '/blog/authors/ada/authors/2']);
  const c = byPath.get('/blog/2023/03/01/c')!.data as BlogPostPageData;
  assert.deepEqual(c.authors, [{ name: 'Ada', url: 'https://ada.example', pagePermalink: '/blog/authors/ada' }, { name: 'Cy', url: 'https://cy.example' }]);
});

test('page routes follow the file path', () => {
  assert.equal(pagePath('index.tsx'), '/');
  assert.equal(pagePath('milestones.tsx'), '/milestones');
  assert.equal(pagePath('guides/index.mdx'), '/guides');
  assert.equal(pagePath('a/b.md'), '/a/b');
});
