// Site copies for the fuzz suite: where they come from, which file is which kind, the route a file
// shows up at, and fingerprints of output folders (to prove a failed or killed build changed nothing).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The sites the suite mutates: the Memora site, the Docusaurus-style fixture (sidebars.js, _category_.yml,
 * partials, global MDX components) and the blog fixture (MDX pages, folder posts).
 */
export const SITES = {
  memora: join(ROOT, 'content'),
  docusaurus: join(ROOT, 'test', 'fixtures', 'docusaurus'),
  blog: join(ROOT, 'test', 'fixtures', 'blog'),
} as const;
export type SiteName = keyof typeof SITES;

export type FileKind =
  | 'doc'
  | 'partial'
  | 'blog-post'
  | 'data-yaml'
  | 'api-intro'
  | 'config'
  | 'category'
  | 'sidebars'
  | 'page-tsx'
  | 'page-mdx'
  | 'component'
  | 'openapi'
  | 'css';

const temporary = new Set<string>();

/** A fresh copy of a site in the temp folder, without its build output or caches. */
export function copySite(name: SiteName): string {
  const source = SITES[name];
  const dir = mkdtempSync(join(tmpdir(), `docsite-fuzz-${name}-`));
  temporary.add(dir);
  const skipped = new Set([join(source, 'build'), join(source, '.docsite'), join(source, 'node_modules')]);
  cpSync(source, dir, { recursive: true, filter: (path) => !skipped.has(path) && !/\.tmp-|\.old-/.test(basename(path)) });
  return dir;
}

export function removeCopy(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  temporary.delete(dir);
}

/** Every temp folder still there (for the exit handler). */
export function removeAllCopies(): void {
  for (const dir of [...temporary]) removeCopy(dir);
}

/** Paths in a site use forward slashes, as docsite's messages write them. */
export function sitePath(siteDir: string, file: string): string {
  return relative(siteDir, file).split(sep).join('/');
}

/** Site files relative to the site folder (no output, caches, static files or dependencies). */
export function listSiteFiles(siteDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = sitePath(siteDir, path);
      if (entry.isDirectory()) {
        if (/^(build|static|node_modules|\.docsite|\.git)$/.test(rel) || entry.name.includes('.tmp-') || entry.name.includes('.old-')) continue;
        walk(path);
      } else if (entry.isFile()) {
        files.push(rel);
      }
    }
  };
  walk(siteDir);
  return files.sort();
}

/** What the config says about where things are (read from its text: it is never run by the suite). */
export interface SiteLayout {
  docs: string;
  blog: string;
  pages: string;
  apiSpec?: string;
  apiIntroduction?: string;
  sidebars?: string;
}

export function layoutOf(siteDir: string): SiteLayout {
  const config = readFileSync(join(siteDir, 'docsite.config.ts'), 'utf8');
  const value = (key: string) => new RegExp(`\\b${key}:\\s*'([^']+)'`).exec(config)?.[1];
  const docsBlock = /\bdocs:\s*\{[^}]*\}/.exec(config)?.[0] ?? '';
  const docsPath = /\bpath:\s*'([^']+)'/.exec(docsBlock)?.[1];
  const layout: SiteLayout = { docs: docsPath ?? 'docs', blog: 'blog', pages: 'pages' };
  const spec = value('spec');
  if (spec) layout.apiSpec = spec;
  const introduction = value('introduction');
  if (introduction) layout.apiIntroduction = introduction;
  const sidebars = value('sidebarPath');
  if (sidebars && existsSync(join(siteDir, sidebars))) layout.sidebars = sidebars;
  return layout;
}

export function kindOf(file: string, layout: SiteLayout): FileKind | undefined {
  const name = basename(file);
  if (/^docsite\.config\.(ts|js|mjs)$/.test(file)) return 'config';
  if (file === layout.sidebars) return 'sidebars';
  if (file === layout.apiSpec) return 'openapi';
  if (file === layout.apiIntroduction) return 'api-intro';
  if (/^_category_\.(json|ya?ml)$/.test(name)) return 'category';
  if (name.endsWith('.css')) return 'css';
  if (file.startsWith(`${layout.docs}/`)) {
    if (/\.mdx?$/.test(name)) return name.startsWith('_') || file.split('/').some((part) => part.startsWith('_')) ? 'partial' : 'doc';
    if (/\.ya?ml$/.test(name)) return 'data-yaml';
    return undefined;
  }
  if (file.startsWith(`${layout.blog}/`)) {
    if (/\.mdx?$/.test(name)) return 'blog-post';
    if (/\.ya?ml$/.test(name)) return 'data-yaml';
    return undefined;
  }
  if (file.startsWith(`${layout.pages}/`)) {
    if (name.startsWith('_')) return 'component';
    if (/\.tsx$/.test(name)) return 'page-tsx';
    if (/\.mdx?$/.test(name)) return 'page-mdx';
    return undefined;
  }
  if (file.startsWith('src/') && /\.(tsx?|jsx?)$/.test(name) && !name.endsWith('.d.ts')) return 'component';
  return undefined;
}

/** The site's files by kind. */
export function filesByKind(siteDir: string): Map<FileKind, string[]> {
  const layout = layoutOf(siteDir);
  const byKind = new Map<FileKind, string[]>();
  for (const file of listSiteFiles(siteDir)) {
    const kind = kindOf(file, layout);
    if (!kind) continue;
    if (!byKind.has(kind)) byKind.set(kind, []);
    byKind.get(kind)!.push(file);
  }
  return byKind;
}

/** A front matter value, read without a YAML parser (enough for slug and id). */
function frontMatterValue(text: string, key: string): string | undefined {
  const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
  const value = block ? new RegExp(`^${key}:\\s*(.+)$`, 'm').exec(block)?.[1]?.trim() : undefined;
  return value?.replace(/^['"]|['"]$/g, '');
}

/**
 * The route a file shows up at (or the page that uses it), checked against the routes the dev server
 * lists; the home page when nothing better is known.
 */
export function routeOfFile(siteDir: string, file: string, kind: FileKind, routes: string[]): string {
  const layout = layoutOf(siteDir);
  const known = new Set(routes);
  const found = (candidate: string | undefined) => {
    if (!candidate) return undefined;
    if (known.has(candidate)) return candidate;
    return routes.find((route) => route.toLowerCase() === candidate.toLowerCase());
  };
  const text = existsSync(join(siteDir, file)) ? readFileSync(join(siteDir, file), 'utf8') : '';
  const withoutExtension = file.replace(/\.(mdx?|tsx|jsx|ts|js)$/, '');
  switch (kind) {
    case 'doc': {
      const inDocs = withoutExtension.slice(layout.docs.length + 1).replace(/(^|\/)index$/, '');
      const slug = frontMatterValue(text, 'slug');
      const id = frontMatterValue(text, 'id');
      const folder = dirname(inDocs) === '.' ? '' : `${dirname(inDocs)}/`;
      const candidates = [slug?.startsWith('/') ? `/docs${slug}` : slug ? `/docs/${folder}${slug}` : undefined, id ? `/docs/${folder}${id}` : undefined, `/docs/${inDocs}`];
      for (const candidate of candidates) {
        const route = found(candidate?.replace(/\/$/, ''));
        if (route) return route;
      }
      return '/';
    }
    case 'blog-post': {
      const slug = frontMatterValue(text, 'slug') ?? basename(withoutExtension === `${dirname(file)}/index` ? dirname(file) : withoutExtension).replace(/^\d{4}-\d{2}-\d{2}-/, '');
      return routes.find((route) => route.startsWith(`/${layout.blog}/`) && route.endsWith(`/${slug}`)) ?? `/${layout.blog}`;
    }
    case 'page-tsx':
    case 'page-mdx':
      return found(`/${withoutExtension.slice(layout.pages.length + 1).replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/') ?? '/';
    case 'api-intro':
    case 'openapi':
      return found('/docs/api') ?? '/';
    case 'category': {
      const folder = dirname(file).slice(layout.docs.length + 1);
      return routes.find((route) => route.startsWith(`/docs/${folder}/`)) ?? '/';
    }
    case 'partial': {
      // The first doc that includes the partial.
      const name = basename(file);
      for (const doc of listSiteFiles(siteDir).filter((candidate) => kindOf(candidate, layout) === 'doc')) {
        if (readFileSync(join(siteDir, doc), 'utf8').includes(name)) return routeOfFile(siteDir, doc, 'doc', routes);
      }
      return '/';
    }
    case 'component':
    case 'css': {
      // The first React page that imports it, by name.
      const name = basename(withoutExtension).replace(/\.css$/, '');
      for (const page of listSiteFiles(siteDir).filter((candidate) => kindOf(candidate, layout) === 'page-tsx')) {
        const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        if (new RegExp(`(from|import) ['"][^'"]*/${escaped}(\\.\\w+)?['"]`).test(readFileSync(join(siteDir, page), 'utf8'))) return routeOfFile(siteDir, page, 'page-tsx', routes);
      }
      return '/';
    }
    default:
      return '/';
  }
}

/** The search files' build timestamps (the contract's `lunr-index-<ts>.json`), in names and in the pages naming them. */
const SEARCH_STAMP = /\b(lunr-index|search-doc)-\d+\.json/g;

/**
 * sha256 of every file under a folder, by relative path. `ignoreSearchStamps` hashes as if every build had the
 * same timestamp: two complete builds of the same site are then equal.
 */
export function fingerprint(dir: string, options: { ignoreSearchStamps?: boolean } = {}): Map<string, string> {
  const hashes = new Map<string, string>();
  if (!existsSync(dir)) return hashes;
  const unstamped = (text: string) => (options.ignoreSearchStamps ? text.replace(SEARCH_STAMP, '$1-STAMP.json') : text);
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        walk(path);
        continue;
      }
      let contents: Buffer | string = readFileSync(path);
      if (options.ignoreSearchStamps && /\.(html|js|json|xml|txt)$/.test(entry.name)) contents = unstamped(contents.toString('utf8'));
      hashes.set(unstamped(sitePath(dir, path)), createHash('sha256').update(contents).digest('hex'));
    }
  };
  walk(dir);
  return hashes;
}

/** What differs between two fingerprints, in a few words ("" when they are equal). */
export function fingerprintDifference(before: Map<string, string>, after: Map<string, string>): string {
  const missing = [...before.keys()].filter((file) => !after.has(file));
  const added = [...after.keys()].filter((file) => !before.has(file));
  const changed = [...before.keys()].filter((file) => after.has(file) && after.get(file) !== before.get(file));
  if (!missing.length && !added.length && !changed.length) return '';
  const list = (files: string[]) => `${files.slice(0, 3).join(', ')}${files.length > 3 ? `, … (${files.length})` : ''}`;
  return [missing.length ? `${missing.length} files missing (${list(missing)})` : '', added.length ? `${added.length} files added (${list(added)})` : '', changed.length ? `${changed.length} files changed (${list(changed)})` : ''].filter(Boolean).join('; ');
}

/** Staging and server-bundle folders a build left behind: `.<out>.tmp-*`/`.old-*` beside the output, `.docsite/ssr-*` in the site. */
export function leftoversOf(siteDir: string, outDir: string): string[] {
  const left: string[] = [];
  const parent = dirname(outDir);
  for (const name of existsSync(parent) ? readdirSync(parent) : []) {
    if (/\.tmp-|\.old-/.test(name) && statSync(join(parent, name)).isDirectory()) left.push(sitePath(siteDir, join(parent, name)));
  }
  const cache = join(siteDir, '.docsite');
  for (const name of existsSync(cache) ? readdirSync(cache) : []) {
    if (name.startsWith('ssr-')) left.push(`.docsite/${name}`);
  }
  return left;
}
