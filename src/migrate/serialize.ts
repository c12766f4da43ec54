// Plain data -> TypeScript source, as a person would write it: 2-space indentation, single quotes,
// trailing commas, unquoted keys where they are identifiers, and short objects and lists on one line.

const MAX_WIDTH = 120;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A piece of code written as it is (e.g. a template literal), where a value would be. */
export class Code {
  constructor(readonly source: string) {}
}

export function quote(text: string): string {
  const escaped = text.replace(/[\\'\n\r\t\u2028\u2029]|[\u0000-\u001f]/g, (char) => {
    switch (char) {
      case '\\':
        return '\\\\';
      case "'":
        return "\\'";
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      default:
        return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
    }
  });
  return `'${escaped}'`;
}

function key(name: string): string {
  return IDENTIFIER.test(name) ? name : quote(name);
}

/**
 * `indent` is the indentation of the line the value starts on; `used` how many other characters that
 * line holds (its key, the trailing comma), so the one-line form is only chosen when the whole line stays short.
 */
export function toSource(value: unknown, indent = 0, used = 0): string {
  if (value instanceof Code) return value.source;
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
    case 'boolean':
      return String(value);
    case 'object':
      break;
    case 'function':
      return functionExpression(value as (...args: never[]) => unknown);
    default:
      throw new TypeError(`cannot write a ${typeof value} into the config`);
  }
  const inner = ' '.repeat(indent + 2);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const oneLine = `[${value.map((item) => toSource(item, indent, Number.POSITIVE_INFINITY)).join(', ')}]`;
    if (fits(oneLine, indent + used)) return oneLine;
    return `[\n${value.map((item) => `${inner}${toSource(item, indent + 2, 1)},`).join('\n')}\n${' '.repeat(indent)}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
  if (entries.length === 0) return '{}';
  const oneLine = `{ ${entries.map(([name, item]) => `${key(name)}: ${toSource(item, indent, Number.POSITIVE_INFINITY)}`).join(', ')} }`;
  if (fits(oneLine, indent + used)) return oneLine;
  return `{\n${entries.map(([name, item]) => `${inner}${key(name)}: ${toSource(item, indent + 2, key(name).length + 3)},`).join('\n')}\n${' '.repeat(indent)}}`;
}

/** One line is fine when it has no line breaks and stays within the width (a nested call passes Infinity to always try). */
function fits(line: string, start: number): boolean {
  return !line.includes('\n') && (start === Number.POSITIVE_INFINITY || start + line.length <= MAX_WIDTH);
}

/**
 * A function of the Docusaurus config as an expression of the docsite config: its source text, a method
 * (`createRedirects(path) { … }`) made a function expression. What it reads around it does not come along.
 */
export function functionExpression(fn: (...args: never[]) => unknown): string {
  const source = String(fn);
  if (/^(async\s+)?function\b/.test(source) || /^(async\s*)?(\([^)]*\)|[\w$]+)\s*=>/.test(source) || source.startsWith('class')) return source;
  return source.startsWith('async ') ? `async function ${source.slice(6)}` : `function ${source}`;
}
