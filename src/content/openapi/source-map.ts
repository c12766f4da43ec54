import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { DocsiteError } from '../../core/errors';

// A YAML or JSON file parsed with positions kept, so a problem found later by JSON pointer can be
// reported at its line and column (JSON is YAML, so one parser serves both).

export interface ParsedSource {
  value: unknown;
  /** line:column (1-based) of the value at a JSON pointer ("#/paths/~1albums/get"), when it exists. */
  locate(pointer: string): { line: number; column: number } | undefined;
}

export function parseSourceFile(text: string, file: string): ParsedSource {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const problem = document.errors[0];
  if (problem) {
    const at = lineCounter.linePos(problem.pos[0]);
    throw new DocsiteError(`invalid ${file.endsWith('.json') ? 'JSON' : 'YAML'}: ${problem.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`, { file, line: at.line, column: at.col });
  }
  return {
    value: document.toJS({ maxAliasCount: 10_000 }),
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
