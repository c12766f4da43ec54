import type { SchemaNode } from '../../shared/api';
import type { ExpansionBudget } from './budget';
import { isRecord } from '../../shared/is-record';
import { deref, refName } from './refs';
import { pointerTokens } from './source-map';
import type { Json, OpenApiDocument, SchemaObject } from './types';

// A JSON Schema -> the expandable tree the theme renders. `allOf` parts are merged into one object,
// `oneOf`/`anyOf` become choices, and a schema met again below itself becomes a `recursive` leaf,
// so self-referencing schemas (a folder tree, a comment thread) render finitely.
//
// Named schemas are shared, and expanding every use of them is what makes a large document explode: a
// schema that uses five others, each using five more, is 5^depth nodes, repeated on every page (a real
// payments API reached 16 MB of tree per operation page). So a component schema (`#/components/schemas/X`)
// with structure of its own is expanded inline only down to `inlineComponents` named levels (the body's
// own schema, then the small schemas it uses: `inlineComponentSize`); otherwise it is a `reference` leaf:
// its name, description and a link to the page where it is shown once (`componentHref`). A tree is then
// bounded by the size of its schema times that of a small one, whatever the document's depth or sharing.
// Scalars and enums stay inline: they have no children.

export interface SchemaTreeContext {
  document: OpenApiDocument;
  /** Markdown -> HTML for descriptions. */
  markdown(text: string | undefined): string | undefined;
  /** Nesting beyond this depth is cut (`truncated`); recursion is caught long before. */
  maxDepth?: number;
  /** Charged a step per node and per `allOf` part: schemas that use others many times over expand exponentially. */
  budget?: ExpansionBudget;
  /**
   * How many levels of component schemas are expanded inline; past them a structured component schema is a
   * `reference` to its page. Unset: every use is expanded (bounded by `maxDepth` and the budget only).
   */
  inlineComponents?: number;
  /** Below the first level, a component schema is expanded inline only when it has at most this many properties and choices. */
  inlineComponentSize?: number;
  /** The page showing a component schema (`#/components/schemas/X`), when it has one. */
  componentHref?(ref: string): string | undefined;
}

interface Walk {
  context: SchemaTreeContext;
  /** Refs being expanded on the way down: meeting one again is recursion. */
  ancestors: readonly string[];
  depth: number;
  /** Component schemas expanded on the way down. */
  components: number;
}

export function schemaTree(schema: SchemaObject, context: SchemaTreeContext): SchemaNode {
  return node(schema, { context, ancestors: [], depth: 0, components: 0 }, {});
}

function node(input: SchemaObject, walk: Walk, as: { name?: string; required?: boolean }): SchemaNode {
  const label = { ...(as.name !== undefined ? { name: as.name } : {}), ...(as.required ? { required: true } : {}) };
  if (input.$ref && walk.ancestors.includes(input.$ref)) {
    const { value: target, ref } = deref<SchemaObject>(walk.context.document, input);
    const name = target?.title ?? refName(input.$ref);
    const href = ref && walk.context.componentHref?.(ref);
    return { ...label, type: name, title: name, recursive: true, ...(href ? { reference: href } : {}) };
  }
  const { value: resolved, ref } = deref<SchemaObject>(walk.context.document, input);
  const ancestors = ref ? [...walk.ancestors, ref] : walk.ancestors;
  walk.context.budget?.spend(1, 'schema', ancestors);
  const component = ref !== undefined && isComponentSchema(ref) && hasStructure(resolved);
  if (component && !expandsInline(resolved, walk)) {
    const href = walk.context.componentHref?.(ref);
    if (href) return referenceNode(resolved ?? {}, ref, href, label, walk.context);
  }
  const schema = mergeAllOf(resolved ?? {}, { ...walk, ancestors });
  const title = schema.title ?? (ref && namesSchema(ref) ? refName(ref) : undefined);
  const here: Walk = { ...walk, ancestors, depth: walk.depth + 1, components: walk.components + (component ? 1 : 0) };
  const { types, nullable } = typesOf(schema);

  const result: SchemaNode = { ...label, type: '', ...(title ? { title } : {}) };
  if (nullable) result.nullable = true;
  if (schema.readOnly) result.readOnly = true;
  if (schema.writeOnly) result.writeOnly = true;
  if (schema.deprecated) result.deprecated = true;
  const descriptionHtml = walk.context.markdown(schema.description);
  if (descriptionHtml) result.descriptionHtml = descriptionHtml;
  if (schema.const !== undefined) result.const = json(schema.const);
  const values = schema.const === undefined ? schema.enum?.filter((value) => value !== null) : undefined;
  if (values?.length) result.enum = values.map(json);
  if (schema.default !== undefined) result.default = json(schema.default);
  const example = schema.example ?? schema.examples?.[0];
  if (example !== undefined && !isContainer(example)) result.example = json(example);
  const examples = schema.example === undefined ? schema.examples?.filter((value) => !isContainer(value)) : undefined;
  if (examples && examples.length > 1) result.examples = examples.map(json);
  if (schema.contentMediaType) result.contentMediaType = schema.contentMediaType;
  if (schema.contentEncoding) result.contentEncoding = schema.contentEncoding;
  const constraints = constraintsOf(schema);
  if (constraints.length) result.constraints = constraints;

  const deeper = walk.depth < (walk.context.maxDepth ?? 12);
  if (types.includes('array') || schema.items !== undefined || schema.prefixItems) {
    if (schema.prefixItems && deeper) result.prefixItems = schema.prefixItems.map((item) => node(item, here, {}));
    if (schema.prefixItems && schema.items === false) result.noOtherItems = true;
    if (isRecord(schema.items) && deeper) result.items = node(schema.items, here, {});
  }
  // `unevaluatedProperties` closes or maps an object as `additionalProperties` does, counting the properties of `allOf` parts too (merged here already).
  const extraKeyword = schema.additionalProperties !== undefined ? 'additionalProperties' : schema.unevaluatedProperties !== undefined ? 'unevaluatedProperties' : undefined;
  const extra = extraKeyword && schema[extraKeyword];
  if (extraKeyword && extra === false) result.noOtherProperties = extraKeyword;
  if (schema.properties || isObjectType(types, schema)) {
    if (deeper) {
      const required = new Set(schema.required ?? []);
      result.properties = Object.entries(schema.properties ?? {}).map(([name, property]) => node(property, here, { name, required: required.has(name) }));
      if (isRecord(extra)) result.additionalProperties = node(extra, here, {});
    } else if (schema.properties) {
      result.truncated = true;
    }
  }
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices && deeper) {
    result.choice = { kind: schema.oneOf ? 'oneOf' : 'anyOf', options: choices.map((option) => node(option, here, {})) };
  }
  result.type = typeLabel(schema, types, result);
  return result;
}

/** Whether a component schema met on the way down is expanded here rather than shown by name. */
function expandsInline(schema: SchemaObject | undefined, walk: Walk): boolean {
  const { inlineComponents = Infinity, inlineComponentSize = Infinity } = walk.context;
  if (walk.components >= inlineComponents) return false;
  // The page's own schema is always expanded; below it, only small ones (an address, a money amount).
  return walk.components === 0 || childCount(schema) <= inlineComponentSize;
}

/** Properties, choices and `allOf` parts: what expanding a schema shows at its first level. */
function childCount(schema: SchemaObject | undefined): number {
  return Object.keys(schema?.properties ?? {}).length + (schema?.oneOf ?? schema?.anyOf ?? []).length + (schema?.allOf?.length ?? 0);
}

/** A component schema shown by name: what a reader needs to recognise it, and the link to where it is shown in full. */
function referenceNode(schema: SchemaObject, ref: string, href: string, label: { name?: string; required?: boolean }, context: SchemaTreeContext): SchemaNode {
  const name = schema.title ?? refName(ref);
  const result: SchemaNode = { ...label, type: name, title: name, reference: href };
  if (typesOf(schema).nullable) result.nullable = true;
  if (schema.readOnly) result.readOnly = true;
  if (schema.writeOnly) result.writeOnly = true;
  if (schema.deprecated) result.deprecated = true;
  const descriptionHtml = context.markdown(schema.description);
  if (descriptionHtml) result.descriptionHtml = descriptionHtml;
  return result;
}

function isComponentSchema(ref: string): boolean {
  return ref.startsWith('#/components/schemas/');
}

/** A schema with children to expand (properties, items, parts, choices); a scalar or an enum has none and stays inline. */
export function hasStructure(schema: SchemaObject | undefined): boolean {
  if (!schema) return false;
  return Boolean(schema.properties || schema.items || schema.allOf || schema.oneOf || schema.anyOf || (schema.additionalProperties && typeof schema.additionalProperties === 'object'));
}

/** `allOf` -> one schema: properties and required lists joined, the other keywords of the first part that has them. */
function mergeAllOf(schema: SchemaObject, walk: Walk): SchemaObject {
  if (!schema.allOf?.length) return schema;
  const { allOf, ...rest } = schema;
  const merged: SchemaObject = { ...rest };
  const properties: Record<string, SchemaObject> = {};
  const required = new Set(rest.required ?? []);
  for (const part of allOf) {
    if (part.$ref && walk.ancestors.includes(part.$ref)) continue; // extending itself: nothing new
    const { value, ref } = deref<SchemaObject>(walk.context.document, part);
    walk.context.budget?.spend(1, 'schema', ref ? [...walk.ancestors, ref] : walk.ancestors);
    const flat = mergeAllOf(value ?? {}, ref ? { ...walk, ancestors: [...walk.ancestors, ref] } : walk);
    Object.assign(properties, flat.properties);
    for (const name of flat.required ?? []) required.add(name);
    for (const [key, keyValue] of Object.entries(flat)) {
      if (key === 'properties' || key === 'required' || key === 'title') continue;
      if (!(key in merged)) (merged as Record<string, unknown>)[key] = keyValue;
    }
  }
  Object.assign(properties, rest.properties);
  if (Object.keys(properties).length) merged.properties = properties;
  if (required.size) merged.required = [...required];
  if (!merged.type && merged.properties) merged.type = 'object';
  return merged;
}

/** `type: [string, null]` (3.1) and `nullable: true` (3.0) alike: the types besides null, and whether null is allowed. `type: 'null'` alone is its own type. */
function typesOf(schema: SchemaObject): { types: string[]; nullable: boolean } {
  const declared = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (declared.length === 1 && declared[0] === 'null') return { types: ['null'], nullable: false };
  const nullable = schema.nullable === true || declared.includes('null') || (schema.enum?.includes(null) ?? false);
  return { types: declared.filter((type) => type !== 'null'), nullable };
}

function isObjectType(types: string[], schema: SchemaObject): boolean {
  const mapsExtraKeys = (value: SchemaObject['additionalProperties']) => value !== undefined && value !== false;
  return types.includes('object') || (types.length === 0 && (mapsExtraKeys(schema.additionalProperties) || mapsExtraKeys(schema.unevaluatedProperties)));
}

/** `#/components/schemas/Pet`, `#/components/schemas/Pet/$defs/Tag`: a ref that names a schema, as opposed to one that points into one (a property, an `$anchor`). */
function namesSchema(ref: string): boolean {
  const tokens = pointerTokens(ref);
  return (tokens.length === 3 && tokens[0] === 'components') || tokens.at(-2) === '$defs' || tokens.at(-2) === 'definitions';
}

function typeLabel(schema: SchemaObject, types: string[], built: SchemaNode): string {
  const one = (type: string): string => {
    const nameOf = (item: SchemaNode) => (item.title && !isScalarType(item.type) ? item.title : item.type);
    if (type === 'array' && built.prefixItems) {
      // A tuple: `[string, integer]`, `[string, ...number[]]` when more items may follow.
      const rest = built.noOtherItems ? [] : [`...${built.items ? nameOf(built.items) : 'any'}[]`];
      return `[${[...built.prefixItems.map(nameOf), ...rest].join(', ')}]`;
    }
    if (type === 'array') {
      const item = built.items;
      return item ? `${nameOf(item)}[]` : 'array';
    }
    if (type === 'object' && built.additionalProperties && !built.properties?.length) {
      return `map<string, ${built.additionalProperties.title ?? built.additionalProperties.type}>`;
    }
    if (type === 'object' && built.title) return built.title;
    return schema.format ? `${type}<${schema.format}>` : type;
  };
  if (types.length) return types.map(one).join(' | ');
  if (schema.items !== undefined || schema.prefixItems) return one('array');
  if (schema.properties || isObjectType(types, schema)) return one('object');
  if (schema.oneOf) return 'one of';
  if (schema.anyOf) return 'any of';
  if (schema.const !== undefined) return typeof schema.const === 'object' ? 'value' : typeof schema.const;
  if (schema.enum?.length) return typeof schema.enum.find((value) => value !== null);
  return 'any';
}

function isScalarType(type: string): boolean {
  return /^(string|integer|number|boolean)\b/.test(type);
}

function constraintsOf(schema: SchemaObject): string[] {
  const out: string[] = [];
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : schema.exclusiveMinimum === true ? schema.minimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : schema.exclusiveMaximum === true ? schema.maximum : undefined;
  if (exclusiveMin !== undefined) out.push(`> ${exclusiveMin}`);
  else if (schema.minimum !== undefined) out.push(`>= ${schema.minimum}`);
  if (exclusiveMax !== undefined) out.push(`< ${exclusiveMax}`);
  else if (schema.maximum !== undefined) out.push(`<= ${schema.maximum}`);
  if (schema.multipleOf !== undefined) out.push(`multiple of ${schema.multipleOf}`);
  out.push(...range(schema.minLength, schema.maxLength, 'character'));
  out.push(...range(schema.minItems, schema.maxItems, 'item'));
  out.push(...range(schema.minProperties, schema.maxProperties, 'property'));
  if (schema.uniqueItems) out.push('unique items');
  if (schema.pattern) out.push(`pattern ${schema.pattern}`);
  return out;
}

function range(min: number | undefined, max: number | undefined, unit: string): string[] {
  const plural = (count: number) => `${count} ${count === 1 ? unit : unit === 'property' ? 'properties' : `${unit}s`}`;
  if (min !== undefined && max !== undefined) return [min === max ? `exactly ${plural(min)}` : `${min} to ${plural(max)}`];
  if (min !== undefined && min > 0) return [`at least ${plural(min)}`];
  if (max !== undefined) return [`at most ${plural(max)}`];
  return [];
}

function isContainer(value: Json): boolean {
  return typeof value === 'object' && value !== null;
}

function json(value: Json | undefined): string {
  return JSON.stringify(value) ?? 'null';
}
