// Front matter as most sites write it, read without a YAML parser.
//
// Nearly every front matter is a few `key: value` lines and a list or two (tags, keywords). The `yaml` package reads
// such a text in about a seventh of a millisecond, which on a cold build of 1000 pages was about 0.15 s of the build's
// thread before the compile could start. This reads that shape, and only that shape, into exactly what
// `yaml.parse` gives for it (YAML 1.2, the core schema: docsite's setting); anything else (quoted escapes, block
// scalars, anchors, nested maps, flow maps, signed or exotic numbers, tabs, duplicate keys, a line it cannot place)
// answers undefined, and the caller hands the text to `yaml`, which also reports its errors.
//
// What is read:
//   key: plain scalar          a string unless it is null, a boolean or a plain decimal number (the core schema)
//   key: "text" | 'text'       without escapes or quotes inside
//   key: [a, b, c]             plain items, resolved as above
//   key:                       null, or a block list of the items below
//     - item                   plain or quoted, every item at one indentation
// with blank lines and comment lines anywhere. Keys are identifiers (letters, digits, `_`, `-`).

type Scalar = string | number | boolean | null;
type Value = Scalar | Scalar[];

const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?: +(.*))?$/;
const ITEM_LINE = /^( *)- +(.*)$/;
/** Characters that make a text something other than plain lines of printable characters (tabs and CR included). */
const UNPRINTABLE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\ufeff\ufffe\uffff\ud800-\udfff]/u;
/** First characters of a plain scalar that mean something else in YAML (indicators), or could. */
const NOT_PLAIN_START = /^[-?:,[\]{}#&*!|>'"%@`]/;
/** Inside a plain scalar: a comment, a mapping, or flow brackets (legal in block context, left to `yaml`). */
const NOT_PLAIN_INSIDE = /: | #|:$|[[\]{}]/;

const NULL = /^(?:~|null|Null|NULL)$/;
const TRUE = /^(?:true|True|TRUE)$/;
const FALSE = /^(?:false|False|FALSE)$/;
/** A decimal number written the plain way: no sign, no leading zero, no exponent, at most 15 digits a side. */
const PLAIN_NUMBER = /^(?:0|[1-9][0-9]{0,14})(?:\.[0-9]{1,15})?$/;
/** Every number of the core schema (YAML 1.2.2, 10.3.2): decimal, octal and hexadecimal integers, floats, infinities, NaN. */
const CORE_NUMBER = /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
/** A YAML line's trailing white space: spaces only (a no-break space belongs to the scalar). */
const TRAILING_SPACES = / +$/;
const BLANK_OR_COMMENT = /^ *(?:#|$)/;

/** The data of a front matter text of the simple shape above, or undefined for `yaml` to read. */
export function parsePlainYaml(text: string): Record<string, Value> | undefined {
  if (UNPRINTABLE.test(text)) return undefined;
  const data: Record<string, Value> = {};
  const lines = text.split('\n');
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at]!;
    if (BLANK_OR_COMMENT.test(line)) continue;
    const keyLine = KEY_LINE.exec(line);
    if (!keyLine) return undefined;
    const key = keyLine[1]!;
    // A repeated key is yaml's error to report; a key that reads as null, a boolean or a number is no string key.
    if (key === '__proto__' || Object.hasOwn(data, key) || scalarOf(key) !== key) return undefined;
    const rest = (keyLine[2] ?? '').replace(TRAILING_SPACES, '');
    if (rest !== '') {
      const value = rest.startsWith('[') ? flowListOf(rest) : scalarOf(rest);
      if (value === undefined) return undefined;
      data[key] = value;
      continue;
    }
    // A bare key: a block list follows, or its value is null.
    const items: Scalar[] = [];
    let indent: number | undefined;
    for (let next = at + 1; next < lines.length; next++) {
      const itemLine = lines[next]!;
      if (BLANK_OR_COMMENT.test(itemLine)) continue;
      const item = ITEM_LINE.exec(itemLine);
      if (!item) break;
      if (indent !== undefined && item[1]!.length !== indent) return undefined;
      indent = item[1]!.length;
      const value = scalarOf(item[2]!.replace(TRAILING_SPACES, ''));
      if (value === undefined) return undefined;
      items.push(value);
      at = next;
    }
    data[key] = indent === undefined ? null : items;
  }
  return data;
}

/** A quoted or plain scalar (already trimmed), or undefined when it is neither of the simple kinds. */
function scalarOf(text: string): Scalar | undefined {
  const quote = text[0];
  if (quote === '"' || quote === "'") {
    const inner = text.slice(1, -1);
    return text.length >= 2 && text.endsWith(quote) && !inner.includes(quote) && !(quote === '"' && inner.includes('\\')) ? inner : undefined;
  }
  return plainScalarOf(text);
}

function plainScalarOf(text: string): Scalar | undefined {
  if (text === '' || NOT_PLAIN_START.test(text) || NOT_PLAIN_INSIDE.test(text)) return undefined;
  if (NULL.test(text)) return null;
  if (TRUE.test(text)) return true;
  if (FALSE.test(text)) return false;
  if (PLAIN_NUMBER.test(text)) return Number(text);
  if (CORE_NUMBER.test(text)) return undefined; // written otherwise: `yaml` converts it
  return text;
}

/** `[a, b, c]` of plain items; undefined for anything else (quotes, nesting, empty items). */
function flowListOf(text: string): Scalar[] | undefined {
  if (!text.endsWith(']')) return undefined;
  const inner = text.slice(1, -1);
  if (/^ *$/.test(inner)) return [];
  const items: Scalar[] = [];
  for (const part of inner.split(',')) {
    const item = part.replace(/^ +| +$/g, '');
    const value = item.includes('"') || item.includes("'") ? undefined : plainScalarOf(item);
    if (value === undefined) return undefined;
    items.push(value);
  }
  return items;
}
