import { basename, join, relative, resolve, sep } from 'node:path';
import { statSync } from 'node:fs';
import { watch, type FSWatcher } from 'chokidar';
import { CONFIG_FILES } from '../config/load';
import type { SiteConfig } from '../config/schema';
import { CLIENT_DIR, TEMPLATES_DIR } from '../core/paths';

// What the dev server watches, and what a change to each kind of file means.

export interface ChangeKind {
  /** The config file: everything is read again, open pages reload. */
  config: boolean;
  /** The OpenAPI document (or a file it may include). */
  api: boolean;
  /** docsite's own theme or browser runtime (when working on docsite itself). */
  runtime: boolean;
  /** Files served as they are (static/). */
  staticFiles: boolean;
  /** Anything else: Markdown, sidebars, tags, React pages and components, stylesheets. */
  content: boolean;
}

// Anywhere: dependencies, git, editor backups, docsite's temporary config modules.
const IGNORED = /(^|[/\\])(node_modules|\.git)([/\\]|$)|\.docsite-config-|~$|\.sw[px]$/;
// At the site root: the build output (and its staging folders) and docsite's caches.
const IGNORED_AT_ROOT = /^(build|\.docsite|\.build\.(tmp|old)-[^/\\]*)([/\\]|$)/;

export function classifyChange(files: string[], siteDir: string, config: SiteConfig, runtimeInputs: ReadonlySet<string> = new Set()): ChangeKind {
  const kind: ChangeKind = { config: false, api: false, runtime: false, staticFiles: false, content: false };
  const staticDirs = config.staticDirectories.map((dir) => resolve(siteDir, dir) + sep);
  for (const file of files) {
    // docsite's theme, and the site's own global MDX components (part of the theme runtime) with what they import.
    if (file.startsWith(TEMPLATES_DIR + sep) || file.startsWith(CLIENT_DIR + sep) || file.startsWith(join(siteDir, 'src', 'theme') + sep) || runtimeInputs.has(file)) kind.runtime = true;
    else if (CONFIG_FILES.includes(basename(file)) && resolve(siteDir, basename(file)) === file) kind.config = true;
    else if (staticDirs.some((dir) => file.startsWith(dir))) kind.staticFiles = true;
    else {
      kind.content = true;
      // The spec may span several files: any YAML or JSON outside the docs' own metadata may be part of it.
      if (config.api && /\.(ya?ml|json)$/i.test(file) && !/^(tags|authors|_category_)\.(ya?ml|json)$/i.test(basename(file))) kind.api = true;
    }
  }
  return kind;
}

export interface WatchOptions {
  poll: boolean;
  /** When changes start to count (ms since the epoch): a file the first scan finds written since is a change. Default: now. */
  since?: number;
  /** Called once the first scan is done. */
  onReady?: () => void;
}

/** Watches the site (and docsite's theme when it is not an installed package); reports changed files in batches. */
export function watchSite(siteDir: string, options: WatchOptions, onChange: (files: string[]) => void): FSWatcher {
  const ownSources = [TEMPLATES_DIR, CLIENT_DIR].filter((dir) => !dir.split(sep).includes('node_modules'));
  // The first scan of the folders takes a while on a busy machine, and the server is ready before it ends: a file
  // saved or added meanwhile, in a folder not scanned yet, is found by the scan, not reported as a change. So the
  // scan's files are looked at: those written since watching began are changes like any other.
  const watchingSince = options.since ?? Date.now();
  let scanned = false;
  const watcher = watch([siteDir, ...ownSources], {
    ignoreInitial: false,
    usePolling: options.poll,
    ...(options.poll ? { interval: 100 } : {}),
    ignored: (path) => {
      const inSite = relative(siteDir, path);
      return IGNORED.test(path) || (!inSite.startsWith('..') && IGNORED_AT_ROOT.test(inSite));
    },
  });
  let timer: NodeJS.Timeout | undefined;
  const changed = new Set<string>();
  /** Modification time of each file when it was last reported. */
  const reported = new Map<string, number>();
  const rechecks = new Map<string, NodeJS.Timeout>();
  const flush = () => {
    const files = [...changed];
    changed.clear();
    for (const file of files) reported.set(file, mtimeOf(file));
    onChange(files);
  };
  const report = (file: string) => {
    changed.add(file);
    // Editors save in bursts (write, rename, chmod) within a few milliseconds: wait that long, then take them together.
    clearTimeout(timer);
    timer = setTimeout(flush, 10);
  };
  watcher.on('ready', () => {
    scanned = true;
    options.onReady?.();
  });
  watcher.on('all', (event, path) => {
    if (event === 'addDir') return;
    const file = resolve(path);
    if (!scanned && event === 'add' && mtimeOf(file) < watchingSince) return;
    report(file);
    // chokidar drops a file's change events for 50 ms after one it reported, so a second save in
    // quick succession (a formatter running on save) would be lost: look at the file again after that.
    clearTimeout(rechecks.get(file));
    rechecks.set(
      file,
      setTimeout(() => {
        rechecks.delete(file);
        if (mtimeOf(file) !== reported.get(file)) report(file);
      }, 80),
    );
  });
  return watcher;
}

/** A file's modification time, or -1 when it is gone. */
function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}
