import { isMap, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from 'yaml';
import { DocsiteError } from '../../core/errors';

// A YAML or JSON file parsed with positions kept, so a problem found later by JSON pointer can be
// reported at its line and column (JSON is YAML, so one parser serves both).

export interface ParsedSource {
  value: unknown;
  /** line:column (1-based) of the value at a JSON pointer ("#/paths/~1albums/get"), when it exists. */
  locate(pointer: string): { line: number; column: number } | undefined;
}

/** How many nodes aliases may expand to, counting aliases of aliases (the yaml package's own measure). */
const MAX_ALIAS_COUNT = 10_000;

export function parseSourceFile(text: string, file: string): ParsedSource {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const problem = document.errors[0];
  if (problem) {
    const at = lineCounter.linePos(problem.pos[0]);
    throw new DocsiteError(`invalid ${file.endsWith('.json') ? 'JSON' : 'YAML'}: ${problem.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`, { file, line: at.line, column: at.col });
  }
  // An alias inside the node it names (`a: &x { b: *x }`) is a cycle: every walk of the document would recurse
  // until the stack overflows.
  visit(document, {
    Alias(_key, alias, path) {
      const target = alias.resolve(document);
      if (!target || !path.includes(target)) return;
      const at = lineCounter.linePos(alias.range?.[0] ?? 0);
      throw new DocsiteError(`the YAML alias *${alias.source} is inside the node its anchor &${alias.source} names: a document must not contain itself`, { file, line: at.line, column: at.col });
    },
  });
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    // The yaml package's guard against aliases of aliases (a "billion laughs"): a few lines that expand to billions.
    if (error instanceof ReferenceError && /alias/i.test(error.message)) {
      throw new DocsiteError(`invalid YAML: its aliases expand to more than ${MAX_ALIAS_COUNT.toLocaleString('en-US')} nodes (aliases of aliases grow exponentially)`, { file }, { cause: error });
    }
    throw error;
  }
  return {
    value,
    locate(pointer) {
      const node = nodeAt(document, pointerTokens(pointer));
      if (!node?.range) return undefined;
      const at = lineCounter.linePos(node.range[0]);
      return { line: at.line, column: at.col };
    },
  };
}

/** "#/paths/~1albums/get" -> ["paths", "/albums", "get"] */
export function pointerTokens(pointer: string): string[] {
  const path = pointer.replace(/^#/, '');
  if (path === '' || path === '/') return [];
  return path
    .slice(1)
    .split('/')
    .map((token) => decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** ["paths", "/albums"] -> "#/paths/~1albums" */
export function toPointer(tokens: (string | number)[]): string {
  return `#${tokens.map((token) => `/${String(token).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')}`;
}

/** The node at a path; for a mapping entry, its key (where a reader looks for it). */
function nodeAt(document: Document, tokens: string[]): Node | undefined {
  let node: unknown = document.contents;
  let keyNode: Node | undefined;
  for (const token of tokens) {
    keyNode = undefined;
    if (isMap(node)) {
      const pair = node.items.find((item) => (isScalar(item.key) ? String(item.key.value) : String(item.key)) === token);
      if (!pair) return lastKnown(node);
      keyNode = isScalar(pair.key) ? pair.key : undefined;
      node = pair.value;
    } else if (isSeq(node)) {
      const item = node.items[Number(token)];
      if (item === undefined) return lastKnown(node);
      node = item;
    } else {
      return lastKnown(node);
    }
  }
  return keyNode ?? lastKnown(node);
}

function lastKnown(node: unknown): Node | undefined {
  return node && typeof node === 'object' && 'range' in node ? (node as Node) : undefined;
}
