import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeSite, removeSite, runCli } from '../helpers';

// Operation pages stay short and say things once: a response whose schema an earlier response already shows
// refers to it; a multipart sample sends its fields in the schema's order.

const SPEC = `openapi: 3.0.3
info: { title: Shelter API, version: 1.0.0 }
servers: [{ url: https://shelter.example/api }]
paths:
  /cats:
    post:
      operationId: addCat
      summary: Add a cat
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              required: [name, photo]
              properties:
                name: { type: string, example: Tom }
                photo: { type: string, format: binary }
      responses:
        '200': { description: Already known., content: { application/json: { schema: { $ref: '#/components/schemas/Cat' } } } }
        '201': { description: Added., content: { application/json: { schema: { $ref: '#/components/schemas/Cat' } } } }
        '400': { $ref: '#/components/responses/Problem' }
        '409': { $ref: '#/components/responses/Problem' }
        '422': { description: Invalid., content: { application/json: { schema: { type: object, properties: { field: { type: string } } } } } }
components:
  responses:
    Problem: { description: A problem., content: { application/json: { schema: { $ref: '#/components/schemas/Problem' } } } }
  schemas:
    Cat: { type: object, properties: { id: { type: string }, name: { type: string } } }
    Problem: { type: object, properties: { message: { type: string } } }
`;

let page = '';
let dir = '';
before(async () => {
  dir = makeSite({ 'api/openapi.yaml': SPEC, 'api/introduction.md': '## About\n\nCats.\n', 'docs/intro.md': '# Introduction\n\nSee [the API](/docs/api).\n' }, 'api');
  const result = await runCli(['build', dir]);
  assert.equal(result.code, 0, result.stderr);
  page = readFileSync(join(dir, 'build', 'docs', 'api', 'add-cat', 'index.html'), 'utf8');
});
after(() => removeSite(dir));

/** The HTML of one response's part of the page. */
function responsePart(status: string): string {
  const start = page.indexOf(`<h3 id="response-${status}"`);
  assert.ok(start > 0, `the ${status} response is on the page`);
  const next = page.indexOf('<h3 id="response-', start + 1);
  return page.slice(start, next === -1 ? page.indexOf('</main>') : next);
}

test('a response with the schema of an earlier one refers to it instead of repeating it', () => {
  assert.match(responsePart('200'), /class="schema-tree"/);
  assert.match(responsePart('201'), /Same as the <a href="#response-200">200 response<\/a>/);
  assert.doesNotMatch(responsePart('201'), /class="schema-tree"/);
  assert.match(responsePart('400'), /class="schema-tree"/, 'another schema is shown in full');
  assert.match(responsePart('409'), /Same as the <a href="#response-400">400 response<\/a>/);
  assert.match(responsePart('422'), /class="schema-tree"/);
});

test("a multipart sample sends the form's fields in the schema's order", () => {
  const whole = page.replace(/<[^>]+>/g, '').replace(/&#x27;|&#39;/g, "'");
  const text = whole.slice(whole.indexOf('curl -X POST'));
  const name = text.indexOf("-F 'name=Tom'");
  assert.ok(name > 0 && name < text.indexOf("-F 'photo=@./photo.bin'"), text.slice(0, 400));
});
