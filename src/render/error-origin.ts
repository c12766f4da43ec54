import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEMPLATES_DIR } from '../core/paths';

// Which site file an error thrown while a bundle ran came from: a component, a partial or a page that throws
// while it renders or loads must be reported at that file, not at the page that happened to include it.
//
// The bundles docsite runs in Node are not minified, and esbuild writes a `// path` comment above each module it
// bundles (the path relative to the folder esbuild ran in). The stack's frames give lines of the bundle; the
// nearest such comment above a frame's line names the module that ran. Source maps would also give the line in
// that module, but writing them costs the build more than a second on a thousand pages, for a file name that this
// finds for free when something fails. Lines are left out: the bundle's line is not the author's.

/** A site file an error came from, relative to the site folder. */
export interface ErrorOrigin {
  file: string;
}

interface ModuleIndex {
  mtimeMs: number;
  /** Bundle line (1-based) of each module comment, ascending, and the module it starts. */
  starts: { line: number; module: string }[];
}

const indexes = new Map<string, ModuleIndex>();
const MODULE_COMMENT = /^\/\/ (\S[^\n]*)$/;
const FRAME = /\(?((?:file:\/\/)?\/[^():\s]+(?:\.m?js)):(\d+):(\d+)\)?\s*$/;

/**
 * The first frame of the error's stack that ran a module of the site (not docsite's theme, not a package):
 * the file the author should look at. `workingDir` is the folder esbuild ran in (it names modules relative to it).
 */
export function errorOrigin(error: unknown, siteDir: string, workingDir = process.cwd()): ErrorOrigin | undefined {
  const stack = error instanceof Error ? error.stack : undefined;
  if (!stack) return undefined;
  const site = resolve(siteDir);
  for (const frameLine of stack.split('\n').slice(1)) {
    const frame = FRAME.exec(frameLine.trim());
    if (!frame) continue;
    const bundle = frame[1]!.startsWith('file://') ? fileURLToPath(frame[1]!) : frame[1]!;
    const module = moduleAt(bundle, Number(frame[2]));
    // A frame outside any bundle may be the site's own file run directly (a config module): take it as it is.
    const file = module === undefined ? bundle : resolve(workingDir, module);
    const origin = siteFileOf(file, site);
    if (origin) return { file: origin };
  }
  return undefined;
}

function siteFileOf(file: string, site: string): string | undefined {
  if (!isAbsolute(file) || file.includes(`${sep}node_modules${sep}`) || file.startsWith(TEMPLATES_DIR + sep)) return undefined;
  const inSite = relative(site, file);
  if (!inSite || inSite.startsWith('..') || isAbsolute(inSite) || inSite.startsWith(`.docsite${sep}`)) return undefined;
  return existsSync(file) ? inSite.split(sep).join('/') : undefined;
}

/** The module (as esbuild named it) whose code is at `line` of a bundle; undefined when the file is not a bundle. */
function moduleAt(bundle: string, line: number): string | undefined {
  const index = indexOf(bundle);
  if (!index) return undefined;
  let found: string | undefined;
  for (const start of index.starts) {
    if (start.line > line) break;
    found = start.module;
  }
  // Virtual modules (docsite:route:/x) are docsite's glue, not a file.
  return found && !found.includes(':') ? found : undefined;
}

function indexOf(bundle: string): ModuleIndex | undefined {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(bundle).mtimeMs;
  } catch {
    return undefined;
  }
  const cached = indexes.get(bundle);
  if (cached && cached.mtimeMs === mtimeMs) return cached;
  const starts: ModuleIndex['starts'] = [];
  readFileSync(bundle, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      const comment = MODULE_COMMENT.exec(text);
      if (comment) starts.push({ line: i + 1, module: comment[1]! });
    });
  if (!starts.length) return undefined;
  const index = { mtimeMs, starts };
  indexes.set(bundle, index);
  return index;
}
