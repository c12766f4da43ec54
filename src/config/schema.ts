import * as z from 'zod';

// The config schema. Option names follow Docusaurus's where the concept is the same, so a Docusaurus
// user feels at home; every object is strict, so a mistyped key is an error that names it.
//
// Every key describes itself (`.describe()`): the README's config reference is generated from these
// texts and the defaults below (src/config/reference.ts, `npm run docs:config`). Where a default is not
// a value the schema holds (it depends on another key), `defaultText` says it in words. An accepted key
// must take effect: a key docsite cannot honour is rejected with a message saying what to do instead.

declare module 'zod' {
  interface GlobalMeta {
    /** The default in words, for keys whose default is not a fixed value of the schema. */
    defaultText?: string;
  }
}

/** Attribute records of head tags: names as HTML has them, values as text. */
const attributes = z.record(z.string().regex(/^[a-z][a-z0-9:_-]*$/i, 'an attribute name is letters, digits, ":", "_" or "-"'), z.string());

const navbarItem = z
  .strictObject({
    type: z
      .enum(['default', 'doc', 'docSidebar', 'docsVersionDropdown', 'localeDropdown', 'search'])
      .default('default')
      .describe(
        "`default`: a link; `doc`: a link to a doc (`docId`); `docSidebar`: a link to the first page of a sidebar (`sidebarId`); `docsVersionDropdown`: the docs versions' menu (`docsPluginId` names the docs), which leads to the same doc in the version picked; `localeDropdown`: the language menu, which leads to the same page in the language picked; `search`: the search box.",
      ),
    label: z.string().optional().meta({
      description: 'Text of a link or of a menu button.',
      defaultText: "a link's target; the language menu's: the page's locale's name; the versions menu's: the label of the version read",
    }),
    to: z.string().optional().describe('An internal path, e.g. `/docs/api`; the base URL and the trailing-slash policy are applied.'),
    href: z.string().optional().describe('A URL, used as it is; an external one opens in a new tab.'),
    position: z.enum(['left', 'right']).default('left').describe('Side of the navbar the item sits on.'),
    activeBasePath: z.string().optional().meta({
      description: 'Path prefix under which the link is marked active (the longest matching prefix of all items wins).',
      defaultText: "the link's own path",
    }),
    'aria-label': z.string().optional().describe("Accessible name of a link, for when its text alone does not say where it leads."),
    docId: z.string().optional().describe("With `type: 'doc'`: the id of the doc it links to (`guides/setup`); the label defaults to the id."),
    sidebarId: z
      .string()
      .optional()
      .describe("With `type: 'docSidebar'`: the sidebar whose first page it links to, labelled as there; it is active on the pages of the folder the sidebar's docs share."),
    docsPluginId: z
      .string()
      .optional()
      .meta({ description: "With `type: 'doc'`, `'docSidebar'` or `'docsVersionDropdown'`: the docs the doc, sidebar or versions are of, by `docsInstances` id.", defaultText: "`'default'`: the main docs" }),
  })
  .superRefine((item, context) => {
    const notFor = (keys: (keyof typeof item)[], kind: string, reason = 'it is not a link') => {
      for (const key of keys) {
        if (item[key] === undefined) continue;
        context.addIssue({ code: 'custom', path: [key], message: `not supported on a ${kind} item: ${reason}; remove "${key}"` });
      }
    };
    const needs = (key: 'docId' | 'sidebarId', kind: string) => {
      if (item[key] === undefined) context.addIssue({ code: 'custom', path: [key], message: `a ${kind} item needs "${key}"` });
    };
    if (item.type !== 'doc') notFor(['docId'], item.type, "only a 'doc' item names a doc");
    if (item.type !== 'docSidebar') notFor(['sidebarId'], item.type, "only a 'docSidebar' item names a sidebar");
    if (item.type !== 'doc' && item.type !== 'docSidebar' && item.type !== 'docsVersionDropdown') notFor(['docsPluginId'], item.type, "only 'doc', 'docSidebar' and 'docsVersionDropdown' items name docs");
    if (item.type === 'search') notFor(['label', 'to', 'href', 'activeBasePath', 'aria-label'], 'search');
    else if (item.type === 'localeDropdown' || item.type === 'docsVersionDropdown') notFor(['to', 'href', 'activeBasePath', 'aria-label'], item.type);
    else if (item.type === 'doc' || item.type === 'docSidebar') {
      // Its target is the doc's or the sidebar's page: a path of its own would be a second target.
      notFor(['to', 'href'], item.type, `it links to its ${item.type === 'doc' ? 'doc' : "sidebar's first page"}`);
      needs(item.type === 'doc' ? 'docId' : 'sidebarId', item.type);
    } else if (item.to !== undefined && item.href !== undefined) {
      context.addIssue({ code: 'custom', path: ['href'], message: 'a link takes "to" (an internal path) or "href" (a URL), not both; remove one' });
    }
  });

const footerLink = z
  .strictObject({
    label: z.string().describe('Text of the link.'),
    to: z.string().optional().describe('An internal path; the base URL and the trailing-slash policy are applied.'),
    href: z.string().optional().describe('A URL, used as it is; an external one opens in a new tab.'),
  })
  .superRefine((item, context) => {
    if (item.to !== undefined && item.href !== undefined) {
      context.addIssue({ code: 'custom', path: ['href'], message: 'a link takes "to" (an internal path) or "href" (a URL), not both; remove one' });
    }
  });

const tableOfContents = z
  .strictObject({
    minHeadingLevel: z
      .number()
      .int()
      .min(2)
      .max(6)
      .default(2)
      .describe('Highest heading level listed; front matter `toc_min_heading_level` overrides it on a page. Not greater than `maxHeadingLevel`.'),
    maxHeadingLevel: z
      .number()
      .int()
      .min(2)
      .max(6)
      .default(3)
      .describe('Deepest heading level listed; front matter `toc_max_heading_level` overrides it on a page.'),
  })
  .describe('The table of contents beside docs, blog posts and Markdown pages.');

const themeConfig = z
  .strictObject({
    navbar: z
      .strictObject({
        title: z.string().optional().describe('Text beside the logo.'),
        logo: z
          .strictObject({
            src: z.string().describe('The image: a path in the output (a file of a static folder, e.g. `img/logo.svg`) or a URL.'),
            srcDark: z.string().optional().describe('The image shown in dark mode, given the same way.'),
            alt: z.string().default('').describe('Alternative text of the image.'),
          })
          .optional()
          .describe("The logo at the navbar's left end; it links to the home page."),
        hideOnScroll: z.boolean().default(false).describe('Hide the navbar while the reader scrolls down; it comes back on scrolling up.'),
        items: z
          .array(navbarItem)
          .default([])
          .describe(
            "The navbar's items: links (`{ label, to }` or `{ label, href }`), the language menu (`{ type: 'localeDropdown' }`) and the search box (`{ type: 'search' }`). Without a search item, the search box is the rightmost item.",
          ),
      })
      .default({ hideOnScroll: false, items: [] })
      .describe('The bar at the top of every page.'),
    footer: z
      .strictObject({
        style: z.enum(['dark', 'light']).default('dark').describe('Colour scheme of the footer.'),
        links: z
          .array(
            z.strictObject({
              title: z.string().describe('Heading of the column.'),
              items: z.array(footerLink).describe("The column's links."),
            }),
          )
          .default([])
          .describe('Columns of links.'),
        copyright: z.string().optional().describe('Line of text at the bottom of the footer.'),
      })
      .default({ style: 'dark', links: [] })
      .describe('The footer of every page.'),
    readingAids: z
      .strictObject({
        tocHighlight: z.boolean().default(true).describe('Mark the heading being read in the table of contents as the reader scrolls.'),
        backToTop: z.boolean().default(true).describe('A "Back to top" button far down long pages.'),
        keyboardPaging: z.boolean().default(true).describe('← and → lead to the previous and next doc (not while typing, not with a modifier).'),
        imageZoom: z.boolean().default(true).describe("Clicking an article's image opens it at full size in a dialog; an image with the class `no-zoom`, or in a link, does not."),
        copyPage: z.boolean().default(true).describe('A "Copy page" button on doc and API pages, which copies the page\'s `.md` twin, with a menu to open it (needs `llms.markdownPages`).'),
      })
      .default({ tocHighlight: true, backToTop: true, keyboardPaging: true, imageZoom: true, copyPage: true })
      .describe('What helps a reader through a page.'),
    colorMode: z
      .strictObject({
        defaultMode: z.enum(['light', 'dark']).default('light').describe("Mode of a reader's first visit."),
        disableSwitch: z.boolean().default(false).describe("Leave the light/dark switch out of the navbar."),
        respectPrefersColorScheme: z
          .boolean()
          .default(false)
          .describe("On a first visit, follow the reader's system preference instead of `defaultMode`."),
      })
      .default({ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false })
      .describe('Light and dark mode. A mode the reader picks with the switch is remembered (see `siteStorage`).'),
    announcementBar: z
      .strictObject({
        id: z.string().default('announcement-bar').describe('Names the announcement: a bar the reader closed stays closed until its `id` changes.'),
        content: z.string().describe('The announcement, as HTML.'),
        backgroundColor: z.string().optional().meta({ description: "CSS colour of the bar's background.", defaultText: "the theme's" }),
        textColor: z.string().optional().meta({ description: "CSS colour of the bar's text.", defaultText: "the theme's" }),
        isCloseable: z.boolean().default(true).describe('Give the bar a close button.'),
      })
      .optional()
      .describe('A bar above the navbar on every page.'),
    tableOfContents: tableOfContents.default({ minHeadingLevel: 2, maxHeadingLevel: 3 }),
    image: z
      .string()
      .optional()
      .describe('Social card image (`og:image`) of pages without one of their own (front matter `image`): a path in the output or a URL.'),
    metadata: z
      .array(attributes)
      .default([])
      .describe(
        "Extra `<meta>` tags, one per entry given by its attributes (`{ name: 'keywords', content: 'photos, backup' }`), in the head of every page. Values are escaped.",
      ),
  })
  .describe('The theme: navbar, footer, colour mode, announcement bar, table of contents and page metadata.');

const DOCS_INCLUDE = ['**/*.md', '**/*.mdx'];

/** A remark or rehype plugin as a config gives it: a function, or a module specifier. */
const pluginModule = z.union([
  z.string().min(1),
  z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', 'expected a plugin function or a module specifier'),
]);

const PLUGIN_FORMS =
  "Each entry is a plugin or `[plugin, options]` (options must be JSON data: they cross into the compile worker threads and take part in the compile cache key). The plugin is a function imported from a package of the site's node_modules (`import remarkMath from 'remark-math'`: docsite finds the module the import came from), or a module specifier: a package name (`'remark-math'`, resolved from the site folder) or a file path relative to the site folder (`'./plugins/remark-x.mjs'`), whose default export is taken. A plugin defined inside the config file itself, or imported from a local file, cannot be loaded by the worker threads: give a local file as a path string.";

/** The Markdown plugin keys `docs`, `docsInstances`, `blog` and `pages` share (Docusaurus's names). */
function markdownPluginKeys(what: string) {
  const list = (description: string) => z.array(z.union([pluginModule, z.tuple([pluginModule, z.unknown()])])).default([]).describe(`${description} ${PLUGIN_FORMS}`);
  return {
    remarkPlugins: list(`Remark plugins for ${what}, run after docsite's own.`),
    rehypePlugins: list(`Rehype plugins for ${what}, run after docsite's own.`),
    beforeDefaultRemarkPlugins: list(`Remark plugins for ${what}, run before docsite's own.`),
    beforeDefaultRehypePlugins: list(`Rehype plugins for ${what}, run before docsite's own.`),
  };
}

const docs = z
  .strictObject({
    path: z.string().default('docs').describe('Folder of the docs, relative to the site folder.'),
    routeBasePath: z.string().default('docs').describe('URL prefix of the docs: `intro.md` in the docs folder is `/<routeBasePath>/intro`.'),
    sidebarPath: z
      .union([z.string(), z.literal(false)])
      .optional()
      .describe(
        'An explicit sidebars file (`sidebars.ts`, `.js` or `.json`), relative to the site folder. Unset or `false`: one sidebar generated from the folder tree.',
      ),
    editUrl: z
      .string()
      .optional()
      .describe(
        'Base URL of the "Edit this page" links; the doc\'s path relative to the site folder (`docs/intro.md`) is appended. Front matter `custom_edit_url` overrides it.',
      ),
    showLastUpdateTime: z
      .boolean()
      .default(true)
      .describe('Show "Last updated on DATE" on docs pages, from the last `git log` commit of the file (front matter `last_update` overrides it).'),
    showLastUpdateAuthor: z.boolean().default(true).describe('Show "by AUTHOR" after it, from the same commit.'),
    versions: z
      .record(
        z.string().meta({ title: 'version' }),
        z.strictObject({
          label: z.string().optional().meta({
            description: 'Name of the version in the version dropdown and on its pages (`Version: 2.0`).',
            defaultText: '`Next` for `current`, else the version name',
          }),
          path: z.string().optional().meta({
            description: 'URL segment of the version under the docs: `/docs/<path>/...`; `\'\'` for none.',
            defaultText: '`next` for `current`, the name for the others; none for the last version',
          }),
          banner: z.enum(['none', 'unreleased', 'unmaintained']).optional().meta({
            description: 'A banner above every page of the version, linking to the same page of the last version.',
            defaultText: '`unreleased` for versions newer than the last (`current`), `unmaintained` for older ones, `none` for the last',
          }),
          badge: z.boolean().optional().meta({ description: 'Show the version badge (`Version: 2.0`) on its pages.', defaultText: 'true' }),
          noIndex: z.boolean().default(false).describe('Ask search engines not to index the version (`<meta name="robots" content="noindex">`) and leave it out of the sitemap.'),
        }).describe("One version's settings."),
      )
      .default({})
      .describe(
        "Settings by version name, `current` being the docs folder itself (Docusaurus's `versions`). A site has versions when `versions.json` lists them: `versioned_docs/version-<name>/` holds each one's docs and `versioned_sidebars/version-<name>-sidebars.json` its sidebars (`docsite version <name>` makes both). Versions of a `docsInstances` entry use `<id>_versions.json`, `<id>_versioned_docs/` and `<id>_versioned_sidebars/`.",
      ),
    lastVersion: z.string().optional().meta({
      description: 'The version at the docs\' own URL prefix (`/docs/...`), which readers get by default: `current` or a name of `versions.json`.',
      defaultText: 'the first version of `versions.json`, else `current`',
    }),
    onlyIncludeVersions: z
      .array(z.string())
      .optional()
      .meta({ description: 'Build these versions only (a quick preview of one: `[\'current\']`); each is `current` or a name of `versions.json`.', defaultText: 'every version' }),
    includeCurrentVersion: z.boolean().default(true).describe('Build the docs folder itself (`current`) beside the versions of `versions.json`.'),
    disableVersioning: z.boolean().default(false).describe('Build the docs folder only, as if `versions.json` did not exist.'),
    include: z
      .array(
        z
          .string()
          .min(1)
          .refine((pattern) => !pattern.startsWith('!'), 'a pattern starting with "!" is not supported: list the files to include (files and folders starting with "_" are left out anyway)'),
      )
      .default(DOCS_INCLUDE)
      .describe(
        'Which files of the docs folder are docs: glob patterns relative to it (`*` within a name, `**` across folders, `{a,b}` alternatives). Only `.md` and `.mdx` files can be docs; files and folders whose names start with `_` or `.` never are.',
      ),
    ...markdownPluginKeys('these docs'),
  })
  .describe('The docs: the Markdown and MDX files of one folder, with their sidebars.');

/** The version name of a docs folder itself, beside the released versions of versions.json. */
export const CURRENT_VERSION = 'current';

/** The label of the docs folder's own version (`Version: Next`). */
export function currentVersionLabel(options: { versions: Record<string, { label?: string | undefined }> }): string {
  return options.versions[CURRENT_VERSION]?.label ?? 'Next';
}

/** The main docs' plugin id, as Docusaurus names it; an extra instance may not take it. */
export const DEFAULT_DOCS_ID = 'default';

/**
 * An extra docs instance: every option of `docs`, plus the id navbar items name it by. Its folder and
 * URL prefix default to the id, as a second Docusaurus docs plugin's are usually written (filled in by
 * src/content/docs-instances.ts: a transform here would hide the keys from the generated reference).
 */
const docsInstance = z
  .strictObject({
    id: z
      .string()
      .regex(/^[a-zA-Z0-9_-]+$/, 'an id is letters, digits, "_" or "-"')
      .refine((id) => id !== DEFAULT_DOCS_ID, `"${DEFAULT_DOCS_ID}" is the id of the main docs (\`docs\`): give this instance another id`)
      .describe("Names the instance: a navbar item's `docsPluginId`, and the key its sidebars are known by."),
    ...docs.shape,
    path: z.string().optional().meta({ description: 'Folder of the docs, relative to the site folder.', defaultText: 'the id' }),
    routeBasePath: z.string().optional().meta({ description: 'URL prefix of these docs.', defaultText: 'the id' }),
  })
  .describe('One more docs folder, with the same options as `docs`.');

/** Two docs instances under one URL prefix would share every route: an error that names both. */
function checkDocsInstances(config: { docs: { routeBasePath: string }; docsInstances: { id: string; routeBasePath?: string | undefined }[] }, context: z.RefinementCtx): void {
  const base = (routeBasePath: string) => `/${routeBasePath.replace(/^\/+|\/+$/g, '')}`;
  const seenIds = new Set<string>();
  const bases = new Map<string, string>([[base(config.docs.routeBasePath), '`docs`']]);
  config.docsInstances.forEach((instance, index) => {
    if (seenIds.has(instance.id)) context.addIssue({ code: 'custom', path: ['docsInstances', index, 'id'], message: `two docs instances have the id "${instance.id}": give each its own` });
    seenIds.add(instance.id);
    const name = `docsInstances "${instance.id}"`;
    const path = base(instance.routeBasePath ?? instance.id);
    const other = bases.get(path);
    if (other) context.addIssue({ code: 'custom', path: ['docsInstances', index, 'routeBasePath'], message: `${name} and ${other} share the route base path ${path}: give each its own routeBasePath` });
    else bases.set(path, name);
  });
}

const feedType = z.enum(['rss', 'atom', 'json']);

const blog = z
  .strictObject({
    path: z
      .string()
      .default('blog')
      .describe(
        'Folder of the posts, relative to the site folder: `YYYY-MM-DD-slug.md(x)` files or `YYYY-MM-DD-slug/index.md(x)` folders. Without the folder the site has no blog.',
      ),
    routeBasePath: z.string().default('blog').describe('URL prefix of the blog.'),
    blogTitle: z.string().default('Blog').describe("Title of the blog's list pages."),
    blogDescription: z.string().default('Blog').describe("Description of the blog's list pages, and of the feeds unless `feedOptions.description` is set."),
    postsPerPage: z.union([z.number().int().min(1), z.literal('ALL')]).default(10).describe("Posts per list page; `'ALL'` puts every post on one page."),
    blogSidebarCount: z
      .union([z.number().int().min(0), z.literal('ALL')])
      .default(5)
      .describe("How many recent posts the blog sidebar lists: `'ALL'` lists every post, `0` hides the sidebar."),
    blogSidebarTitle: z.string().default('Recent posts').describe('Heading of the blog sidebar.'),
    showReadingTime: z.boolean().default(true).describe('Show an estimated reading time on posts and in the lists.'),
    editUrl: z.string().optional().describe('Base URL of the "Edit this page" links of posts; the post\'s path inside the blog folder is appended.'),
    authorsMapPath: z.string().default('authors.yml').describe('Authors file, inside the blog folder; front matter `authors` may name its keys.'),
    tags: z.string().default('tags.yml').describe('Tags file, inside the blog folder; when it exists, front matter `tags` must be its keys.'),
    onUntruncatedBlogPosts: z
      .enum(['ignore', 'log', 'warn', 'throw'])
      .default('warn')
      .describe('What the build does about posts without a `<!-- truncate -->` marker, which the lists show in full.'),
    feedOptions: z
      .strictObject({
        type: z
          .union([z.literal('all'), feedType, z.array(feedType), z.null()])
          .default('all')
          .describe("Which feeds to write: `'all'`, one type, a list of types, or `null` for none."),
        title: z.string().optional().meta({ description: 'Title of the feeds.', defaultText: 'the site `title` followed by "Blog"' }),
        description: z.string().optional().meta({ description: 'Description of the feeds.', defaultText: '`blogDescription`' }),
        copyright: z.string().optional().meta({ description: 'Copyright line of the feeds.', defaultText: '`Copyright © <year of the newest post> <title>`' }),
        limit: z.number().int().min(1).default(20).describe('How many of the newest posts a feed holds.'),
      })
      .default({ type: 'all', limit: 20 })
      .describe('RSS, Atom and JSON feeds of the posts, written under the blog path.'),
    ...markdownPluginKeys('the posts'),
  })
  .describe('The blog: dated posts in one folder, with generated lists, tag pages, an archive and feeds.');

const sitemap = z
  .strictObject({
    changefreq: z
      .enum(['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'])
      .optional()
      .describe('`<changefreq>` of every entry; unset: none.'),
    priority: z.number().min(0).max(1).optional().describe('`<priority>` of every entry; unset: none.'),
    ignorePatterns: z.array(z.string()).default([]).describe('Route paths (without the base URL) to leave out; a trailing `/**` covers the subtree.'),
  })
  .describe(
    '`sitemap.xml`: every page except redirects, unlisted pages and the search and 404 pages; `robots.txt` points at it. A file of the same name in a static folder is used instead of either.',
  );

/** A redirect's old path: one of this site's, never a URL (a page cannot be written for another site). */
const oldPath = z.string().refine((path) => path.trim() !== '' && !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(path), 'a path of this site, like /docs/old-name, not a URL');

const redirectRule = z.strictObject({
  from: z.union([oldPath, z.array(oldPath).min(1)]).describe('The old path, or paths, without the base URL: `/docs/old-name`.'),
  to: z.string().describe('Where it leads: a path of the site, which must exist (the build fails like on a broken link), or an absolute URL.'),
});

const redirects = z
  .union([
    z.array(redirectRule),
    z.strictObject({
      redirects: z.array(redirectRule).default([]).describe('As the list form.'),
      createRedirects: z
        .custom<(existingPath: string) => string | string[] | null | undefined>((value) => typeof value === 'function', 'expected a function')
        .optional()
        .describe('Called with every page path (without the base URL); the old paths it returns redirect to that page.'),
      fromExtensions: z.array(z.string()).default([]).describe("`['html']`: `/docs/intro.html` redirects to `/docs/intro`."),
      toExtensions: z.array(z.string()).default([]).describe("`['html']`: `/legacy` redirects to a page at `/legacy.html`."),
    }),
  ])
  .default([])
  .describe(
    "Old URLs that lead to new ones: `[{ from: '/docs/old', to: '/docs/new' }]`, or the options of Docusaurus's `@docusaurus/plugin-client-redirects` (`redirects`, `createRedirects`, `fromExtensions`, `toExtensions`). Each is a page with a meta refresh and a canonical link to the target, and a line of `_redirects` (Netlify, Cloudflare Pages); `docsite serve` answers it with a 301. A redirect from an existing page is left out with a warning.",
  );

const llms = z
  .strictObject({
    markdownPages: z.boolean().default(true).describe('A `.md` twin of every doc and API page (`/docs/install.md`): the article as Markdown, which the "Copy page" button copies.'),
    llmsTxt: z.boolean().default(true).describe('`/llms.txt`: the site\'s title and description, then a line per doc (by sidebar category), blog post and API operation with its title, URL and description.'),
    llmsFullTxt: z.boolean().default(true).describe('`/llms-full.txt`: every doc\'s Markdown in sidebar order, in one file.'),
  })
  .describe('Pages for language models and for readers who want the text alone (the llms.txt convention).');

const search = z
  .strictObject({
    shards: z
      .enum(['auto', 'always', 'never'])
      .default('auto')
      .describe(
        "How the search index is written. `auto`: a small site's as two files fetched whole on the first search; a big site's (over 850 KB of index, where on a slow network fetching it whole takes longer than a few small requests in a row) as two small entry files and content-hashed shards in `assets/search/`, of which a query fetches only those its words need. `always` / `never`: that way whatever the size.",
      ),
  })
  .describe('The local search index, which the build writes and the search box and search page query in a worker.');

const pages = z.strictObject({ path: z.string().default('pages').describe('Folder of the pages, relative to the site folder.'), ...markdownPluginKeys('the `.md` and `.mdx` pages') });

const api = z
  .strictObject({
    spec: z
      .string()
      .describe(
        'The OpenAPI 3.0/3.1 document (YAML or JSON; a Swagger 2.0 one is converted to OpenAPI 3.0), relative to the site folder (it may lie outside it: `../packages/api/openapi.json`) or absolute; other files it `$ref`s are read too. It is published at `<routeBasePath>/openapi.yaml` (or `.json`).',
      ),
    routeBasePath: z
      .string()
      .default('docs/api')
      .describe('Where the reference lives: `/<routeBasePath>` is the introduction, `/<routeBasePath>/<operationId in kebab case>` each operation.'),
    introduction: z.string().optional().describe('A Markdown file, relative to the site folder, shown on the introduction page above the generated overview.'),
    sidebarLabel: z.string().default('Introduction').describe('Label of the introduction in the API sidebar.'),
    strict: z
      .boolean()
      .default(false)
      .describe(
        'Fail the build on every violation of the OpenAPI schema. Unset, a violation the reference can be built despite (an unknown key, a value of the wrong type, an object missing a field) is a warning with its line and JSON pointer, and the value is ignored or left out; a broken `$ref`, a document without `paths` and colliding page slugs fail either way.',
      ),
  })
  .describe('An API reference generated from an OpenAPI document: an introduction and one page per operation. Without `api`, the site has none.');

/** Names the language menu gives locales without a `label` of their own: each in its own language. */
export const LOCALE_LABELS: Readonly<Record<string, string>> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  it: 'Italiano',
  pt: 'Português',
  'pt-BR': 'Português (Brasil)',
  nl: 'Nederlands',
  pl: 'Polski',
  ru: 'Русский',
  uk: 'Українська',
  tr: 'Türkçe',
  ja: '日本語',
  ko: '한국어',
  zh: '中文',
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  ar: 'العربية',
  he: 'עברית',
  fa: 'فارسی',
  ur: 'اردو',
};

/** Languages written right to left, by their primary subtag: a locale of one gets `dir="rtl"` unless its config says otherwise. */
const RIGHT_TO_LEFT = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'ha', 'he', 'khw', 'ks', 'ku', 'ps', 'sd', 'ur', 'yi']);

export function defaultDirection(locale: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale.split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr';
}

const localeConfig = z
  .strictObject({
    label: z.string().optional().meta({
      description: "The locale's name in the language menu.",
      defaultText: `the language's own name for ${Object.keys(LOCALE_LABELS).map((code) => `\`${code}\``).join(', ')}; else the code`,
    }),
    direction: z
      .enum(['ltr', 'rtl'])
      .optional()
      .meta({ description: "Writing direction: the `dir` attribute of the locale's pages' `<html>`, which mirrors the layout when `rtl`.", defaultText: "`'rtl'` for Arabic, Hebrew, Persian, Urdu and the other right-to-left languages, else `'ltr'`" }),
    htmlLang: z
      .string()
      .optional()
      .meta({ description: "Language tag of the locale's pages (e.g. `en-GB`): `<html lang>`, `og:locale` and `hreflang`.", defaultText: 'the locale code' }),
    path: z
      .string()
      .regex(/^[a-zA-Z0-9_-]+$/, 'a path is letters, digits, "_" or "-"')
      .optional()
      .meta({ description: "URL segment of the locale's pages (`/<path>/...`) and its folder under `i18n/`.", defaultText: 'the locale code' }),
  })
  .describe("One locale's settings.");

const i18n = z
  .strictObject({
    defaultLocale: z.string().default('en').describe('The locale the site is written in; its pages have no path prefix.'),
    locales: z
      .array(z.string())
      .default(['en'])
      .describe(
        "Every locale of the site. `docsite build` builds each (`--locale` picks one): the default at the root, the others under `/<locale>/`, from the translations in `i18n/<locale>/` (docs in `docusaurus-plugin-content-docs/current/`, posts in `docusaurus-plugin-content-blog/`, navbar and footer labels in `docusaurus-theme-classic/navbar.json` and `footer.json`, theme strings in `code.json`); a file not translated yet is built from the default locale's. Pages link to their translations with `hreflang`, and the language menu (`{ type: 'localeDropdown' }`) leads to the same page in another locale.",
      ),
    localeConfigs: z
      .record(z.string().meta({ title: 'locale' }), localeConfig)
      .default({})
      .describe('Settings by locale code, for the default locale and those in `locales`.'),
  })
  .superRefine((value, context) => {
    for (const locale of Object.keys(value.localeConfigs)) {
      if (locale !== value.defaultLocale && !value.locales.includes(locale)) {
        context.addIssue({ code: 'custom', path: ['localeConfigs', locale], message: `"${locale}" is neither the default locale nor in i18n.locales; add it to i18n.locales or remove this entry` });
      }
    }
  })
  .describe('Locales: the languages the site is built in.');

export const configSchema = z.strictObject({
  title: z.string().min(1).describe("The site's name: the end of every page's `<title>` (`Page | Title`), `og:site_name`, and the default feed title."),
  tagline: z
    .string()
    .optional()
    .describe('A short description of the site. The theme does not show it; pages read it as `useSite().tagline` (Docusaurus content: `siteConfig.tagline`).'),
  url: z.string().url().describe('Production origin, e.g. `https://memora.example`: the start of canonical URLs, social card URLs, the sitemap and the feeds.'),
  baseUrl: z
    .string()
    .default('/')
    .describe('Path the site is served under, e.g. `/memora/`: every link and asset is prefixed with it. `docsite build --base-url` overrides it.'),
  favicon: z
    .string()
    .optional()
    .describe('Path of the favicon in the output: a file of a static folder, e.g. `img/favicon.svg`. Unset: pages declare an empty icon, so browsers do not ask for `/favicon.ico`.'),
  headTags: z
    .array(
      z.strictObject({
        tagName: z.enum(['link', 'meta']).describe('The element: only link and meta, since inline scripts would defeat the Content-Security-Policy.'),
        attributes: attributes.describe('Its attributes; values are escaped, and site-absolute `href` and `src` values get the base URL.'),
      }),
    )
    .default([])
    .describe(
      "Extra tags (PNG icons, a web manifest, verification metas) in the head of every page, the 404 page included: `{ tagName: 'link', attributes: { rel: 'apple-touch-icon', href: '/img/icon-180.png' } }`.",
    ),
  trailingSlash: z
    .boolean()
    .optional()
    .describe('`true`: links end in `/` and pages are `x/index.html`; `false`: links have no slash and pages are `x.html`; unset: links as written, pages `x/index.html`.'),
  onBrokenLinks: z
    .enum(['throw', 'warn', 'ignore'])
    .default('throw')
    .describe('What the build does about links to pages or files that do not exist: fail, print a warning, or nothing.'),
  onBrokenAnchors: z.enum(['throw', 'warn', 'ignore']).default('warn').describe('The same for `#anchors` that name no heading or element id.'),
  organizationName: z
    .string()
    .optional()
    .describe(
      'The GitHub user or organisation the project belongs to. The theme does not show it; pages read it as `useSite().organizationName` (Docusaurus content: `siteConfig.organizationName`).',
    ),
  projectName: z
    .string()
    .optional()
    .describe("The project's repository name. The theme does not show it; pages read it as `useSite().projectName` (Docusaurus content: `siteConfig.projectName`)."),
  staticDirectories: z.array(z.string()).default(['static']).describe('Folders, relative to the site folder, whose files are copied to the output root as they are.'),
  siteStorage: z
    .strictObject({
      type: z
        .enum(['localStorage', 'sessionStorage'])
        .default('localStorage')
        .describe('The browser storage that keeps them. Without storage the site works and forgets.'),
    })
    .default({ type: 'localStorage' })
    .describe("Where the reader's choices are kept: colour mode, dismissed announcement, tab choices, preferred docs version."),
  i18n: i18n.default({ defaultLocale: 'en', locales: ['en'], localeConfigs: {} }),
  docs: docs.default(() => docs.parse({})),
  docsInstances: z
    .array(docsInstance)
    .default([])
    .describe(
      "More docs folders beside `docs`, as Docusaurus's extra `@docusaurus/plugin-content-docs` instances: `[{ id: 'community', sidebarPath: 'sidebarsCommunity.js' }]` builds `community/` under `/community`, with its own sidebars, tags and previous/next links. Markdown links between the folders' files resolve by file path; navbar items link into it with `{ type: 'docSidebar', sidebarId, docsPluginId: 'community' }` or `{ type: 'doc', docId, docsPluginId: 'community' }`.",
    ),
  blog: blog.default(() => blog.parse({})),
  pages: pages
    .default(() => pages.parse({}))
    .describe(
      'Standalone pages, routed by file path: `pages/index.tsx` is `/`, `pages/about.mdx` is `/about`. A `.js`, `.jsx`, `.ts` or `.tsx` page (JSX allowed in `.js`) default-exports a React component and may export `meta` (`title`, `description`); it may import CSS files and CSS modules (`styles.module.css`: class names local to the file; loaded with the page, also on client-side navigation; TypeScript sites declare `*.module.css` as `Record<string, string>`) and `Link`, `useBaseUrl`, `useSite`, `useColorMode` from `docsite/client`. `.md` and `.mdx` pages are Markdown with a table of contents.',
    ),
  sitemap: sitemap.default(() => sitemap.parse({})),
  search: search.default(() => search.parse({})),
  llms: llms.default(() => llms.parse({})),
  socialCards: z
    .boolean()
    .default(true)
    .describe("An Open Graph image (1200x630 PNG) drawn at build time for every doc and blog post without an `image` of its own: the site's name and logo, the page's section and title, in the theme's colours. Kept in `.docsite/cache/cards`, so a build redraws only the cards whose text changed."),
  redirects,
  customCss: z
    .array(z.string())
    .default([])
    .describe(
      "The site's own stylesheets, relative to the site folder (e.g. `['src/css/custom.css']`): loaded on every page after the theme's styles, so their rules override it (Docusaurus's `theme.customCss`). A stylesheet that sets Infima's `--ifm-color-primary` also gives the theme's accent that colour.",
    ),
  customFields: z
    .record(z.string(), z.unknown())
    .default({})
    .describe(
      "Data of the site's own for its pages (Docusaurus's `customFields`): React pages read it as `useDocusaurusContext().siteConfig.customFields`; only the pages that read it load it.",
    ),
  markdown: z
    .strictObject({
      math: z
        .boolean()
        .default(false)
        .describe(
          "`$...$` (inline) and `$$...$$` (display) maths in every Markdown file, rendered at build time to KaTeX HTML (docsite's own remark-math and rehype-katex: nothing to install). KaTeX's stylesheet and fonts load only on pages that have maths.",
        ),
    })
    .default({ math: false })
    .describe('Markdown syntax beyond CommonMark, GFM and MDX.'),
  api: api.optional(),
  themeConfig: themeConfig.default(() => themeConfig.parse({})),
}).superRefine(checkDocsInstances);

/** What a user writes in docsite.config.ts. */
export type UserConfig = z.input<typeof configSchema>;
/**
 * The validated config with every default filled. `localeBuild` is no key of the user's: the build sets it on
 * the config of each locale it builds (src/config/locales.ts), whose `baseUrl` then has the locale's prefix.
 */
export type SiteConfig = z.output<typeof configSchema> & { localeBuild?: LocaleBuild };

export interface LocaleBuild {
  /** The locale these pages are in. */
  locale: string;
  /** The site's own base URL, without the locale's prefix: where the default locale's pages are. */
  siteBaseUrl: string;
}
