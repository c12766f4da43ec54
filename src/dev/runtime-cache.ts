import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { sourceFingerprint } from '../core/fingerprint';
import { siteCacheDir } from '../core/cache-dir';

// `docsite dev` starts by bundling its runtime twice (the browser's: router, theme, React; Node's: theme and
// react-dom/server): a second of esbuild at every start, for bundles that come out the same unless the theme,
// the site's own theme files or its config changed. The last start's bundles are kept under
// .docsite/cache/dev-runtime and taken as they are when everything they were made of is unchanged:
//   - each file esbuild read, by the hash of its contents (the theme, React, the site's MDXComponents, CSS);
//   - what the runtime's virtual modules are made from (site data, custom CSS and fields, the base URL);
//   - the names of the files under the site's src/theme (a theme override added since is found by looking
//     for a file, which leaves no trace among the files read);
//   - docsite's bundling code and esbuild's version.
// One slot: a start that finds it stale builds as before, and the result replaces it.

export interface RuntimeBundles {
  /** URL path under the client prefix -> contents, as the dev server serves them. */
  client: Map<string, Uint8Array>;
  /** Entry name ("server", "shared/react") -> absolute path of Node's module. */
  server: Map<string, string>;
  /** Every file the runtime was made of (absolute paths). */
  inputs: Set<string>;
}

interface StoredIndex {
  key: string;
  /** Absolute input file -> hash of its contents. */
  inputs: Record<string, string>;
  /** Client files, relative to the slot's client folder. */
  client: string[];
  /** Entry name -> Node module, relative to the slot's ssr folder. */
  server: Record<string, string>;
}

export class RuntimeCache {
  private readonly dir: string;

  constructor(private readonly siteDir: string) {
    this.dir = siteCacheDir(siteDir, 'dev-runtime');
  }

  /** The key of what the runtime's virtual modules and docsite's bundling code make of the site. */
  keyOf(virtualInputs: unknown): string {
    return createHash('sha256')
      .update(sourceFingerprint(['src/bundle', 'src/dev', 'src/shared'], ['esbuild']))
      .update('\0')
      .update(JSON.stringify(virtualInputs))
      .update('\0')
      .update(themeFileNames(this.siteDir).join('\n'))
      .digest('hex');
  }

  /** The bundles kept for `key`, when every file they were made of is as it was; undefined otherwise. */
  async load(key: string): Promise<RuntimeBundles | undefined> {
    let index: StoredIndex;
    try {
      index = JSON.parse(await readFile(join(this.dir, 'index.json'), 'utf8')) as StoredIndex;
    } catch {
      return undefined;
    }
    if (index.key !== key) return undefined;
    const hashes = await Promise.all(Object.keys(index.inputs).map((file) => hashFile(file)));
    if (Object.values(index.inputs).some((hash, i) => hashes[i] !== hash)) return undefined;
    try {
      const client = new Map<string, Uint8Array>();
      await Promise.all(index.client.map(async (file) => client.set(file, await readFile(join(this.dir, 'client', file)))));
      const server = new Map(Object.entries(index.server).map(([name, file]) => [name, join(this.dir, 'ssr', file)]));
      if (![...server.values()].every((file) => existsSync(file))) return undefined;
      return { client, server, inputs: new Set(Object.keys(index.inputs)) };
    } catch {
      return undefined;
    }
  }

  /**
   * Keeps these bundles for the next start. `serverDir`: where Node's modules were written (copied, with the
   * chunks beside them); the slot is replaced whole, so a start never reads half of one and half of another.
   */
  async save(key: string, bundles: RuntimeBundles, serverDir: string): Promise<void> {
    const staging = `${this.dir}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await removeLeftovers(this.dir);
      const inputs = [...bundles.inputs].sort();
      const hashes = await Promise.all(inputs.map((file) => hashFile(file)));
      if (hashes.some((hash) => hash === undefined)) return;
      await mkdir(join(staging, 'client'), { recursive: true });
      await Promise.all(
        [...bundles.client].map(async ([file, contents]) => {
          const target = join(staging, 'client', file);
          await mkdir(dirname(target), { recursive: true });
          await writeFile(target, contents);
        }),
      );
      await cp(serverDir, join(staging, 'ssr'), { recursive: true, filter: (source) => relative(serverDir, source).split(/[\\/]/)[0] !== 'routes' });
      const index: StoredIndex = {
        key,
        inputs: Object.fromEntries(inputs.map((file, i) => [file, hashes[i]!])),
        client: [...bundles.client.keys()],
        server: Object.fromEntries([...bundles.server].map(([name, file]) => [name, relative(serverDir, file)])),
      };
      await writeFile(join(staging, 'index.json'), JSON.stringify(index));
      await rm(this.dir, { recursive: true, force: true });
      await rename(staging, this.dir);
    } catch {
      // A cache that could not be written is only a slower next start.
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }
}

/** Slots a stopped process was still writing (`<dir>.<pid>.<random>.tmp`). */
async function removeLeftovers(dir: string): Promise<void> {
  const prefix = `${basename(dir)}.`;
  const names = await readdir(dirname(dir)).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => name.startsWith(prefix) && name.endsWith('.tmp')).map((name) => rm(join(dirname(dir), name), { recursive: true, force: true })));
}

async function hashFile(file: string): Promise<string | undefined> {
  try {
    return createHash('sha256').update(await readFile(file)).digest('base64url');
  } catch {
    return undefined;
  }
}

/** Files under the site's src/theme, by name. */
function themeFileNames(siteDir: string): string[] {
  try {
    return readdirSync(join(siteDir, 'src', 'theme'), { recursive: true, encoding: 'utf8' }).sort();
  } catch {
    return [];
  }
}
