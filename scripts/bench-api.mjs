#!/usr/bin/env node
// The API reference at scale: a synthetic OpenAPI 3.1 document with N operations (tags of 20,
// shared and nested component schemas, a recursive one, bodies, parameters, error responses),
// built as a site of its own. Prints wall time, build stages and peak memory.
//
//   node scripts/bench-api.mjs [--operations 1200]
//
// A benchmark, never a test: nothing here fails on a slow machine.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'docsite.js');

const RESOURCES = ['album', 'asset', 'person', 'tag', 'library', 'user', 'partner', 'face', 'job', 'memory', 'stack', 'activity', 'device', 'folder', 'place', 'camera', 'lens', 'event', 'trip', 'share'];
const VERBS = [
  ['get', 'list', false],
  ['post', 'create', true],
  ['get', 'get', false],
  ['put', 'replace', true],
  ['patch', 'update', true],
  ['delete', 'delete', false],
];
const cap = (word) => word[0].toUpperCase() + word.slice(1);

/** A deterministic document with `count` operations. */
export function syntheticSpec(count) {
  const paths = {};
  const schemas = {
    Error: { type: 'object', required: ['message'], properties: { message: { type: 'string', description: 'What went wrong.' }, statusCode: { type: 'integer', example: 400 } } },
    Node: { type: 'object', description: 'A tree node.', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } },
    Audit: { type: 'object', properties: { createdAt: { type: 'string', format: 'date-time', readOnly: true }, updatedAt: { type: 'string', format: 'date-time', readOnly: true } } },
  };
  const tags = [];
  let made = 0;
  for (let group = 0; made < count; group++) {
    const resource = `${RESOURCES[group % RESOURCES.length]}${group >= RESOURCES.length ? Math.floor(group / RESOURCES.length) : ''}`;
    const Name = cap(resource);
    tags.push({ name: `${Name}s`, description: `Operations on ${resource}s.` });
    schemas[Name] = {
      allOf: [
        { $ref: '#/components/schemas/Audit' },
        {
          type: 'object',
          description: `A ${resource}.`,
          required: ['id', 'name'],
          properties: {
            id: { type: 'string', format: 'uuid', readOnly: true, description: `The ${resource}'s id.` },
            name: { type: 'string', minLength: 1, maxLength: 200, description: 'Display name.', example: `My ${resource}` },
            kind: { type: 'string', enum: ['small', 'medium', 'large'], default: 'medium', description: 'Size class.' },
            owner: { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, email: { type: 'string', format: 'email' }, tree: { $ref: '#/components/schemas/Node' } } },
            labels: { type: 'array', items: { type: 'string' }, description: 'Free labels.' },
            score: { type: ['number', 'null'], minimum: 0, maximum: 1 },
          },
        },
      ],
    };
    for (let variant = 0; made < count; variant++) {
      const [method, verb, hasBody] = VERBS[variant % VERBS.length];
      const round = Math.floor(variant / VERBS.length);
      if (round > 3) break; // 24 operations per tag at most
      const item = variant % VERBS.length >= 2 && variant % VERBS.length !== 1;
      const path = `/${resource}s${round ? `/v${round}` : ''}${item ? `/{${resource}Id}` : ''}`;
      const operationId = `${verb}${Name}${round ? `V${round}` : ''}`;
      const operation = {
        operationId,
        summary: `${cap(verb)} ${resource}${round ? ` (v${round})` : ''}`,
        description: `Does **${verb}** on ${resource}s. See the [introduction](/docs/api) for authentication.`,
        tags: [`${Name}s`],
        parameters: [
          ...(item ? [{ name: `${resource}Id`, in: 'path', required: true, description: `The ${resource}'s id.`, schema: { type: 'string', format: 'uuid' } }] : []),
          ...(verb === 'list' ? [{ name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } }, { name: 'size', in: 'query', schema: { type: 'integer', maximum: 1000 } }] : []),
        ],
        ...(hasBody ? { requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${Name}` } } } } } : {}),
        responses: {
          [method === 'delete' ? '204' : method === 'post' ? '201' : '200']:
            method === 'delete' ? { description: 'Deleted.' } : { description: 'The result.', content: { 'application/json': { schema: verb === 'list' ? { type: 'array', items: { $ref: `#/components/schemas/${Name}` } } : { $ref: `#/components/schemas/${Name}` } } } },
          400: { $ref: '#/components/responses/BadRequest' },
          401: { $ref: '#/components/responses/Unauthorized' },
          ...(item ? { 404: { $ref: '#/components/responses/NotFound' } } : {}),
        },
      };
      paths[path] ??= {};
      paths[path][method] = operation;
      made++;
    }
  }
  const errorResponse = (description) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
  return {
    openapi: '3.1.0',
    info: { title: 'Synthetic API', version: '1.0.0', description: 'A generated document for the benchmark.' },
    servers: [{ url: 'https://api.example/v1' }],
    security: [{ api_key: [] }],
    tags,
    paths,
    components: {
      schemas,
      securitySchemes: { api_key: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      responses: { BadRequest: errorResponse('Bad request.'), Unauthorized: errorResponse('No valid key.'), NotFound: errorResponse('Not found.') },
    },
  };
}

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, NO_COLOR: '1' } });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('close', (code) => resolve({ code, out }));
  });
}

export async function apiBench(operations) {
  const dir = join(tmpdir(), 'docsite-bench', `api-${operations}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'docs'), { recursive: true });
  mkdirSync(join(dir, 'api'), { recursive: true });
  writeFileSync(join(dir, 'api', 'openapi.yaml'), stringify(syntheticSpec(operations)));
  writeFileSync(join(dir, 'docs', 'intro.md'), '# Intro\n\nSee the [API](/docs/api).\n');
  writeFileSync(join(dir, 'docsite.config.ts'), `export default { title: 'API bench', url: 'https://bench.example', api: { spec: 'api/openapi.yaml' } };\n`);
  const gnuTime = existsSync('/usr/bin/time');
  const started = performance.now();
  const args = [BIN, 'build', dir];
  const result = gnuTime ? await run('/usr/bin/time', ['-v', process.execPath, ...args]) : await run(process.execPath, args);
  const wallS = (performance.now() - started) / 1000;
  if (result.code !== 0) throw new Error(`build failed:\n${result.out}`);
  const rss = /Maximum resident set size[^:]*:\s*(\d+)/.exec(result.out);
  const built = /Built (\d+) pages in [\d.]+ m?s \(([^)]*)\)/.exec(result.out);
  return { operations, pages: built ? Number(built[1]) : undefined, wallS, peakRssMb: rss ? Number(rss[1]) / 1024 : undefined, stages: built?.[2] ?? '' };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const index = process.argv.indexOf('--operations');
  const counts = index > 0 ? process.argv[index + 1].split(',').map(Number) : [1200];
  for (const count of counts) {
    const row = await apiBench(count);
    console.log(`API reference, ${row.operations} operations: ${row.pages} pages in ${row.wallS.toFixed(2)} s wall, peak RSS ${row.peakRssMb?.toFixed(0) ?? '?'} MB\n  ${row.stages}`);
  }
}
