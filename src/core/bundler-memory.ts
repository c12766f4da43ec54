// esbuild runs as a Go process of its own, and Go's garbage collector lets the heap grow to about twice what is live
// before it collects (GOGC=100): on the 5000-page bench corpus esbuild's process reached 832 MB while the route chunks
// were bundled, the largest part of the build's peak. A soft memory limit (GOMEMLIMIT) makes it collect sooner as it
// nears the limit: 490 MB there, and the bundle stage took no longer (10.9 s against 11.4 s). Past the limit, Go
// bounds the time it spends collecting, so a site that needs more still bundles. A limit the user set is kept.

export const BUNDLER_MEMORY_LIMIT = '512MiB';

/** Sets esbuild's memory limit; to run before the first call to esbuild, whose process takes the environment then. */
export function limitBundlerMemory(): void {
  process.env.GOMEMLIMIT ??= BUNDLER_MEMORY_LIMIT;
}
