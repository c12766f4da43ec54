// Where an OpenAPI document holds data rather than OpenAPI: an example, a default value, an enum's or a
// const's values, an extension (`x-…`). A `$ref` key inside data is just a key (GitHub's SCIM examples hold `"$ref": "https://..."`),
// never a reference to follow, rewrite or check. The same keywords are plain names in the objects whose keys
// are names (a property called `default`, the `default` response, an example called `default`).

const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
  'schemas',
  'responses',
  'parameters',
  'headers',
  'requestBodies',
  'securitySchemes',
  'securityDefinitions',
  'examples',
  'links',
  'callbacks',
  'paths',
  'webhooks',
  'content',
  'encoding',
  'variables',
]);

/** Whether `object[key]`, where `path` leads to `object`, is data. */
export function holdsData(path: readonly (string | number)[], key: string, value: unknown): boolean {
  if (NAME_MAPS.has(String(path.at(-1)))) return false;
  // Extensions hold whatever their tool wants: their `$ref`s are not the document's.
  if (key.startsWith('x-')) return true;
  if (key === 'example' || key === 'default' || key === 'enum' || key === 'const') return true;
  // JSON Schema's `examples` is a list of values; the `examples` of a media type or parameter is a map of
  // Example Objects, whose `value` is data.
  if (key === 'examples') return Array.isArray(value);
  return key === 'value' && path.at(-2) === 'examples';
}
