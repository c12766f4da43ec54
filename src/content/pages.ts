import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { build, type Message } from 'esbuild';
import type { SiteConfig } from '../config/schema';
import { DocsiteError } from '../core/errors';
import { parseFrontMatter } from './frontmatter';
import { listFiles } from '../core/fs-utils';

// The pages loader: files under pages/ become routes by their path. `.js`, `.jsx`, `.ts` and `.tsx` files are
// React components (default export, optional `meta` export; JSX is allowed in `.js`, as Docusaurus allows it);
// `.md`/`.mdx` files are Markdown pages. As in Docusaurus, files and folders starting with `_` are helpers, and
// tests (`x.test.js`, `__tests__/`) and type declarations are not pages either.

export interface PageSourceBase {
  absolutePath: string;
  /** Site-relative path, for messages. */
  source: string;
  /** Route path without base URL. */
  path: string;
}

export interface ReactPageSource extends PageSourceBase {
  format: 'react';
  /** The module exports `meta` ({ title, description }). */
  hasMeta: boolean;
}

export interface MarkdownPageSource extends PageSourceBase {
  format: 'mdx';
  content: string;
  title: string;
  hasOwnTitle: boolean;
  description?: string;
  frontMatter: Record<string, unknown> & { hide_table_of_contents?: boolean; toc_min_heading_level?: number; toc_max_heading_level?: number };
}

export type PageSource = ReactPageSource | MarkdownPageSource;

const REACT = /\.[jt]sx?$/;
const MARKDOWN = /\.mdx?$/;

/** A file of the pages folder that is not a page: a helper (`_x`), a test, or a type declaration. */
export function isPageHelper(relativePath: string): boolean {
  const parts = relativePath.split('/');
  return parts.some((part) => part.startsWith('_')) || /\.(test|spec)\.[jt]sx?$/.test(relativePath) || /\.d\.ts$/.test(relativePath);
}

export async function loadPages({ siteDir, config }: { siteDir: string; config: SiteConfig }): Promise<PageSource[]> {
  const pagesDir = join(siteDir, config.pages.path);
  const files = (await listFiles(pagesDir)).filter(
    (file) => (REACT.test(file) || MARKDOWN.test(file)) && !isPageHelper(file),
  );
  const pages = await Promise.all(
    files.map(async (relativePath): Promise<PageSource> => {
      const absolutePath = join(pagesDir, relativePath);
      const source = posix.join(config.pages.path, relativePath);
      const path = pagePath(relativePath);
      if (REACT.test(relativePath)) {
        const exports = await moduleExports(absolutePath, source);
        if (!exports.includes('default')) {
          throw new DocsiteError('a page module must export its React component as the default export (`export default function Page() { … }`)', { file: source });
        }
        return { format: 'react', absolutePath, source, path, hasMeta: exports.includes('meta') };
      }
      const content = await readFile(absolutePath, 'utf8');
      const { data, body } = parseFrontMatter(content, source);
      const h1 = /^\s*#\s+(.+?)\s*#*\s*$/.exec(body.split('\n').find((line) => line.trim() && !/^(import|export)\s/.test(line.trim())) ?? '');
      const name = relativePath.replace(MARKDOWN, '').split('/').pop()!;
      return {
        format: 'mdx',
        absolutePath,
        source,
        path,
        content,
        title: typeof data.title === 'string' ? data.title : (h1?.[1] ?? name),
        hasOwnTitle: h1 !== null,
        ...(typeof data.description === 'string' ? { description: data.description } : {}),
        frontMatter: data,
      };
    }),
  );
  const seen = new Map<string, PageSource>();
  for (const page of pages) {
    const other = seen.get(page.path.toLowerCase());
    if (other) throw new DocsiteError(`two pages share the route ${page.path}: ${other.source} and ${page.source}`, { file: page.source });
    seen.set(page.path.toLowerCase(), page);
  }
  return pages;
}

/** "index.tsx" -> "/", "milestones.tsx" -> "/milestones", "guides/index.mdx" -> "/guides". */
export function pagePath(relativePath: string): string {
  const withoutExtension = relativePath.replace(/\.(mdx?|[jt]sx?)$/, '');
  const path = `/${withoutExtension}`.replace(/(^|\/)index$/, '');
  return path === '' ? '/' : path;
}

/**
 * The names a module exports, read by esbuild without running the module (syntax errors surface
 * here, with file, line and column, before any bundling starts).
 */
async function moduleExports(absolutePath: string, source: string): Promise<string[]> {
  try {
    const result = await build({ entryPoints: [absolutePath], bundle: false, write: false, metafile: true, format: 'esm', jsx: 'automatic', loader: { '.js': 'jsx' }, logLevel: 'silent', outdir: 'out' });
    return Object.values(result.metafile.outputs).flatMap((output) => output.exports);
  } catch (error) {
    const first = (error as { errors?: Message[] }).errors?.[0];
    if (!first) throw error;
    throw new DocsiteError(first.text, { file: source, ...(first.location ? { line: first.location.line, column: first.location.column + 1 } : {}) }, { cause: error });
  }
}
