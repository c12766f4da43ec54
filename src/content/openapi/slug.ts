// Page slugs of operations: the operation id in kebab case (`addAssetsToAlbum` -> `add-assets-to-album`,
// `finishOAuth` -> `finish-o-auth`, `getAPIKeys` -> `get-api-keys`), or method and path without one.

/** Words of an identifier: lower-to-upper changes, acronym ends, digits stay on their word, other characters split. */
const WORD = /[A-Z]+(?![a-z])[0-9]*|[A-Z]?[a-z]+[0-9]*|[0-9]+/g;

export function kebabCase(identifier: string): string {
  return (identifier.match(WORD) ?? []).map((word) => word.toLowerCase()).join('-');
}

export function operationSlug(operationId: string | undefined, method: string, path: string): string {
  if (operationId) {
    const slug = kebabCase(operationId);
    if (slug) return slug;
  }
  const fromPath = path
    .replace(/[{}]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(kebabCase)
    .join('-');
  return [method.toLowerCase(), fromPath].filter(Boolean).join('-');
}

/** `base`, or else `base-2`, `base-3`…: the first one not taken (page slugs and heading ids made unique). */
export function firstFreeSlug(base: string, isTaken: (candidate: string) => boolean): string {
  let slug = base;
  for (let suffix = 2; isTaken(slug); suffix++) slug = `${base}-${suffix}`;
  return slug;
}
