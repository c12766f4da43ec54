import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeSite, removeSite, runCli, type CliResult } from '../helpers';

// An OpenAPI 3.1 document that uses JSON Schema 2020-12 (test/fixtures/api-31): `$id` and `$anchor`
// references, `$defs`, `$ref` beside other keywords, const, examples, prefixItems, null in type lists,
// contentMediaType, unevaluatedProperties, and a webhook; built by the CLI, read in the pages it writes.

let dir = '';
let build: CliResult | undefined;
before(async () => {
  dir = makeSite({}, 'api-31');
  build = await runCli(['build', dir]);
});
after(() => removeSite(dir));

/** The visible text of a built page's main content, tags stripped and spaces collapsed. */
function pageText(route: string): string {
  const html = readFileSync(join(dir, 'build', 'docs', 'api', route, 'index.html'), 'utf8');
  const main = html.slice(html.indexOf('<main'));
  return main
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

test('the 3.1 document builds, without warnings', () => {
  assert.equal(build?.code, 0, build?.stderr);
  assert.doesNotMatch(build!.stdout + build!.stderr, /warn/i);
});

test('2020-12 keywords on the page: const, examples, null in type lists, tuples, unevaluatedProperties', () => {
  const text = pageText('get-bird');
  assert.match(text, /Bird No other properties \( unevaluatedProperties : false \)/);
  assert.match(text, /species string required Examples: "Erithacus rubecula" "Parus major"/);
  assert.match(text, /kind string Always: "bird"/);
  assert.match(text, /nickname string nullable/);
  assert.match(text, /position \[number, number\] .*No items beyond these .*\[0\] number Latitude\. \[1\] number Longitude\./);
});

test('$anchor, $id and $defs refs resolved, with the keywords beside the $ref shown', () => {
  const text = pageText('get-bird');
  assert.match(text, /ringCode string The code on its ring, found through the ring schema's anchor\. pattern \^\[A-Z\]\{2\}\[0-9\]\{4\}\$/, '$ref: /schemas/ring#ring_code');
  assert.match(text, /ring Ring code string pattern .* colour string Allowed values: "red" "green" "blue"/, '$ref: /schemas/ring, and a relative ref inside it');
  assert.match(text, /wingspan number Wingspan, tip to tip\. >= 0/, 'a ref into $defs, its description overridden');
});

test('contentMediaType and contentEncoding of a binary upload and an encoded string', () => {
  const text = pageText('upload-bird-photo');
  assert.match(text, /application\/octet-stream Schema string Content: image\/webp/);
  assert.match(text, /image string Content: image\/png encoded as base64/);
});

test('the webhook has its page with its payload and no request sample; the introduction lists it and the 3.1 info', () => {
  const text = pageText('bird-sighted');
  assert.match(text, /A bird was sighted Webhook POST birdSighted/);
  assert.match(text, /Payload required .*Sighting birdId integer<int64> required at string<date-time> required feeder Feeder name string/);
  assert.doesNotMatch(text, /Request sample|curl/);
  const intro = pageText('.');
  assert.match(intro, /Rings, sightings and nests of the birds in the aviary\./, 'info.summary');
  assert.match(intro, /Webhooks Requests the API sends to your server when something happens\. POST A bird was sighted birdSighted/);
  assert.match(readFileSync(join(dir, 'build', 'docs', 'api', 'index.html'), 'utf8'), /href="https:\/\/spdx\.org\/licenses\/Apache-2\.0\.html"/, 'license.identifier');
  // The webhook's own page opens its sidebar category.
  const sidebar = readFileSync(join(dir, 'build', 'docs', 'api', 'bird-sighted', 'index.html'), 'utf8');
  assert.match(sidebar, />Webhooks<\/button>[\s\S]*?<a [^>]*href="\/docs\/api\/bird-sighted"[^>]*>[\s\S]*?A bird was sighted/);
});

test('an $anchor nobody declares: exit 1 at the $ref line', async () => {
  const spec = join(dir, 'api', 'openapi.yaml');
  const text = readFileSync(spec, 'utf8');
  writeFileSync(spec, text.replace('$ref: /schemas/ring#ring_code', '$ref: /schemas/ring#ring_cod'));
  try {
    const result = await runCli(['build', dir]);
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.match(result.stderr, /api\/openapi\.yaml:\d+:\d+.*the \$ref "\/schemas\/ring#ring_cod" names the anchor "ring_cod", but no schema under #\/components\/schemas\/Ring declares `\$anchor: ring_cod`/);
  } finally {
    writeFileSync(spec, text);
  }
});
