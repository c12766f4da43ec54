import { createRequire } from 'node:module';
import type { ComponentType, createElement as CreateElement } from 'react';
import type { renderToString as RenderToString } from 'react-dom/server';
import { PACKAGE_ROOT } from '../core/paths';

// Static content (static-content.ts: HTML elements only) rendered to HTML once, where it is compiled.
//
// Such content needs no JavaScript: the browser keeps the server's HTML of it. Rendered here, in the compile
// worker, it stays out of both bundles (esbuild no longer parses and writes a module per page) and out of the
// render stage's React tree; client navigation fetches the HTML as a file (assets/content/<hash>.html). The HTML is
// React's own rendering of the compiled module, so pages come out byte for byte as when React rendered it in the
// page.

// docsite's own React: the one the server bundle renders with (bundle/react-runtime.ts resolves it alike).
const requireFromDocsite = createRequire(`${PACKAGE_ROOT}/package.json`);
let react: { createElement: typeof CreateElement; renderToString: typeof RenderToString; jsxRuntime: unknown } | undefined;

const RUNTIME_IMPORT = /^import\s*\{([^}]*)\}\s*from\s*"react\/jsx-runtime";?$/m;

/**
 * The HTML of a compiled MDX module's content, as the theme renders it (`<Content components={{}} />`), when the
 * module is static and imports nothing but the JSX runtime (an image import needs the bundler for its URL);
 * undefined otherwise.
 */
export function staticHtmlOf(code: string): string | undefined {
  const runtime = RUNTIME_IMPORT.exec(code);
  if (!runtime) return undefined;
  // The module's code without its runtime import, its component a plain function.
  const body = (code.slice(0, runtime.index) + code.slice(runtime.index + runtime[0].length)).replace(/^export default function MDXContent\b/m, 'function MDXContent');
  // Anything else imported or exported (an image, a `toc` export) keeps the module.
  if (/^\s*(import|export)\s/m.test(body)) return undefined;
  const bindings = runtime[1]!
    .split(',')
    .map((specifier) => specifier.trim().split(/\s+as\s+/))
    .filter((parts) => parts[0])
    .map(([name, local]) => `${name}: ${local ?? name}`);
  react ??= productionReact();
  // The compiler's own output, for the site's own file: the same code the page's module would run in the render stage.
  const factory = new Function('runtime', `const { ${bindings.join(', ')} } = runtime;\n${body}\nreturn MDXContent;`) as (runtime: unknown) => ComponentType<{ components: Record<string, unknown> }>;
  try {
    return react.renderToString(react.createElement(factory(react.jsxRuntime), { components: {} }));
  } catch {
    return undefined; // the page keeps its module, and the render stage reports what went wrong where it always has
  }
}

/**
 * React's production build, whatever NODE_ENV this process runs with: React picks its build by NODE_ENV when it is
 * first required, and the development one renders the same HTML several times slower (the compile workers set
 * NODE_ENV for that; a compile in the main thread, a `docsite dev` save or a build's one changed page, did not).
 */
function productionReact(): NonNullable<typeof react> {
  const environment = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return {
      createElement: (requireFromDocsite('react') as { createElement: typeof CreateElement }).createElement,
      renderToString: (requireFromDocsite('react-dom/server') as { renderToString: typeof RenderToString }).renderToString,
      jsxRuntime: requireFromDocsite('react/jsx-runtime'),
    };
  } finally {
    if (environment === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = environment;
  }
}
