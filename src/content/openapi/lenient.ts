import { isRecord } from '../../shared/is-record';
import { resolvePointer } from './refs';
import { pointerTokens, toPointer } from './source-map';
import type { OpenApiDocument } from './types';
import { structureViolations, validateStructure, type StructureViolation } from './validate';

// Real OpenAPI documents often break their schema in ways that do not stop a reader: an `in` on an HTTP
// security scheme, a number where a description belongs, a key the schema does not know. Docusaurus's
// OpenAPI plugins build them; so does docsite unless `api.strict` is set. Each violation is a warning
// at its line and JSON pointer, and the document is mended so that the pages can be made from it:
// an unknown key is ignored (nothing reads it), a value of the wrong type is left out, an object missing
// a field the reference needs (a parameter's `name`) is left out, one missing a field it can do
// without (a response's `description`) is kept. What leaves nothing to build fails the build as before.

export interface SpecWarning {
  pointer: string;
  message: string;
}

export interface StructureCheck {
  strict: boolean;
  fail: (pointer: string, message: string) => never;
  warn: (warning: SpecWarning) => void;
}

/** Mending one violation may reveal another (a removed value a parent needed): a few rounds settle it. */
const MAX_ROUNDS = 6;

/** Fields the reference renders without: an object missing one is kept as it is. */
const OPTIONAL_FOR_PAGES = new Set(['description', 'responses', 'content', 'schema', 'scopes', 'flows', 'scheme', 'openIdConnectUrl', 'authorizationUrl', 'tokenUrl', 'refreshUrl', 'summary']);

/** Stand-ins for the fields of `info` every page shows. */
const INFO_DEFAULTS: Record<string, string> = { title: 'API', version: '' };

/** Parts of the document without which there is no reference to build. */
const ESSENTIAL = new Set(['#', '#/openapi', '#/paths']);

type Repair = { kind: 'ignore' } | { kind: 'remove'; pointer: string } | { kind: 'fill'; pointer: string; value: unknown; shown: string };

export function checkStructure(document: OpenApiDocument, check: StructureCheck): void {
  const invalid = (message: string) => `invalid OpenAPI ${document.openapi} document: ${message}`;
  if (check.strict) {
    const problem = validateStructure(document);
    if (problem) check.fail(problem.pointer, invalid(problem.message));
    return;
  }
  const reported = new Set<string>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const planned = structureViolations(document).map((violation) => ({ violation, repair: repairOf(violation, check, invalid) }));
    // An object left out takes its other violations with it: one warning says what happened to it.
    const removed = new Set(planned.flatMap(({ repair }) => (repair.kind === 'remove' ? [repair.pointer] : [])));
    const inRemoved = (pointer: string) => [...removed].some((gone) => pointer === gone || pointer.startsWith(`${gone}/`));
    const repairs = planned.filter(({ violation, repair }) => (repair.kind === 'remove' ? !inRemoved(parentOf(repair.pointer)) : !inRemoved(violation.target)));
    const changes = repairs.filter((entry) => entry.repair.kind !== 'ignore');
    for (const { violation, repair } of repairs) {
      const key = `${violation.pointer}\0${violation.message}`;
      if (reported.has(key)) continue;
      reported.add(key);
      check.warn({ pointer: violation.pointer, message: `${invalid(violation.message)} (at ${violation.pointer}); ${outcome(repair, violation.pointer)}` });
    }
    if (changes.length === 0) return;
    apply(document, changes.map((entry) => entry.repair));
  }
  // Still mending after all those rounds: fail on what is left to mend (unknown keys alone would have ended the loop).
  const left = structureViolations(document).find((violation) => repairOf(violation, check, invalid).kind !== 'ignore');
  if (left) check.fail(left.pointer, invalid(left.message));
}

function repairOf(violation: StructureViolation, check: StructureCheck, invalid: (message: string) => string): Repair {
  const { keyword, target, missing } = violation;
  if (keyword === 'additionalProperties' || keyword === 'unevaluatedProperties') return { kind: 'ignore' };
  if (keyword === 'required' && missing !== undefined) {
    if (target === '#' && missing === 'info') return { kind: 'fill', pointer: '#/info', value: { ...INFO_DEFAULTS }, shown: `a title of "${INFO_DEFAULTS.title}"` };
    if (target === '#/info' && missing in INFO_DEFAULTS) return { kind: 'fill', pointer: `#/info/${missing}`, value: INFO_DEFAULTS[missing], shown: JSON.stringify(INFO_DEFAULTS[missing]) };
    if (target === '#') check.fail(target, `${invalid(violation.message)}: there is nothing to build the API reference from`);
    if (OPTIONAL_FOR_PAGES.has(missing)) return { kind: 'ignore' };
    return removal(target, violation, check, invalid);
  }
  if (target === '#/info') return { kind: 'fill', pointer: '#/info', value: { ...INFO_DEFAULTS }, shown: `a title of "${INFO_DEFAULTS.title}"` };
  const [section, field, ...deeper] = pointerTokens(target);
  if (section === 'info' && field !== undefined && deeper.length === 0 && field in INFO_DEFAULTS) {
    return { kind: 'fill', pointer: target, value: INFO_DEFAULTS[field], shown: JSON.stringify(INFO_DEFAULTS[field]) };
  }
  return removal(target, violation, check, invalid);
}

function removal(pointer: string, violation: StructureViolation, check: StructureCheck, invalid: (message: string) => string): Repair {
  if (ESSENTIAL.has(pointer)) check.fail(violation.pointer, `${invalid(violation.message)}: there is nothing to build the API reference from`);
  return { kind: 'remove', pointer };
}

function parentOf(pointer: string): string {
  return toPointer(pointerTokens(pointer).slice(0, -1));
}

function outcome(repair: Repair, at: string): string {
  const what = (pointer: string) => (pointer === at ? 'it' : pointer);
  switch (repair.kind) {
    case 'ignore':
      return 'ignored, as api.strict is not set';
    case 'remove':
      return `${what(repair.pointer)} is left out of the reference, as api.strict is not set`;
    case 'fill':
      return `${what(repair.pointer)} is taken as ${repair.shown}, as api.strict is not set`;
  }
}

/** Fills first, then removals deepest first, and within one array from the last item, so no pointer shifts before its turn. */
function apply(document: OpenApiDocument, repairs: Repair[]): void {
  for (const repair of repairs) {
    if (repair.kind !== 'fill') continue;
    const tokens = pointerTokens(repair.pointer);
    const parent = resolvePointer(document, toPointer(tokens.slice(0, -1)));
    if (isRecord(parent)) parent[tokens.at(-1)!] = repair.value;
  }
  const removals = [...new Set(repairs.flatMap((repair) => (repair.kind === 'remove' ? [repair.pointer] : [])))].map(pointerTokens);
  removals.sort((a, b) => b.length - a.length || Number(b.at(-1)) - Number(a.at(-1)) || 0);
  for (const tokens of removals) {
    const parent = resolvePointer(document, toPointer(tokens.slice(0, -1)));
    const last = tokens.at(-1)!;
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else if (isRecord(parent)) delete parent[last];
  }
}
