import type { OpenApiDocument, SchemaObject } from '../src/content/openapi/types';

// Synthetic OpenAPI documents the tests of the API reference share.

export function documentWith(schemas: Record<string, SchemaObject>): OpenApiDocument {
  return { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: {}, components: { schemas } };
}

/** `levels` schemas, each with `width` properties using the next: width^levels nodes when every use is expanded. */
export function wide(levels: number, width: number): OpenApiDocument {
  const schemas: Record<string, SchemaObject> = {};
  for (let level = 0; level < levels; level++) {
    const next: SchemaObject = level + 1 < levels ? { $ref: `#/components/schemas/L${level + 1}` } : { type: 'string' };
    schemas[`L${level}`] = { type: 'object', description: `Level ${level}.`, properties: Object.fromEntries(Array.from({ length: width }, (_, index) => [`p${index}`, next])) };
  }
  return documentWith(schemas);
}

/**
 * `count` schemas; each has an id, `fields` properties that are any of an id string or one of three other
 * schemas (their indices mixed so that every schema reaches every other), and a list of the previous one;
 * one read and one write operation per schema. Expanded at every use, one page is fields^depth nodes.
 */
export function anyOfWeb(count: number, fields: number): string {
  const ref = (index: number) => `'#/components/schemas/S${index % count}'`;
  let spec = "openapi: 3.0.3\ninfo:\n  title: Web\n  version: '1'\npaths:\n";
  for (let index = 0; index < count; index++) {
    spec += `  /s${index}/{id}:\n    parameters:\n      - name: id\n        in: path\n        required: true\n        schema:\n          type: string\n`;
    spec += `    get:\n      operationId: getS${index}\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                $ref: ${ref(index)}\n`;
    spec += `    post:\n      operationId: updateS${index}\n      requestBody:\n        content:\n          application/json:\n            schema:\n              $ref: ${ref(index + 1)}\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                $ref: ${ref(index)}\n`;
  }
  spec += 'components:\n  schemas:\n';
  for (let index = 0; index < count; index++) {
    spec += `    S${index}:\n      type: object\n      description: Schema number ${index}.\n      properties:\n        id:\n          type: string\n`;
    for (let field = 0; field < fields; field++) {
      spec += `        f${field}:\n          description: Field ${field}, expandable.\n          anyOf:\n            - type: string\n              maxLength: 5000\n`;
      for (const other of [index + field + 1, index + 2 * field + 3, index * 7 + field]) spec += `            - $ref: ${ref(other)}\n`;
    }
    spec += `        history:\n          type: array\n          items:\n            $ref: ${ref(index + count - 1)}\n`;
  }
  return spec;
}
