// esbuild runs as a Go process of its own, and Go's garbage collector lets the heap grow to about twice what is live
// before it collects (GOGC=100): on the 5000-page bench corpus esbuild's process reached 832 MB while the route chunks
// were bundled, the largest part of the build's peak. A soft memory limit (GOMEMLIMIT) makes it collect sooner as it
// nears the limit: 490 MB there, and the bundle stage took no longer (10.9 s against 11.4 s). Past the limit, Go
// bounds the time it spends collecting, so a site that needs more still bundles. A limit the user set is kept.
//
// Past the limit is where a bigger site is: at 10,000 pages the route chunks' build took 21.6 s under 512 MiB, collecting
// all along, and 11.2 s under 900 MiB (the tree's peak 1.4 GB and 1.75 GB). A big site's bundles get a limit that grows
// with its pages (`bundlerMemoryLimitFor`), so the bundle stage grows with the site and not faster.

export const BUNDLER_MEMORY_LIMIT_MIB = 512;
/** What a page adds to the limit, past the base one. */
const KIB_PER_PAGE = 90;

let limited = false;
let userLimit: string | undefined;

/** Sets esbuild's memory limit; to run before the first call to esbuild, whose process takes the environment then. */
export function limitBundlerMemory(): void {
  if (limited) return;
  limited = true;
  userLimit = process.env.GOMEMLIMIT;
  process.env.GOMEMLIMIT = userLimit ?? `${BUNDLER_MEMORY_LIMIT_MIB}MiB`;
}

/** The limit for bundling a site of `pages` pages: the base one up to about 5,800 pages, then 90 KiB a page. */
export function bundlerMemoryLimitFor(pages: number): string {
  return `${Math.max(BUNDLER_MEMORY_LIMIT_MIB, Math.round((pages * KIB_PER_PAGE) / 1024))}MiB`;
}

/**
 * Sets the limit esbuild's next process takes for a site of `pages` pages; true when it changed (a running esbuild
 * keeps its own until it is stopped). The user's limit, if set, is kept.
 */
export function scaleBundlerMemory(pages: number): boolean {
  if (!limited || userLimit !== undefined) return false;
  const limit = bundlerMemoryLimitFor(pages);
  if (process.env.GOMEMLIMIT === limit) return false;
  process.env.GOMEMLIMIT = limit;
  return true;
}
