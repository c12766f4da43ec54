import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { z } from 'zod';
import { configReference, configReferenceMarkdown, readConfigReference, REFERENCE_COMMAND, writeConfigReference } from '../../src/config/reference';
import { ROOT } from '../helpers';

// README.md's config reference is generated from the schema: a schema change without `npm run docs:config`
// fails here.

test("README.md's config reference is what the schema makes of it now", () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readConfigReference(readme);
  assert.ok(section !== undefined, `README.md has lost its config-reference markers; put them back and run \`${REFERENCE_COMMAND}\``);
  const expected = configReferenceMarkdown();
  if (section === expected) return;
  const [have, want] = [section.split('\n'), expected.split('\n')];
  const line = want.findIndex((text, index) => have[index] !== text);
  const at = line === -1 ? have.length : line;
  assert.fail(
    `README.md's config reference differs from what src/config/schema.ts gives: run \`${REFERENCE_COMMAND}\` and commit README.md.\n` +
      `First difference, line ${at + 1} of the section:\n  README: ${have[at] ?? '(end)'}\n  schema: ${want[at] ?? '(end)'}`,
  );
});

test('every key of the schema is in the reference, with its schema default', () => {
  const rows = new Map(configReference().flatMap((group) => group.rows).map((row) => [row.key, row]));
  for (const key of ['title', 'headTags[].attributes', 'i18n.localeConfigs.<locale>.direction', 'docs.include', 'blog.feedOptions.limit', 'themeConfig.navbar.items[].aria-label', 'themeConfig.metadata', 'api.spec']) {
    assert.ok(rows.has(key), key);
  }
  assert.equal(rows.get('title')!.default, 'required');
  assert.equal(rows.get('docs.include')!.default, "`['**/*.md', '**/*.mdx']`");
  assert.equal(rows.get('blog.postsPerPage')!.type, "`integer` ≥ 1 or `'ALL'`");
  assert.equal(rows.get('i18n.localeConfigs.<locale>.htmlLang')!.default, 'the locale code');
  assert.equal(rows.get('themeConfig.navbar.logo.alt')!.default, "`''`");
});

test('a key without a description is an error naming it; the section is written between the markers only', () => {
  const schema = z.strictObject({ documented: z.string().describe('Has words.'), bare: z.number().default(1) });
  assert.throws(() => configReferenceMarkdown(schema), /the key "bare" has no description/);
  const readme = 'before\n<!-- config-reference:start -->\nold\n<!-- config-reference:end -->\nafter\n';
  const written = writeConfigReference(readme, '\nnew\n');
  assert.equal(written, 'before\n<!-- config-reference:start -->\nnew\n<!-- config-reference:end -->\nafter\n');
  assert.equal(readConfigReference(written), '\nnew\n');
  assert.throws(() => writeConfigReference('no markers', 'x'), /no <!-- config-reference:start -->/);
});
