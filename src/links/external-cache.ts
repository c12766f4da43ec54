import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomically } from '../core/fs-utils';
import { siteCacheDir } from '../core/cache-dir';

// Remembers external link results between runs (`.docsite/cache/external-links.json`), so a site
// with hundreds of links to the same few hosts is not re-probed on every CI run. Only good
// results are reused, and only for a day: a failure is always checked again.

export interface CachedResult {
  ok: boolean;
  status?: number;
  /** ISO date. */
  checkedAt: string;
}

export const CACHE_TTL_MS = 24 * 60 * 60 * 1000;

export function externalCacheFile(siteDir: string): string {
  return siteCacheDir(siteDir, 'external-links.json');
}

export class ExternalLinkCache {
  private constructor(
    private readonly file: string,
    private readonly entries: Map<string, CachedResult>,
  ) {}

  /** A missing or unreadable cache is an empty one: the cache only ever saves time. */
  static async load(file: string): Promise<ExternalLinkCache> {
    const entries = new Map<string, CachedResult>();
    try {
      const data: unknown = JSON.parse(await readFile(file, 'utf8'));
      if (data && typeof data === 'object') {
        for (const [url, entry] of Object.entries(data)) if (isCachedResult(entry)) entries.set(url, entry);
      }
    } catch {
      // Start afresh.
    }
    return new ExternalLinkCache(file, entries);
  }

  /** A good result younger than a day, or nothing. */
  reusable(url: string, now: number): CachedResult | undefined {
    const entry = this.entries.get(url);
    if (!entry?.ok) return undefined;
    const age = now - Date.parse(entry.checkedAt);
    return age >= 0 && age < CACHE_TTL_MS ? entry : undefined;
  }

  record(url: string, result: { ok: boolean; status?: number }, now: number): void {
    this.entries.set(url, { ok: result.ok, ...(result.status === undefined ? {} : { status: result.status }), checkedAt: new Date(now).toISOString() });
  }

  /** Writes entries of the last day (older ones would never be reused) atomically, so two runs never read half a file. */
  async save(now: number): Promise<void> {
    const fresh = [...this.entries].filter(([, entry]) => now - Date.parse(entry.checkedAt) < CACHE_TTL_MS);
    await mkdir(dirname(this.file), { recursive: true });
    await writeFileAtomically(this.file, `${JSON.stringify(Object.fromEntries(fresh), null, 2)}\n`);
  }
}

function isCachedResult(value: unknown): value is CachedResult {
  const entry = value as Partial<CachedResult> | null;
  return !!entry && typeof entry.ok === 'boolean' && typeof entry.checkedAt === 'string' && !Number.isNaN(Date.parse(entry.checkedAt)) && (entry.status === undefined || typeof entry.status === 'number');
}
