import { readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Code, Root, RootContent } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { walk } from '../walk';
import { rawImportTarget, resolveSitePath } from '../../raw-imports';
import type { VFile } from 'vfile';

// `<CodeBlock language="py" title="push.py">{PushScript}</CodeBlock>`, with `PushScript` imported
// raw (`!!raw-loader!./push.py` or `./push.py?raw`), or with the code written in the element as a
// string: the code is known when the page compiles, so the element becomes a code fence and is
// highlighted like one. Anything else stays a component (templates/mdx/theme/CodeBlock.tsx).

const RAW_IMPORT = /^\s*import\s+([A-Za-z_$][\w$]*)\s+from\s+(["'])((?:!!raw-loader!)?[^"']+?)\2/gm;

/** Files a page imports raw, by local name (their text goes into the compiled page). */
export function rawImportsOf(source: string, absolutePath: string, siteDir: string): Map<string, string> {
  const imports = new Map<string, string>();
  // Most pages import nothing raw: skip the scan (it runs for every page of every build, cache hits too).
  if (!source.includes('raw')) return imports;
  for (const match of source.matchAll(RAW_IMPORT)) {
    const target = rawImportTarget(match[3]!);
    if (target !== undefined) imports.set(match[1]!, resolveSitePath(target, dirname(absolutePath), siteDir));
  }
  return imports;
}

export function remarkCodeBlockElements(options: { siteDir: string }) {
  return (tree: Root, file: VFile) => {
    if (!String(file.value).includes('<CodeBlock')) return;
    const raw = rawImportsOf(String(file.value), file.path, options.siteDir);
    walk<MdxJsxFlowElement>(tree, 'mdxJsxFlowElement', (node, index, parent) => {
      if (node.name !== 'CodeBlock' || !parent || index === undefined) return;
      const value = codeOf(node, raw);
      if (value === undefined) return;
      const attribute = (name: string) => node.attributes.find((candidate): candidate is MdxJsxAttribute => candidate.type === 'mdxJsxAttribute' && candidate.name === name);
      const text = (name: string) => {
        const found = attribute(name);
        return typeof found?.value === 'string' ? found.value : undefined;
      };
      const meta = [text('title') !== undefined ? `title=${JSON.stringify(text('title'))}` : '', attribute('showLineNumbers') ? 'showLineNumbers' : '', text('metastring') ?? ''].filter(Boolean).join(' ');
      const language = text('language') ?? text('className')?.replace(/^language-/, '');
      const code: Code = { type: 'code', lang: language ?? null, meta: meta || null, value: value.replace(/\n$/, ''), ...(node.position ? { position: node.position } : {}) };
      parent.children[index] = code as RootContent as never;
    });
  };
}

/** The element's code when it is known at compile time: one string, template or raw import inside it. */
function codeOf(node: MdxJsxFlowElement, raw: Map<string, string>): string | undefined {
  const expressions: Array<{ value: string; data?: { estree?: unknown } }> = [];
  let other = false;
  walk<RootContent>(node, undefined, (child) => {
    if (child === node) return;
    if (child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression') expressions.push(child);
    else if (child.type === 'text' && child.value.trim()) other = true;
  });
  if (other || expressions.length !== 1) return undefined;
  const expression = (expressions[0]!.data?.estree as { body?: Array<{ type: string; expression?: EstreeNode }> } | undefined)?.body?.[0]?.expression;
  if (!expression) return undefined;
  if (expression.type === 'Identifier' && expression.name && raw.has(expression.name)) return readText(raw.get(expression.name)!);
  if (expression.type === 'Literal' && typeof expression.value === 'string') return expression.value;
  if (expression.type === 'TemplateLiteral' && expression.expressions?.length === 0) return expression.quasis?.[0]?.value.cooked ?? undefined;
  return undefined;
}

interface EstreeNode {
  type: string;
  name?: string;
  value?: unknown;
  expressions?: unknown[];
  quasis?: Array<{ value: { cooked?: string | null } }>;
}

function readText(path: string): string | undefined {
  if (!statSync(path, { throwIfNoEntry: false })?.isFile()) return undefined;
  return readFileSync(path, 'utf8');
}
