// What the content stage hands the compile stage: every Markdown text of the site, keyed.

/** One Markdown/MDX text to compile: a doc, a blog post, a post's excerpt, an MDX page. */
export interface MarkdownFile {
  /** Key of the result: the absolute path, or `<path>?excerpt` for a post's excerpt. */
  key: string;
  absolutePath: string;
  /** Site-relative path, for messages. */
  source: string;
  content: string;
  frontMatter: { toc_min_heading_level?: number; toc_max_heading_level?: number };
}

/** Key of a post's excerpt (the text before `<!-- truncate -->`), compiled as a module of its own. */
export function excerptKey(absolutePath: string): string {
  return `${absolutePath}?excerpt`;
}
