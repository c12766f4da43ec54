import { z } from 'zod';
import { DocsiteError } from '../core/errors';

// A docs folder's `_category_.json` / `_category_.yml`: the keys docsite reads are checked for their types, so a
// typo such as `"position": "first"` fails at its line instead of building a sidebar in a surprising order.
// Keys docsite does not read (Docusaurus' `customProps`, `description`, `key`) pass through untouched.

const categoryLink = z.union([
  z.null(),
  z.looseObject({ type: z.literal('doc'), id: z.string() }),
  z.looseObject({ type: z.literal('generated-index'), title: z.string().optional(), description: z.string().optional(), slug: z.string().optional() }),
]);

const categoryFile = z.looseObject({
  label: z.string().optional(),
  position: z.number().optional(),
  collapsed: z.boolean().optional(),
  collapsible: z.boolean().optional(),
  className: z.string().optional(),
  link: categoryLink.optional(),
});

export type CategoryFileData = z.infer<typeof categoryFile>;

/** Checks a parsed category file; throws naming the file, the key and (where it can be found) its line. */
export function checkCategoryFile(data: unknown, text: string, name: string, source: string): CategoryFileData {
  const result = categoryFile.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const key = issue.path.map(String).join('.') || '(the file)';
  const first = String(issue.path[0] ?? '');
  const line = first ? lineOfKey(text, first) : undefined;
  const expected = first === 'link' ? 'null, { "type": "doc", "id": "…" } or { "type": "generated-index", … }' : describeExpected(issue);
  throw new DocsiteError(`invalid ${name}: "${key}" must be ${expected}`, { file: source, ...(line ? { line } : {}) });
}

function describeExpected(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return issue.expected === 'number' ? 'a number' : issue.expected === 'boolean' ? 'true or false' : `a ${issue.expected}`;
  return issue.message;
}

/** The line of `key` in JSON (`"key":`) or YAML (`key:`), 1-based; undefined when it cannot be found. */
function lineOfKey(text: string, key: string): number | undefined {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`^[\\t ]*(?:"${escaped}"|'${escaped}'|${escaped})[\\t ]*:`, 'm').exec(text) ?? new RegExp(`"${escaped}"\\s*:`).exec(text);
  return match ? text.slice(0, match.index).split('\n').length : undefined;
}
