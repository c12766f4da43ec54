import { createRequire } from 'node:module';

// Packages a command may not need at all, loaded the first time they are used rather than when
// docsite starts: every package imported at the top of the CLI is read and compiled by Node before
// any command runs, and `docsite dev` was paying a third of a second for social cards, OpenAPI
// validation, feeds and Markdown twins before serving its first page. Node 20.19 and later load an
// ES module with `require`, so the first use stays synchronous.

const require = createRequire(import.meta.url);

/** `load()` gives the package's exports, reading the package on the first call only. */
export function lazyPackage<T>(name: string): () => T {
  let exports: T | undefined;
  return () => (exports ??= require(name) as T);
}
