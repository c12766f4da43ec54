import { createHash } from 'node:crypto';
import { readFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sourceFingerprint } from '../core/fingerprint';
import { writeFileAtomically } from '../core/fs-utils';
import { siteCacheDir } from '../core/cache-dir';

/** Highlighted HTML depends on the highlighter's code and shiki's version. */
const fingerprint = () => sourceFingerprint(['src/highlight'], ['shiki']);

// Highlighted code kept between builds, for code that is not in a Markdown file (the API
// reference's request samples: a thousand snippets on the bundled site, two seconds of shiki).
// One file per site; entries not used by a build are dropped when it is written back.

export class HighlightCache {
  private entries = new Map<string, string>();
  private readonly used = new Map<string, string>();
  private added = 0;
  private readonly file: string;

  private constructor(siteDir: string, private readonly enabled: boolean) {
    this.file = siteCacheDir(siteDir, 'highlight.json');
  }

  static async open(siteDir: string, enabled = true): Promise<HighlightCache> {
    const cache = new HighlightCache(siteDir, enabled);
    if (enabled) {
      try {
        const stored = JSON.parse(await readFile(cache.file, 'utf8')) as { fingerprint: string; entries: Record<string, string> };
        if (stored.fingerprint === fingerprint()) cache.entries = new Map(Object.entries(stored.entries));
      } catch {
        // No cache yet, or an unreadable one: start empty.
      }
    }
    return cache;
  }

  /** The cached result for this code, or `render`'s (remembered for next time). */
  get(lang: string, code: string, render: () => string): string {
    const cached = this.lookup(lang, code);
    if (cached !== undefined) return cached;
    const html = render();
    this.store(lang, code, html);
    return html;
  }

  /** The cached result for this code, if any (kept for next time, as used by this build). */
  lookup(lang: string, code: string): string | undefined {
    if (!this.enabled) return undefined;
    const key = keyOf(lang, code);
    const html = this.used.get(key) ?? this.entries.get(key);
    if (html !== undefined) this.used.set(key, html);
    return html;
  }

  /** Remembers the result for this code (made elsewhere: a highlight worker). */
  store(lang: string, code: string, html: string): void {
    if (!this.enabled) return;
    this.used.set(keyOf(lang, code), html);
    this.added++;
  }

  /** Writes the entries used since opening, when any was new or some went unused. */
  async save(): Promise<void> {
    if (!this.enabled || (this.added === 0 && this.used.size === this.entries.size)) return;
    await mkdir(join(this.file, '..'), { recursive: true });
    await writeFileAtomically(this.file, JSON.stringify({ fingerprint: fingerprint(), entries: Object.fromEntries(this.used) }));
  }
}

const keyOf = (lang: string, code: string) => createHash('sha256').update(lang).update('\0').update(code).digest('base64url').slice(0, 27);
