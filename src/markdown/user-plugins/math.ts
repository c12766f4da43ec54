import { createRequire } from 'node:module';
import { packageOf, type PluginRef } from '../../config/plugin-refs';

// `markdown.math`: docsite's own remark-math and rehype-katex, resolved from docsite's node_modules (the
// site need not install them), and KaTeX's stylesheet, which the pages that have maths import.

export interface MathSetup {
  remark: PluginRef;
  rehype: PluginRef;
  /** Absolute path of katex.min.css: its fonts become hashed assets when the page's chunk is bundled. */
  stylesheet: string;
}

const ownRequire = createRequire(import.meta.url);

export function mathSetup(): MathSetup {
  return {
    remark: ownPlugin('remark-math', 'markdown.math'),
    rehype: ownPlugin('rehype-katex', 'markdown.math'),
    stylesheet: ownRequire.resolve('katex/dist/katex.min.css'),
  };
}

function ownPlugin(name: string, key: string): PluginRef {
  const module = ownRequire.resolve(name);
  return { key, module, exportName: 'default', name, version: packageOf(module)?.version ?? '' };
}

/** The stylesheet pages with KaTeX output import: with `markdown.math`, or when the config lists rehype-katex itself. */
export function mathStylesheetOf(setup: { math?: MathSetup | undefined; plugins?: Array<{ rehype: PluginRef[]; beforeRehype: PluginRef[] }> | undefined }): string | undefined {
  if (setup.math) return setup.math.stylesheet;
  const katexPlugin = (setup.plugins ?? []).flatMap((scope) => [...scope.rehype, ...scope.beforeRehype]).find((ref) => ref.name === 'rehype-katex');
  if (!katexPlugin) return undefined;
  // The stylesheet of the KaTeX the site's rehype-katex renders with, so markup and styles match.
  for (const from of [createRequire(katexPlugin.module), ownRequire]) {
    try {
      return from.resolve('katex/dist/katex.min.css');
    } catch {
      // Not there: try docsite's own KaTeX.
    }
  }
  return undefined;
}
