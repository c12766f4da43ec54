#!/usr/bin/env node
// The API reference at scale, two ways:
// - synthetic: an OpenAPI 3.1 document with N operations (tags of 20, shared and nested component schemas,
//   a recursive one, bodies, parameters, error responses), built as a site of its own; prints wall time,
//   build stages and peak memory.
// - corpus (issue 26): each public document pinned in test/openapi/specs.json and cached under
//   .cache/openapi/, built as a site of its own under a time limit; prints operations against API pages
//   built, seconds, peak RSS of the build's process tree, warnings and exit code, and writes bench/openapi.json.
//   It never uses the network: a document not in the cache is reported as "not cached".
//
//   node scripts/bench-api.mjs [--operations 1200]
//   node scripts/bench-api.mjs --corpus [--only a,b] [--timeout <seconds>] [--no-write] [--readme]
//   node scripts/bench-api.mjs --readme
//   node scripts/bench-api.mjs --populate [--mirrors <dir>] [--only a,b] [--force]
//
// --populate fills the cache from git snapshots already on this machine, found by repository name under
// --mirrors <dir> or $DOCSITE_OPENAPI_MIRRORS (as <owner>+<name>/repo, <owner>/<name>, ...).
// A benchmark, never a test: nothing here fails on a slow machine or a missed target.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { buildSpec, isSpecCached, loadSpecs, populateCorpus } from './bench-api/corpus.mjs';
import { printCorpus, updateReadme, writeCorpusResults } from './bench-api/report.mjs';

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

/**
 * Builds every cached document of the corpus (those in `only`, when given), prints the table and, with
 * `write`, records bench/openapi.json; with `readme`, the README's table too. Returns the rows.
 */
export async function openapiCorpusBench({ only, timeoutSeconds = 300, write = true, readme = false, log = (message) => console.error(`bench-api: ${message}`) } = {}) {
  const specs = loadSpecs(only);
  if (!specs.some(isSpecCached)) {
    console.log(`OpenAPI corpus: not cached (${specs.length} documents in test/openapi/specs.json; fill .cache/openapi/ with: node scripts/bench-api.mjs --populate --mirrors <folder of git snapshots>)`);
    return [];
  }
  const rows = [];
  for (const spec of specs) {
    const row = await buildSpec(spec, { timeoutSeconds });
    if (row.status === 'ran') log(`${spec.name}: exit ${row.exit}, ${row.apiPages}/${row.operations} API pages, ${row.seconds} s, peak ${row.peakRssMb ?? '?'} MB`);
    else log(`${spec.name}: not cached`);
    rows.push(row);
  }
  printCorpus(rows);
  if (write) {
    const doc = writeCorpusResults(ROOT, rows, { order: loadSpecs().map((spec) => spec.name) });
    console.log('results written to bench/openapi.json');
    if (readme) console.log(updateReadme(ROOT, doc.specs) ? 'README table updated' : 'README: table markers not found');
  }
  return rows;
}

const USAGE = `usage: node scripts/bench-api.mjs [--operations 1200[,5000]]
       node scripts/bench-api.mjs --corpus [--only a,b] [--timeout <seconds>] [--no-write] [--readme]
       node scripts/bench-api.mjs --readme
       node scripts/bench-api.mjs --populate [--mirrors <dir>] [--only a,b] [--force]

  --operations <n>   synthetic mode: build generated documents of these operation counts (default 1200)
  --corpus           build each cached document of test/openapi/specs.json
  --only <names>     build (or populate) these documents only, comma-separated
  --timeout <s>      time limit of each build, in seconds (default 300)
  --no-write         do not write bench/openapi.json
  --readme           put the table of bench/openapi.json between the README's markers (after --corpus, or alone)
  --populate         fill .cache/openapi/ from local git snapshots instead of building
  --mirrors <dir>    folder holding the snapshots (default: $DOCSITE_OPENAPI_MIRRORS)
  --force            with --populate: extract again even when the cache holds the pinned commit`;

/** The command line, read by node's own parser; a mistake prints the usage and exits 2. */
function readArgs(argv) {
  const fail = (message) => {
    console.error(`bench-api: ${message}\n${USAGE}`);
    process.exit(2);
  };
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        operations: { type: 'string', default: '1200' },
        corpus: { type: 'boolean', default: false },
        populate: { type: 'boolean', default: false },
        only: { type: 'string' },
        timeout: { type: 'string', default: '300' },
        'no-write': { type: 'boolean', default: false },
        readme: { type: 'boolean', default: false },
        mirrors: { type: 'string', default: process.env.DOCSITE_OPENAPI_MIRRORS },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    fail(error.message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const options = {
    mode: values.populate ? 'populate' : values.corpus ? 'corpus' : 'synthetic',
    operations: values.operations.split(',').map(Number),
    only: values.only?.split(',').map((name) => name.trim()).filter(Boolean),
    timeoutSeconds: Number(values.timeout),
    write: !values['no-write'],
    readme: values.readme,
    mirrors: values.mirrors,
    force: values.force,
  };
  if (options.operations.some((n) => !Number.isInteger(n) || n < 1)) fail('--operations takes comma-separated positive integers');
  if (!Number.isFinite(options.timeoutSeconds) || options.timeoutSeconds <= 0) fail('--timeout takes a number of seconds');
  return options;
}

async function main(options) {
  const log = (message) => console.error(`bench-api: ${message}`);
  if (options.mode === 'populate') {
    if (!options.mirrors) log('no mirrors folder: pass --mirrors <dir> or set DOCSITE_OPENAPI_MIRRORS to the folder holding git snapshots of the repositories (as <owner>+<name>/repo or <owner>/<name>)');
    const outcomes = populateCorpus({ specs: loadSpecs(options.only), mirrorsDir: options.mirrors ? resolve(options.mirrors) : undefined, force: options.force, log });
    const missing = outcomes.filter((outcome) => outcome.status === 'missing');
    log(`${outcomes.length - missing.length} of ${outcomes.length} documents cached${missing.length ? `; missing: ${missing.map((outcome) => outcome.name).join(', ')}` : ''}`);
  } else if (options.readme && options.mode === 'synthetic') {
    const file = join(ROOT, 'bench', 'openapi.json');
    if (!existsSync(file)) throw new Error('bench/openapi.json is missing: run --corpus first');
    console.log(updateReadme(ROOT, JSON.parse(readFileSync(file, 'utf8')).specs) ? 'README table updated from bench/openapi.json' : 'README: table markers not found');
  } else if (options.mode === 'corpus') {
    await openapiCorpusBench({ only: options.only, timeoutSeconds: options.timeoutSeconds, write: options.write, readme: options.readme, log });
  } else {
    for (const count of options.operations) {
      const row = await apiBench(count);
      console.log(`API reference, ${row.operations} operations: ${row.pages} pages in ${row.wallS.toFixed(2)} s wall, peak RSS ${row.peakRssMb?.toFixed(0) ?? '?'} MB\n  ${row.stages}`);
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main(readArgs(process.argv.slice(2)));
}
