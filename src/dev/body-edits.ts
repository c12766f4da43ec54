import { readFile } from 'node:fs/promises';
import type { SiteConfig } from '../config/schema';
import type { SiteContent } from '../content';
import { createDocSource, type DocSource, type ParsedDocs } from '../content/docs';

// Most saves change a page's text and nothing the rest of the site is made from: its front matter,
// title, id and route stay as they were, and no file came or went. Such a save cannot change the
// sidebars, tags, versions or any other page, so the content is patched with the new text instead
// of read again (reading it again, at 1,000 pages, was half of what a save cost before the page
// could refresh). Anything else, or any doubt, is a full load.

/**
 * The content with the new text of `files`, when each is a doc already loaded and only its body changed (the docs
 * parsed go into `parsed`, as a full load would put them); undefined when the save needs a full load (another kind
 * of file, a file gone, front matter or title changed).
 */
export async function patchBodyEdits(content: SiteContent, files: readonly string[], config: SiteConfig, parsed: ParsedDocs): Promise<SiteContent | undefined> {
  if (!files.length) return undefined;
  const docsByFile = new Map(content.docs.map((doc) => [doc.absolutePath, doc]));
  const replaced = new Map<string, DocSource>();
  for (const file of files) {
    const earlier = docsByFile.get(file);
    const instance = earlier && content.docsInstances.find((candidate) => candidate.id === earlier.instance);
    if (!earlier || !instance) return undefined;
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) return undefined;
    let doc: DocSource;
    try {
      doc = createDocSource({ relativePath: earlier.relativePath, absolutePath: file, content: text, instance: earlier.instance, options: instance.options, source: earlier.source });
    } catch {
      // Broken front matter: the full load reports it, with its place in the file.
      return undefined;
    }
    if (earlier.untranslated) doc.untranslated = true;
    if (!sameExceptText(doc, earlier)) return undefined;
    replaced.set(file, doc);
  }
  for (const [file, doc] of replaced) parsed.set(file, { config, doc });
  return {
    ...content,
    docs: content.docs.map((doc) => replaced.get(doc.absolutePath) ?? doc),
    markdownFiles: content.markdownFiles.map((file) => {
      const doc = replaced.get(file.absolutePath);
      return doc && file.key === doc.absolutePath ? { ...file, content: doc.content, frontMatter: doc.frontMatter } : file;
    }),
  };
}

/** Everything the rest of the site reads of a doc is equal; only the file's text differs. */
function sameExceptText(a: DocSource, b: DocSource): boolean {
  return JSON.stringify({ ...a, content: '' }) === JSON.stringify({ ...b, content: '' });
}
