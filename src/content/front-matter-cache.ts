import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sourceFingerprint } from '../core/fingerprint';
import { writeFileAtomically } from '../core/fs-utils';
import { frontMatterInUse, rememberFrontMatter } from './frontmatter';
import { siteCacheDir } from '../core/cache-dir';

// The front matter a site's files had in the last run, parsed (see frontmatter.ts): read when content is
// loaded, written back after, with the texts that run used. A `docsite dev` start and a warm build skip
// YAML for every file whose front matter did not change.

/** Parsed front matter depends on the YAML package and on how docsite calls it. */
const fingerprint = () => sourceFingerprint([], ['yaml']) + '\0' + sourceFingerprint(['src/content'], []);

const restored = new Set<string>();

const fileOf = (siteDir: string) => siteCacheDir(siteDir, 'front-matter.json');

/** Takes the last run's parsed front matter (once per site and process); a missing or stale file is no error. */
export async function restoreFrontMatter(siteDir: string, enabled = true): Promise<void> {
  if (!enabled || restored.has(siteDir)) return;
  restored.add(siteDir);
  try {
    const stored = JSON.parse(await readFile(fileOf(siteDir), 'utf8')) as { fingerprint: string; entries: Record<string, string> };
    if (stored.fingerprint === fingerprint()) rememberFrontMatter(stored.entries);
  } catch {
    // No cache yet, or one that cannot be read: every file is parsed.
  }
}

/** Writes the front matter this process used, when some was parsed anew. */
export async function keepFrontMatter(siteDir: string, enabled = true): Promise<void> {
  if (!enabled) return;
  const { entries, changed } = frontMatterInUse();
  if (!changed) return;
  const file = fileOf(siteDir);
  try {
    await mkdir(join(file, '..'), { recursive: true });
    await writeFileAtomically(file, JSON.stringify({ fingerprint: fingerprint(), entries }));
  } catch {
    // Only a slower next run.
  }
}
