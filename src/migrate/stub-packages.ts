import { builtinModules } from 'node:module';
import type { Plugin } from 'esbuild';

// A Docusaurus folder often has no node_modules (migrate never installs anything), yet its config
// requires prism-react-renderer, remark plugins and the like. This esbuild plugin leaves installed
// packages to Node and stands in for every other one with a stub that tolerates any use, so
// `require('prism-react-renderer').themes.github` evaluates and the rest of the config can be read.

const NAMESPACE = 'docsite-migrate-stub';

/**
 * The stub module, as CommonJS: one Proxy that answers every property read, call and `new` with itself.
 * Its prototype is itself too, so esbuild's ESM interop (which copies a CommonJS module onto an object
 * inheriting from the module's prototype) still finds any named import on it.
 */
export const STUB_SOURCE = `
const target = function () {};
const stub = new Proxy(target, {
  get(_target, key) {
    // Not a promise: awaiting a stub (or an async config returning one) must not hang.
    if (key === 'then') return undefined;
    if (key === Symbol.toPrimitive) return () => '';
    if (key === Symbol.iterator) return function* () {};
    return stub;
  },
  apply: () => stub,
  construct: () => stub,
  getPrototypeOf: () => stub,
});
module.exports = stub;
`;

export interface StubOptions {
  /** The site folder: `@site/...` imports resolve inside it. */
  siteDir: string;
  /** Stub installed packages too (the fallback when an installed package fails to load). */
  stubAll: boolean;
  /** Receives each package name that was stubbed. */
  onStub: (name: string) => void;
}

const BUILTINS = new Set(builtinModules);

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

export function stubMissingPackages(options: StubOptions): Plugin {
  return {
    name: 'docsite-migrate-stubs',
    setup(build) {
      // Docusaurus's alias for the site folder.
      build.onResolve({ filter: /^@site\// }, async (args) => {
        const result = await build.resolve(`./${args.path.slice('@site/'.length)}`, { kind: args.kind, resolveDir: options.siteDir });
        return result.errors.length === 0 ? { path: result.path } : stubFor(args.path);
      });
      // Bare specifiers: packages and Node built-ins.
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if ((args.pluginData as { probing?: boolean } | undefined)?.probing) return undefined;
        if (args.path.startsWith('node:') || BUILTINS.has(args.path) || BUILTINS.has(packageName(args.path))) return { path: args.path, external: true };
        if (!options.stubAll) {
          // Resolve it the way esbuild would (honouring the package's exports); if it is there, Node loads it.
          const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: { probing: true } });
          if (found.errors.length === 0) return { path: args.path, external: true };
        }
        return stubFor(args.path);
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, () => ({ contents: STUB_SOURCE, loader: 'js' }));

      function stubFor(specifier: string) {
        options.onStub(packageName(specifier));
        return { path: specifier, namespace: NAMESPACE };
      }
    },
  };
}
