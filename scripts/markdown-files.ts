import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The Markdown and MDX files under a folder (not in node_modules or hidden folders; none over 2 MB), for the comparison scripts. */
export function markdownFilesUnder(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...markdownFilesUnder(path));
    else if (/\.mdx?$/.test(entry.name) && statSync(path).size < 2_000_000) found.push(path);
  }
  return found;
}
