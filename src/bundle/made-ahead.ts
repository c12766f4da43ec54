import { readFileSync } from 'node:fs';

// What `npm run compile` makes into dist/ for every build to take instead of making it (ARCHITECTURE.md, "Made when
// docsite is compiled"): a folder per kind beside the compiled modules, each with a manifest of what it holds under
// which key. Absent when running from source (under tsx) or unreadable: a build then makes the thing itself.

/** The manifest's name in each folder. */
export const MANIFEST = 'manifest.json';

export interface MadeAhead<Manifest> {
  /** The folder's name in dist/. */
  name: string;
  /** A file of the folder (or the folder itself, for ''). */
  file(path: string): URL;
  /** The folder's manifest, read once: undefined when there is none or it does not parse. */
  manifest(): Manifest | undefined;
}

/** The folder `name` of dist/. */
export function madeAhead<Manifest>(name: string): MadeAhead<Manifest> {
  const dir = new URL(`./${name}/`, import.meta.url);
  let manifest: Manifest | null | undefined;
  return {
    name,
    file: (path) => new URL(path, dir),
    manifest() {
      if (manifest === undefined) {
        try {
          manifest = JSON.parse(readFileSync(new URL(MANIFEST, dir), 'utf8')) as Manifest;
        } catch {
          manifest = null;
        }
      }
      return manifest ?? undefined;
    },
  };
}
