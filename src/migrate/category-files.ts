import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { listFiles } from '../content/fs-utils';
import { isRecord } from './content-plugins';
import type { MigrationWarning } from './warnings';

// `_category_.json` files are read by docsite as they are, except for one thing: a generated-index link
// (Docusaurus makes a page listing the category's docs; docsite does not). Each such file gets a note,
// since links to /docs/category/... will not resolve.

const CATEGORY_FILE = /(^|\/)_category_\.(json|ya?ml)$/;

export async function noteGeneratedIndexCategories(siteDir: string, docsPath: string): Promise<MigrationWarning[]> {
  const notes: MigrationWarning[] = [];
  for (const file of await listFiles(join(siteDir, docsPath))) {
    if (!CATEGORY_FILE.test(file)) continue;
    let data: unknown;
    try {
      const text = await readFile(join(siteDir, docsPath, file), 'utf8');
      data = file.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
    } catch {
      // docsite's own loader reports a broken category file, with its position, at build time.
      continue;
    }
    if (isRecord(data) && isRecord(data.link) && data.link.type === 'generated-index') {
      notes.push({
        file: posix.join(docsPath, file),
        message: "link { type: 'generated-index' } is not carried over (docsite generates no category index pages; the category has no page of its own)",
      });
    }
  }
  return notes;
}
