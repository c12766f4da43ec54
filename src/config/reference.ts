import * as z from 'zod';
import { configSchema } from './schema';

// The README's config reference, generated from the schema: every key with its type, its default and
// its description (`.describe()` in schema.ts). `npm run docs:config` writes it between the markers;
// a unit test fails when the README's copy differs from what this module makes of the schema now.

export const REFERENCE_START = '<!-- config-reference:start -->';
export const REFERENCE_END = '<!-- config-reference:end -->';
export const REFERENCE_COMMAND = 'npm run docs:config';

export interface ReferenceRow {
  /** Dotted key path; `[]` marks the items of a list, `<name>` the keys of a record. */
  key: string;
  /** Markdown. */
  type: string;
  /** Markdown: a value, words, "required", or empty when the key may be left out and has no default. */
  default: string;
  description: string;
}

export interface ReferenceGroup {
  /** The top-level key the group documents; none for the group of top-level keys that are no objects. */
  key?: string;
  description?: string;
  rows: ReferenceRow[];
}

/** A schema with its wrappers (default, optional) taken off, and what they said. */
interface Unwrapped {
  schema: z.ZodType;
  description?: string;
  defaultText?: string;
  /** Present when the key has a default value. */
  defaultValue?: { value: unknown };
  optional: boolean;
}

function unwrap(outer: z.ZodType): Unwrapped {
  const result: Unwrapped = { schema: outer, optional: false };
  let schema = outer;
  for (;;) {
    const meta = z.globalRegistry.get(schema);
    result.description ??= meta?.description;
    result.defaultText ??= meta?.defaultText;
    if (schema instanceof z.ZodDefault) {
      result.defaultValue ??= { value: schema.def.defaultValue };
      schema = schema.def.innerType as z.ZodType;
    } else if (schema instanceof z.ZodOptional) {
      result.optional = true;
      schema = schema.def.innerType as z.ZodType;
    } else {
      break;
    }
  }
  result.schema = schema;
  return result;
}

/** The config's keys, grouped: top-level keys that are objects get a group each, the others share the first. */
export function configReference(schema: z.ZodObject = configSchema): ReferenceGroup[] {
  const topLevel: ReferenceGroup = { rows: [] };
  const groups: ReferenceGroup[] = [topLevel];
  for (const [key, child] of Object.entries(schema.shape)) {
    const entry = unwrap(child as z.ZodType);
    if (entry.schema instanceof z.ZodObject) {
      const group: ReferenceGroup = { key, rows: [] };
      if (entry.description) group.description = entry.description;
      rowsOfChildren(entry.schema, key, group.rows);
      groups.push(group);
    } else {
      rowsOf(child as z.ZodType, key, topLevel.rows);
    }
  }
  return groups;
}

/** `entry`: a record's entries, which are never required. */
function rowsOf(schema: z.ZodType, key: string, rows: ReferenceRow[], entry = false): void {
  const unwrapped = unwrap(schema);
  if (!unwrapped.description) throw new Error(`config schema: the key "${key}" has no description; give it one with .describe()`);
  rows.push({ key, type: typeOf(unwrapped.schema), default: entry ? '' : defaultOf(unwrapped), description: unwrapped.description });
  rowsOfChildren(unwrapped.schema, key, rows);
}

/** Rows of the keys inside an object, a list of objects or a record of objects. */
function rowsOfChildren(schema: z.ZodType, key: string, rows: ReferenceRow[]): void {
  if (schema instanceof z.ZodObject) {
    for (const [name, child] of Object.entries(schema.shape)) rowsOf(child as z.ZodType, `${key}.${name}`, rows);
  } else if (schema instanceof z.ZodArray) {
    rowsOfChildren(unwrap(schema.element as z.ZodType).schema, `${key}[]`, rows);
  } else if (schema instanceof z.ZodRecord) {
    const value = schema.valueType as z.ZodType;
    if (!(unwrap(value).schema instanceof z.ZodObject)) return;
    const name = z.globalRegistry.get(schema.keyType)?.title ?? 'name';
    rowsOf(value, `${key}.<${name}>`, rows, true);
  }
}

function defaultOf(entry: Unwrapped): string {
  if (entry.defaultText) return entry.defaultText;
  if (entry.defaultValue) {
    const { value } = entry.defaultValue;
    // An object's defaults are those of its keys, listed below it.
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? '' : `\`${literal(value)}\``;
  }
  return entry.optional ? '' : 'required';
}

/** A value as it would be written in docsite.config.ts. */
function literal(value: unknown): string {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([name, item]) => `${/^[a-z_$][\w$]*$/i.test(name) ? name : literal(name)}: ${literal(item)}`);
    return entries.length ? `{ ${entries.join(', ')} }` : '{}';
  }
  return String(value);
}

/** The type, in Markdown: alternatives as code, joined in words. */
function typeOf(schema: z.ZodType): string {
  const alternatives = alternativesOf(schema);
  return alternatives.length === 1 ? alternatives[0]! : `${alternatives.slice(0, -1).join(', ')} or ${alternatives.at(-1)}`;
}

function alternativesOf(schema: z.ZodType): string[] {
  const inner = unwrap(schema).schema;
  if (inner instanceof z.ZodUnion) return (inner.options as z.ZodType[]).flatMap(alternativesOf);
  if (inner instanceof z.ZodEnum) return inner.options.map((option) => `\`${literal(option)}\``);
  if (inner instanceof z.ZodLiteral) return [...inner.values].map((value) => `\`${literal(value)}\``);
  if (inner instanceof z.ZodNumber) return [numberType(inner)];
  return [`\`${codeType(inner)}\``];
}

/** A number's type with its bounds: "`integer`, 2 to 6", "`integer` ≥ 1". */
function numberType(schema: z.ZodNumber): string {
  const name = `\`${schema.isInt ? 'integer' : 'number'}\``;
  const bound = (value: number | null) => (value !== null && Number.isFinite(value) && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined);
  const [min, max] = [bound(schema.minValue), bound(schema.maxValue)];
  if (min !== undefined && max !== undefined) return `${name}, ${min} to ${max}`;
  if (min !== undefined) return `${name} ≥ ${min}`;
  if (max !== undefined) return `${name} ≤ ${max}`;
  return name;
}

/** The type as TypeScript would write it, for lists and records. */
function codeType(schema: z.ZodType): string {
  const inner = unwrap(schema).schema;
  if (inner instanceof z.ZodString) return inner.format === 'url' ? 'URL' : 'string';
  if (inner instanceof z.ZodNumber) return inner.isInt ? 'integer' : 'number';
  if (inner instanceof z.ZodBoolean) return 'boolean';
  if (inner instanceof z.ZodNull) return 'null';
  if (inner instanceof z.ZodObject) return 'object';
  if (inner instanceof z.ZodEnum) return inner.options.map(literal).join(' | ');
  if (inner instanceof z.ZodLiteral) return [...inner.values].map(literal).join(' | ');
  if (inner instanceof z.ZodUnion) return (inner.options as z.ZodType[]).map(codeType).join(' | ');
  if (inner instanceof z.ZodArray) {
    const element = codeType(inner.element as z.ZodType);
    return element.includes(' | ') ? `(${element})[]` : `${element}[]`;
  }
  if (inner instanceof z.ZodRecord) return `Record<${codeType(inner.keyType as z.ZodType)}, ${codeType(inner.valueType as z.ZodType)}>`;
  if (inner instanceof z.ZodUnknown) return 'unknown';
  // The one custom schema is a Markdown plugin given as a function.
  if (inner instanceof z.ZodCustom) return 'function';
  if (inner instanceof z.ZodTuple) return `[${(inner.def.items as z.ZodType[]).map(codeType).join(', ')}]`;
  throw new Error(`config reference: no name for a schema of type "${inner.def.type}"`);
}

/** A table cell: a pipe would end it. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The reference as Markdown: what README.md holds between the markers (the markers excluded). */
export function configReferenceMarkdown(schema: z.ZodObject = configSchema): string {
  const parts = [`<!-- Generated from src/config/schema.ts by \`${REFERENCE_COMMAND}\`: edit the descriptions there, not here. -->`];
  for (const group of configReference(schema)) {
    parts.push(group.key ? `### \`${group.key}\`` : '### Top-level keys');
    if (group.description) parts.push(group.description);
    parts.push(
      [
        '| key | type | default | description |',
        '| --- | --- | --- | --- |',
        ...group.rows.map((row) => `| \`${cell(row.key)}\` | ${cell(row.type)} | ${cell(row.default)} | ${cell(row.description)} |`),
      ].join('\n'),
    );
  }
  return `\n${parts.join('\n\n')}\n`;
}

/** The text between the markers, or undefined when the README has no such section. */
export function readConfigReference(readme: string): string | undefined {
  const start = readme.indexOf(REFERENCE_START);
  const end = readme.indexOf(REFERENCE_END);
  if (start === -1 || end < start) return undefined;
  return readme.slice(start + REFERENCE_START.length, end);
}

/** The README with the text between the markers replaced by `reference`. */
export function writeConfigReference(readme: string, reference: string): string {
  const start = readme.indexOf(REFERENCE_START);
  const end = readme.indexOf(REFERENCE_END);
  if (start === -1 || end < start) throw new Error(`README.md has no ${REFERENCE_START} ... ${REFERENCE_END} section to write the config reference into`);
  return readme.slice(0, start + REFERENCE_START.length) + reference + readme.slice(end);
}
