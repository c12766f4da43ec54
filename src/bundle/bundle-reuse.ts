import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import type { Metafile } from 'esbuild';
import { sourceFingerprint } from '../core/fingerprint';
import { PACKAGE_ROOT } from '../core/paths';
import { listFiles } from '../core/fs-utils';
import type { PreviousOutput } from '../core/previous-output';
import type { ClientAssets, RouteAssets } from './bundle';
import { isContentFile } from './content-files';
import { hasHtml } from '../markdown/static-content';
import { isSearchShard } from '../shared/search';
import { staticContentFiles, staticContentOf, type VirtualModuleInputs } from './virtual-modules';

// A build keeps what its bundles were made of, so that the next build can take the bundles from the previous output
// instead of running esbuild again (the bundle stage is about 3 s of a 1000-page build, and an edit to a page's text
// changes none of it). The bundles are a function of:
// - the virtual modules' inputs: site data, routes, sidebars, the compiled modules, custom CSS and fields;
// - every file esbuild read (the theme, the runtime, the site's components, packages), by content;
// - which files the site folder holds (a component added under src/theme overrides the theme's without being read
//   before), the site's package files, and docsite itself (its sources and its dependencies' versions).
// When all of these match, the client bundle's files are linked from the previous output and the server bundle comes
// from the cache. One input may differ: the static content of a doc or post (its text) is not in any bundle. Such a
// page has no chunk, only its route frame, the same for every page of its sidebar: what the page loads on navigation
// is its content file, named by its data and text and written apart (emit/content-files.ts). The reused assets name
// each page's content file of this build.

/** ClientAssets as JSON holds them. */
export interface SavedClientAssets {
  entry: ClientAssets['entry'];
  routes: [string, RouteAssets][];
  drawsDiagrams: boolean;
  searchWorker: string;
}

/** What a build kept of its bundles. */
export interface BundleRecord {
  key: string;
  /** Every real file esbuild read, absolute, with a hash of its contents. */
  inputFiles: Record<string, string>;
  assets: SavedClientAssets;
  /** The client bundle's files, relative to the output folder, with their sizes (checked before they are linked). */
  outputs: [file: string, size: number][];
  /** The content file each static route's chunk names, by route path. */
  contentFiles: Record<string, string>;
  /** The server bundle, kept in the cache folder, and a hash of it. */
  serverFile: string;
  serverHash: string;
}

/** What a build's bundles are, reused or made, and what the next build needs to take them (an incremental build). */
export interface Bundles {
  assets: ClientAssets;
  serverFile: string;
  record?: BundleRecord;
}

/** The bundles' key: docsite, the site's files and options, and everything the virtual modules are made of. */
export function bundleKeyOf(inputs: VirtualModuleInputs, options: { minify: boolean; outDir: string }): string {
  const hash = createHash('sha256');
  const part = (text: string) => hash.update(text).update('\0');
  part(docsiteFingerprint());
  part(process.cwd());
  part(inputs.siteDir);
  part(JSON.stringify([options.minify, inputs.lazyStaticContent ?? false, inputs.customCss ?? [], inputs.customFields ?? {}]));
  part(siteListing(inputs.siteDir, options.outDir));
  part(JSON.stringify(inputs.site));
  part(JSON.stringify(inputs.sidebars));
  for (const route of inputs.routes) {
    part(JSON.stringify(route));
    // Which routes keep static content (the chunk then names a file, patched when it changes), not the content.
    part(staticContentOf(inputs, route) ? 'static' : '');
  }
  for (const [key, compiled] of [...inputs.compiled].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    part(key);
    part(compiled.code ?? '');
    part(JSON.stringify([compiled.staticContent ?? false, hasHtml(compiled), compiled.globalComponents ?? []]));
  }
  return hash.digest('hex');
}

/** docsite's own code and the versions of what it bundles with and renders with. */
function docsiteFingerprint(): string {
  const manifest = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  return sourceFingerprint(['src', 'templates'], Object.keys(manifest.dependencies ?? {}).sort());
}

/** Folders of a site that hold no input of its bundles (or only ones the key has already). */
const NOT_INPUTS = new Set(['node_modules', '.git', '.docsite']);

/**
 * Every file path in the site folder outside its output, sorted, with the site's package files' contents: a file
 * added or removed may change how an import resolves, or which theme component a site overrides.
 */
function siteListing(siteDir: string, outDir: string): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (NOT_INPUTS.has(entry.name) || path === outDir || entry.name.startsWith(`.${basename(outDir)}.`)) continue;
        walk(path);
      } else files.push(relative(siteDir, path));
    }
  };
  walk(siteDir);
  files.sort();
  const hash = createHash('sha256').update(files.join('\n'));
  for (const name of ['package.json', 'package-lock.json', 'yarn.lock', 'pnpm-lock.yaml']) {
    try {
      hash.update(name).update(readFileSync(join(siteDir, name)));
    } catch {
      // not there
    }
  }
  return hash.digest('hex');
}

/**
 * A hash of each file that exists: virtual modules (`docsite:route:/x`) name no file and are dropped. Metafiles name
 * inputs relative to esbuild's working folder.
 */
async function hashInputFiles(files: Iterable<string>): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  await Promise.all(
    [...files].map(async (file) => {
      try {
        hashes[file] = createHash('sha1').update(await readFile(file)).digest('base64url');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ENOENT' && code !== 'EISDIR' && code !== 'ENOTDIR') throw error;
      }
    }),
  );
  return hashes;
}

/**
 * Keeps a build's bundles for the next one: the server bundle in `cacheDir`, and what the client bundle wrote (read
 * back from `outDir`, the staged output, right after bundling). The search worker writes its shards into `assets/`
 * meanwhile, and the build its static content's files: they are no part of the bundles (taken as they were, they
 * stayed in every later output).
 */
export async function recordBundles(key: string, assets: ClientAssets, serverFile: string, inputs: VirtualModuleInputs, metafiles: readonly Metafile[], outDir: string, cacheDir: string): Promise<BundleRecord> {
  await mkdir(cacheDir, { recursive: true });
  const server = await readFile(serverFile);
  const serverHash = createHash('sha256').update(server).digest('hex');
  const keptServer = join(cacheDir, `server-${serverHash.slice(0, 16)}.mjs`);
  await writeFile(keptServer, server);
  const assetsDir = join(outDir, 'assets');
  const files = (await listFiles(assetsDir)).map((file) => `assets/${file}`).filter((file) => !isSearchShard(file) && !isContentFile(file));
  const outputs = await Promise.all(files.map(async (file): Promise<[string, number]> => [file, (await stat(join(outDir, file))).size]));
  return {
    key,
    inputFiles: await hashInputFiles(new Set(metafiles.flatMap((metafile) => Object.keys(metafile.inputs).map((input) => resolve(input))))),
    assets: saveAssets(assets),
    outputs,
    contentFiles: Object.fromEntries(staticContentFiles(inputs)),
    serverFile: keptServer,
    serverHash,
  };
}

function saveAssets(assets: ClientAssets): SavedClientAssets {
  return { entry: assets.entry, routes: [...assets.routes], drawsDiagrams: assets.drawsDiagrams, searchWorker: assets.searchWorker };
}

/**
 * The previous build's bundles, when they are still this build's: taken from the previous output, the server bundle
 * from the cache, each page of static content with its content file of this build. Undefined when anything differs
 * or is missing: then the stage bundles as usual.
 */
export async function reuseBundles(record: BundleRecord | undefined, key: string, inputs: VirtualModuleInputs, previous: PreviousOutput): Promise<Bundles | undefined> {
  const previousOut = previous.dir;
  if (!record || record.key !== key) return undefined;
  const [hashes, outputsThere, serverThere] = await Promise.all([
    hashInputFiles(Object.keys(record.inputFiles)),
    Promise.all(record.outputs.map(async ([file, size]) => (await stat(join(previousOut, file)).catch(() => undefined))?.size === size)),
    stat(record.serverFile).then(
      () => true,
      () => false,
    ),
  ]);
  if (!serverThere || outputsThere.includes(false)) return undefined;
  for (const [file, hash] of Object.entries(record.inputFiles)) if (hashes[file] !== hash) return undefined;

  const routes = new Map(record.assets.routes);
  const contentFiles = Object.fromEntries(staticContentFiles(inputs));
  for (const [path, file] of Object.entries(contentFiles)) {
    const assets = routes.get(path);
    if (record.contentFiles[path] === undefined || !assets?.frame) return undefined;
    routes.set(path, { ...assets, chunk: file });
  }
  if (Object.keys(record.contentFiles).length !== Object.keys(contentFiles).length) return undefined;
  for (const [file] of record.outputs) {
    // Named by its content and never written again, the file may be the previous output's.
    if (!previous.take(file)) throw new Error(`the previous output's ${file} went missing while the build took it`);
  }
  const assets: ClientAssets = { entry: record.assets.entry, routes, drawsDiagrams: record.assets.drawsDiagrams, searchWorker: record.assets.searchWorker };
  return { assets, serverFile: record.serverFile, record: { ...record, assets: saveAssets(assets), contentFiles } };
}
