import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { compileCacheDir } from './core/cache-dir';
import { defaultSpread, prestartCodeBlockWorker } from './markdown/code-block-pool';

// What a command starts before the CLI's modules load: bin/docsite.js runs this first for `docsite build`. Loading
// dist/cli.js takes the first ~0.15 s of every command on one core, and a cold build on two cores spent its compile
// stage's first quarter second waiting for the code-block worker to load shiki and its first grammars. Started here,
// the worker does that on the other core meanwhile; the build takes it (code-block-pool.ts), or ends it. On the
// 1000-page corpus, paired cold builds (whole process): 4.66-4.91 -> 4.29-4.45 s with the two changes before it (the
// front matter reader and the regexes compiled at once, which made that wait longer, then shorter). A build whose
// compiles are in the cache needs no highlighter: there, nothing starts (a worker started and ended cost a warm build
// of the Memora site about 0.1 s).

/** The options of `docsite build` that take a value (commands/build.ts; a unit test keeps the two alike). */
export const BUILD_VALUE_OPTIONS: readonly string[] = ['--out-dir', '--base-url', '--locale'];

/** `args`: the command line after node and the launcher (`build`, its options, the site folder). */
export function prestart(args: readonly string[]): void {
  if (args[0] !== 'build' || defaultSpread() !== 'split') return;
  const rest = args.slice(1);
  if (rest.some((arg) => arg === '--help' || arg === '-h')) return;
  if (!rest.includes('--no-cache') && holdsCompiles(siteDirOf(rest))) return;
  prestartCodeBlockWorker();
}

/** The site folder a build's arguments name, as commander reads them: the first that is no option or option value. */
export function siteDirOf(args: readonly string[]): string {
  for (let at = 0; at < args.length; at++) {
    const arg = args[at]!;
    if (arg === '--') return args[at + 1] ?? '.';
    if (!arg.startsWith('-')) return arg;
    if (BUILD_VALUE_OPTIONS.includes(arg)) at++;
  }
  return '.';
}

/**
 * Whether the site's compile cache has a pack (markdown/compile-cache.ts `holdsNothing`): a guess, which costs only
 * time when wrong.
 */
function holdsCompiles(siteDir: string): boolean {
  try {
    return readdirSync(compileCacheDir(resolve(siteDir))).some((name) => name.endsWith('.pack'));
  } catch {
    return false;
  }
}
