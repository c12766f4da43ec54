// Category 4, hostile HTTP at `docsite serve`: raw requests no browser would send. Every request must be
// answered (any status) or refused by the server closing the connection, within its time limit; the
// server must keep serving others meanwhile and be alive after each probe. Byte ranges must follow
// RFC 9110: 206 with the right bytes, 416 with `Content-Range: bytes */size`, or the whole file (200)
// when the header is malformed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join, relative, sep } from 'node:path';
import { mainSite, type Options } from './options.ts';
import { httpGet, runDocsite, ServerProcess } from './processes.ts';
import { int, mulberry32, hashParts, type Rng } from './random.ts';
import type { FailureType, Results } from './report.ts';
import { copySite, removeCopy } from './site.ts';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface Exchange {
  responses: RawResponse[];
  /** How the connection ended: the server closed it (end or reset), the time ran out, or the client had all it wanted. */
  ended: 'closed' | 'reset' | 'timeout' | 'done';
  ms: number;
}

type Part = string | Buffer | { wait: number };

/**
 * Parses the complete responses at the start of `data` (Content-Length, chunked, or bodiless ones);
 * `methods` says which requests were HEAD (no body). A response read until the close counts once closed.
 */
export function parseResponses(data: Buffer, methods: string[], closed: boolean): RawResponse[] {
  const responses: RawResponse[] = [];
  let offset = 0;
  while (offset < data.length) {
    const headEnd = data.indexOf('\r\n\r\n', offset);
    if (headEnd === -1) break;
    const head = data.subarray(offset, headEnd).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(head[0]!)?.[1] ?? NaN);
    if (Number.isNaN(status)) break;
    const headers: Record<string, string> = {};
    for (const line of head.slice(1)) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    let cursor = headEnd + 4;
    if (status >= 100 && status < 200) {
      offset = cursor;
      continue;
    }
    const method = methods[responses.length] ?? 'GET';
    let body: Buffer;
    if (method === 'HEAD' || status === 204 || status === 304) {
      body = Buffer.alloc(0);
    } else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const parts: Buffer[] = [];
      let complete = false;
      while (true) {
        const lineEnd = data.indexOf('\r\n', cursor);
        if (lineEnd === -1) break;
        const size = parseInt(data.subarray(cursor, lineEnd).toString('latin1'), 16);
        if (Number.isNaN(size)) break;
        if (size === 0) {
          const trailerEnd = data.indexOf('\r\n\r\n', lineEnd);
          if (trailerEnd === -1 && data.length < lineEnd + 4) break;
          cursor = trailerEnd === -1 ? lineEnd + 4 : trailerEnd + 4;
          complete = true;
          break;
        }
        if (data.length < lineEnd + 2 + size + 2) break;
        parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
        cursor = lineEnd + 2 + size + 2;
      }
      if (!complete) break;
      body = Buffer.concat(parts);
    } else if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (data.length < cursor + length) break;
      body = data.subarray(cursor, cursor + length);
      cursor += length;
    } else {
      if (!closed) break;
      body = data.subarray(cursor);
      cursor = data.length;
    }
    responses.push({ status, headers, body });
    offset = cursor;
  }
  return responses;
}

/**
 * Writes the parts on one connection (waiting where asked) and reads until `expect` responses came, the
 * server closed the connection, or `timeoutMs` passed.
 */
export function exchange(port: number, parts: Part[], options: { timeoutMs: number; expect: number; methods?: string[]; onSocket?: (socket: Socket) => void }): Promise<Exchange> {
  const started = performance.now();
  const methods = options.methods ?? [];
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let data = Buffer.alloc(0);
    let finished = false;
    const finish = (ended: Exchange['ended']) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ responses: parseResponses(data, methods, ended !== 'done' && ended !== 'timeout'), ended, ms: performance.now() - started });
    };
    const timer = setTimeout(() => finish('timeout'), options.timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      if (parseResponses(data, methods, false).length >= options.expect) finish('done');
    });
    socket.on('end', () => finish('closed'));
    socket.on('close', () => finish('closed'));
    socket.on('error', (error: NodeJS.ErrnoException) => finish(error.code === 'ECONNRESET' || error.code === 'EPIPE' ? 'reset' : 'closed'));
    options.onSocket?.(socket);
    socket.once('connect', async () => {
      for (const part of parts) {
        if (finished || socket.destroyed) return;
        if (typeof part === 'object' && !Buffer.isBuffer(part)) await new Promise((wait) => setTimeout(wait, part.wait));
        else socket.write(part);
      }
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ProbeContext {
  port: number;
  origin: string;
  server: ServerProcess;
  build: string;
  rng: Rng;
  options: Options;
  /** A page, a static asset and a generated file of the build: path and bytes on disk. */
  files: Array<{ path: string; bytes: Buffer }>;
}

type ProbeFailures = Array<{ type: FailureType; detail: string }>;

interface Probe {
  name: string;
  what: string;
  run: (context: ProbeContext, failures: ProbeFailures) => Promise<string | undefined>;
}

const PROBE_TIMEOUT_MS = 10_000;

/** A single request: answered (any status) or refused by a close; never left hanging. */
async function single(context: ProbeContext, label: string, request: Part[], failures: ProbeFailures, method = 'GET'): Promise<Exchange> {
  const result = await exchange(context.port, request, { timeoutMs: PROBE_TIMEOUT_MS, expect: 1, methods: [method] });
  if (!result.responses.length && result.ended === 'timeout') failures.push({ type: 'no-answer', detail: `${label}: neither an answer nor a close within ${PROBE_TIMEOUT_MS / 1000} s` });
  return result;
}

function outcome(result: Exchange): string {
  return result.responses.length ? String(result.responses[0]!.status) : result.ended;
}

const request = (target: string, headers: string[] = ['Host: 127.0.0.1'], method = 'GET', version = 'HTTP/1.1') => `${method} ${target} ${version}\r\n${headers.map((header) => `${header}\r\n`).join('')}\r\n`;

/** A normal page must be served within a second while the server is under the probe. */
async function servesOthers(context: ProbeContext, failures: ProbeFailures, label: string): Promise<void> {
  const page = await httpGet(context.origin, '/', 1000);
  if (!('status' in page) || page.status !== 200) failures.push({ type: 'hang', detail: `${label}: a normal page was not served within 1 s (${'status' in page ? `HTTP ${page.status}` : page.message})` });
}

const PROBES: Probe[] = [
  {
    name: 'long-urls',
    what: 'GET with an 8 KB and a 100 KB path, and a 100 KB query string',
    run: async (context, failures) => {
      const seen: string[] = [];
      for (const [label, target] of [
        ['8 KB path', `/docs/${'a'.repeat(8 * 1024)}`],
        ['100 KB path', `/${'b/'.repeat(50 * 1024)}`],
        ['100 KB query', `/?q=${'c'.repeat(100 * 1024)}`],
      ] as const) {
        seen.push(`${label}: ${outcome(await single(context, label, [request(target)], failures))}`);
      }
      return seen.join(', ');
    },
  },
  {
    name: 'many-headers',
    what: '200 headers; headers totalling 100 KB; one header of 100 KB',
    run: async (context, failures) => {
      const seen: string[] = [];
      const cases: Array<[string, string[]]> = [
        ['200 headers', ['Host: 127.0.0.1', ...Array.from({ length: 200 }, (_, i) => `X-Fuzz-${i}: ${i}`)]],
        ['100 KB of headers', ['Host: 127.0.0.1', ...Array.from({ length: 100 }, (_, i) => `X-Fuzz-${i}: ${'v'.repeat(1000)}`)]],
        ['one 100 KB header', ['Host: 127.0.0.1', `X-Fuzz: ${'w'.repeat(100 * 1024)}`]],
      ];
      for (const [label, headers] of cases) seen.push(`${label}: ${outcome(await single(context, label, [request('/', headers)], failures))}`);
      return seen.join(', ');
    },
  },
  {
    name: 'percent-encoding',
    what: 'malformed and traversing percent-encodings: /%, /%zz, /%c0%af, /..%2f..%2fetc/passwd, …',
    run: async (context, failures) => {
      const seen: string[] = [];
      for (const target of ['/%', '/%zz', '/%c0%af', '/..%2f..%2fetc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/docs/%00', '/%ff%fe', '/assets/..%5c..%5cpackage.json', '/..;/etc/passwd', '//etc/passwd', '/%252e%252e/']) {
        const result = await single(context, target, [request(target)], failures);
        const response = result.responses[0];
        if (response && /root:.*:0:0:|"name":\s*"docsite"/.test(response.body.toString('latin1'))) failures.push({ type: 'other', detail: `${target}: answered with a file from outside the build (HTTP ${response.status})` });
        seen.push(`${target} ${outcome(result)}`);
      }
      return seen.join(', ');
    },
  },
  {
    name: 'ranges',
    what: 'Range headers on a page, an asset and a generated file: valid, unsatisfiable, malformed, multiple',
    run: async (context, failures) => {
      const seen = new Set<string>();
      for (const file of context.files) {
        const size = file.bytes.length;
        const slice = (start: number, end: number) => file.bytes.subarray(start, end + 1);
        const cases: Array<{ range: string; expect: 'partial' | 'unsatisfiable' | 'whole' | 'multiple'; start?: number; end?: number }> = [
          { range: 'bytes=0-9', expect: 'partial', start: 0, end: 9 },
          { range: 'bytes=5-', expect: 'partial', start: 5, end: size - 1 },
          { range: 'bytes=-5', expect: 'partial', start: size - 5, end: size - 1 },
          { range: `bytes=0-${size + 1000}`, expect: 'partial', start: 0, end: size - 1 },
          { range: `bytes=${size - 1}-${size - 1}`, expect: 'partial', start: size - 1, end: size - 1 },
          { range: 'bytes=999999999-', expect: 'unsatisfiable' },
          { range: `bytes=${size}-`, expect: 'unsatisfiable' },
          { range: 'bytes=-0', expect: 'unsatisfiable' },
          { range: 'bytes=5-2', expect: 'whole' },
          { range: 'bytes=abc', expect: 'whole' },
          { range: 'bytes=', expect: 'whole' },
          { range: 'bytes=--1', expect: 'whole' },
          { range: 'bytes=0-1-2', expect: 'whole' },
          { range: 'items=0-5', expect: 'whole' },
          { range: 'bytes 0-5', expect: 'whole' },
          { range: 'bytes=0-0,5-9', expect: 'multiple', start: 0, end: 9 },
        ];
        for (const test of cases) {
          const label = `${file.path} Range: ${test.range}`;
          const result = await single(context, label, [request(file.path, ['Host: 127.0.0.1', `Range: ${test.range}`, 'Accept-Encoding: identity'])], failures);
          const response = result.responses[0];
          if (!response) continue;
          const contentRange = response.headers['content-range'];
          const wrong = (why: string) => {
            const key = `${test.range}: ${why}`;
            if (seen.has(`${file.path}\0${key}`)) return;
            seen.add(`${file.path}\0${key}`);
            failures.push({ type: 'other', detail: `${label}: ${why} (got HTTP ${response.status}${contentRange ? `, Content-Range: ${contentRange}` : ''}, ${response.body.length} bytes; the file has ${size})` });
          };
          if (test.expect === 'partial') {
            if (response.status !== 206) wrong(`expected 206 with bytes ${test.start}-${test.end}`);
            else if (contentRange !== `bytes ${test.start}-${test.end}/${size}`) wrong(`expected Content-Range: bytes ${test.start}-${test.end}/${size}`);
            else if (!response.body.equals(slice(test.start!, test.end!))) wrong('the bytes are not those of the range');
          } else if (test.expect === 'unsatisfiable') {
            if (response.status !== 416) wrong('expected 416 Range Not Satisfiable');
            else if (contentRange !== `bytes */${size}`) wrong(`expected Content-Range: bytes */${size}`);
          } else if (test.expect === 'whole') {
            if (response.status !== 200) wrong('a malformed Range must be ignored: expected 200 with the whole file');
            else if (!response.body.equals(file.bytes)) wrong('the body is not the whole file');
          } else {
            // Several ranges: the whole file, one range covering them all, or each part (multipart/byteranges).
            const whole = response.status === 200 && response.body.equals(file.bytes);
            const covering = response.status === 206 && /^bytes (\d+)-(\d+)\//.test(contentRange ?? '') && (() => {
              const [, from, to] = /^bytes (\d+)-(\d+)\//.exec(contentRange!)!;
              return Number(from) <= 0 && Number(to) >= 9 && response.body.equals(slice(Number(from), Number(to)));
            })();
            const multipart = response.status === 206 && /multipart\/byteranges/.test(response.headers['content-type'] ?? '') && response.body.includes(slice(0, 0)) && response.body.includes(slice(5, 9));
            if (!whole && !covering && !multipart) wrong('expected the whole file, a range covering both, or both parts');
          }
        }
      }
      return `${context.files.map((file) => file.path).join(', ')}; ${seen.size} wrong answers`;
    },
  },
  {
    name: 'slow-headers',
    what: 'the request line, then one header byte a second; meanwhile a normal page must be served within 1 s',
    run: async (context, failures) => {
      const limit = context.options.slowLimitMs;
      const trickle = limit > 0 ? limit : 5000;
      const header = `X-Slow: ${'s'.repeat(Math.ceil(trickle / 1000) + 10)}`;
      const parts: Part[] = ['GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n'];
      for (const char of header) parts.push({ wait: 1000 }, char);
      let socket: Socket | undefined;
      const slow = exchange(context.port, parts, { timeoutMs: trickle, expect: 1, onSocket: (opened) => (socket = opened) });
      // Others, meanwhile: a few times while the slow client is still there.
      const checks = (async () => {
        let elapsed = 0;
        for (const at of [1500, 3500, 8000, 20_000, 45_000, 70_000]) {
          if (at > trickle) break;
          await sleep(at - elapsed);
          elapsed = at;
          if (!socket || socket.destroyed) break;
          await servesOthers(context, failures, `${at / 1000} s into a slow-headers request`);
        }
      })();
      const result = await slow;
      await checks;
      if (limit > 0 && result.ended === 'timeout') failures.push({ type: 'no-answer', detail: `a request whose headers trickle in a byte a second was neither answered nor closed within ${limit / 1000} s` });
      return result.ended === 'timeout' ? `still open after ${Math.round(result.ms / 1000)} s${limit > 0 ? '' : ' (not waited for: --slow-limit 0)'}` : `${result.responses.length ? `answered ${result.responses[0]!.status}` : result.ended} after ${Math.round(result.ms / 1000)} s`;
    },
  },
  {
    name: 'idle-connections',
    what: 'hundreds of connections that send nothing; a normal page must still be served within 1 s',
    run: async (context, failures) => {
      const sockets: Socket[] = [];
      let refused = 0;
      await Promise.all(
        Array.from({ length: context.options.idle }, () =>
          new Promise<void>((resolve) => {
            const socket = connect(context.port, '127.0.0.1');
            sockets.push(socket);
            socket.once('connect', () => resolve());
            socket.once('error', () => {
              refused++;
              resolve();
            });
            setTimeout(resolve, 5000);
          }),
        ),
      );
      try {
        await servesOthers(context, failures, `with ${context.options.idle} idle connections open`);
        await sleep(1000);
        await servesOthers(context, failures, `with ${context.options.idle} idle connections open, a second later`);
      } finally {
        for (const socket of sockets) socket.destroy();
      }
      return `${sockets.length - refused} connected, ${refused} refused`;
    },
  },
  {
    name: 'pipelining',
    what: 'several requests in one write on one connection: each answered, in order',
    run: async (context, failures) => {
      const requests: Array<[string, string]> = [
        ['GET', '/sitemap.xml'],
        ['GET', '/fuzz-no-such-page'],
        ['HEAD', '/'],
        ['GET', context.files[0]!.path],
        ['GET', '/robots.txt'],
        ['GET', '/docs/api'],
      ];
      const expected: Array<RawResponse | undefined> = [];
      for (const [method, path] of requests) {
        const alone = await exchange(context.port, [request(path, ['Host: 127.0.0.1', 'Connection: close'], method)], { timeoutMs: PROBE_TIMEOUT_MS, expect: 1, methods: [method] });
        expected.push(alone.responses[0]);
      }
      const raw = requests.map(([method, path], i) => request(path, ['Host: 127.0.0.1', ...(i === requests.length - 1 ? ['Connection: close'] : [])], method)).join('');
      const result = await exchange(context.port, [raw], { timeoutMs: PROBE_TIMEOUT_MS, expect: requests.length, methods: requests.map(([method]) => method) });
      if (result.responses.length < requests.length) failures.push({ type: 'no-answer', detail: `${requests.length} pipelined requests, ${result.responses.length} answers (the connection ended: ${result.ended})` });
      result.responses.forEach((response, i) => {
        const alone = expected[i];
        if (alone && (alone.status !== response.status || !alone.body.equals(response.body))) failures.push({ type: 'other', detail: `pipelined answer ${i + 1} (${requests[i]!.join(' ')}) is not what the same request gets alone: HTTP ${response.status}, ${response.body.length} bytes vs HTTP ${alone.status}, ${alone.body.length} bytes` });
      });
      return `${result.responses.length}/${requests.length} answered in order`;
    },
  },
  {
    name: 'bad-methods',
    what: 'invalid and unusual methods, HTTP/2 preface, TLS hello, garbage bytes, conflicting lengths',
    run: async (context, failures) => {
      const garbage = Buffer.from(Array.from({ length: 64 }, () => int(context.rng, 0, 255)));
      const cases: Array<[string, Part[]]> = [
        ['FOO', [request('/', undefined, 'FOO')]],
        ['lower-case get', [request('/', undefined, 'get')]],
        ['G@T', [request('/', undefined, 'G@T')]],
        ['DELETE', [request('/', undefined, 'DELETE')]],
        ['OPTIONS *', [request('*', undefined, 'OPTIONS')]],
        ['CONNECT', [request('127.0.0.1:443', undefined, 'CONNECT')]],
        ['TRACE', [request('/', undefined, 'TRACE')]],
        ['POST with a body', [`POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello`]],
        ['empty method', [' / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n']],
        ['HTTP/9.9', [request('/', undefined, 'GET', 'HTTP/9.9')]],
        ['HTTP/0.9', ['GET /\r\n\r\n']],
        ['HTTP/2 preface', ['PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n']],
        ['TLS hello', [Buffer.from('160301020001000100fc0303', 'hex'), garbage]],
        ['garbage', [garbage, '\r\n\r\n']],
        ['Content-Length and chunked', ['GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n']],
        ['GET announcing a body never sent', ['GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n']],
        ['Expect: 100-continue', ['GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\n\r\n']],
        ['NUL in the path', ['GET /docs\u0000/x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n']],
        ['bare LF line ends', ['GET / HTTP/1.1\nHost: 127.0.0.1\n\n']],
      ];
      const seen: string[] = [];
      for (const [label, parts] of cases) seen.push(`${label} ${outcome(await single(context, label, parts, failures))}`);
      return seen.join(', ');
    },
  },
  {
    name: 'odd-hosts',
    what: 'HTTP/1.0 without Host, HTTP/1.1 without Host, absurd Host headers, absolute-form targets',
    run: async (context, failures) => {
      const cases: Array<[string, string]> = [
        ['HTTP/1.0 without Host', 'GET / HTTP/1.0\r\n\r\n'],
        ['HTTP/1.0 page without Host', 'GET /docs/api HTTP/1.0\r\n\r\n'],
        ['HTTP/1.1 without Host', 'GET / HTTP/1.1\r\n\r\n'],
        ['8 KB Host', request('/', [`Host: ${'h'.repeat(8 * 1024)}`])],
        ['Host ../../etc', request('/', ['Host: ../../etc'])],
        ['Host [::1', request('/', ['Host: [::1'])],
        ['Host with spaces', request('/', ['Host: a b c'])],
        ['two Hosts', request('/', ['Host: a.example', 'Host: b.example'])],
        ['Host port 99999', request('/', ['Host: 127.0.0.1:99999'])],
        ['empty Host', request('/', ['Host:'])],
        ['Host byte 0xff', `GET / HTTP/1.1\r\nHost: \u00ff\u00fe\r\n\r\n`],
        ['absolute-form', request('http://evil.example/docs/api', ['Host: 127.0.0.1'])],
        ['absolute-form traversal', request('http://127.0.0.1/../../etc/passwd', ['Host: 127.0.0.1'])],
      ];
      const seen: string[] = [];
      for (const [label, raw] of cases) {
        const result = await single(context, label, [Buffer.from(raw, 'latin1')], failures);
        const response = result.responses[0];
        if (response && /root:.*:0:0:/.test(response.body.toString('latin1'))) failures.push({ type: 'other', detail: `${label}: answered with /etc/passwd` });
        seen.push(`${label} ${outcome(result)}`);
      }
      return seen.join(', ');
    },
  },
];

export const PROBE_NAMES = PROBES.map((probe) => probe.name);

/** The build files the range probe reads: the largest page, the largest script or stylesheet, the sitemap. */
function rangeFiles(build: string): Array<{ path: string; bytes: Buffer }> {
  const files: Array<{ path: string; bytes: Buffer; size: number }> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.push({ path: `/${relative(build, path).split(sep).join('/')}`, bytes: Buffer.alloc(0), size: statSync(path).size });
    }
  };
  walk(build);
  const largest = (pattern: RegExp) => files.filter((file) => pattern.test(file.path)).sort((a, b) => b.size - a.size || a.path.localeCompare(b.path))[0];
  const chosen = [largest(/\/index\.html$/), largest(/^\/assets\/.*\.(js|css)$/), largest(/^\/sitemap\.xml$/)].filter((file) => file && file.size >= 20);
  return chosen.map((file) => ({ path: file!.path.replace(/index\.html$/, ''), bytes: readFileSync(join(build, file!.path)) }));
}

export async function runHttpCategory(seed: number, names: string[] | undefined, options: Options, results: Results, timeLeft: () => number): Promise<void> {
  const probes = names ? PROBES.filter((probe) => names.includes(probe.name)) : PROBES;
  if (!probes.length) throw new Error(`no such HTTP probe: ${names?.join(', ')} (there are ${PROBE_NAMES.join(', ')})`);
  const site = mainSite(options);
  const dir = copySite(site);
  if (options.keep) console.log(`      serve copy of ${site}: ${dir}`);
  let server: ServerProcess | undefined;
  try {
    const built = await runDocsite(['build', dir, '--quiet'], options.stepTimeoutMs);
    if (built.code !== 0) throw new Error(`the ${site} site does not build (exit ${built.code}):\n${built.stderr.slice(-1500)}`);
    const build = join(dir, 'build');
    const files = rangeFiles(build);
    const start = async () => {
      server = await ServerProcess.start('serve', dir, 30_000);
      // The first request compresses the home page: not something a probe should pay for.
      await httpGet(server.origin, '/', 10_000);
      return server;
    };
    server = await start();
    for (const probe of probes) {
      if (timeLeft() <= 0) {
        results.skipped('http', probes.length - probes.indexOf(probe));
        break;
      }
      const started = performance.now();
      const failures: ProbeFailures = [];
      let note: string | undefined;
      try {
        if (!server.alive()) server = await start();
        const logFrom = server.output().length;
        const context: ProbeContext = { port: server.port, origin: server.origin, server, build, rng: mulberry32(hashParts(seed, 'http', probe.name)), options, files };
        note = await probe.run(context, failures);
        await sleep(100);
        if (!server.alive()) failures.push({ type: 'crash', detail: `docsite serve ${server.exitDescription()}; its last output:\n${server.output().slice(-1500)}` });
        else {
          const after = await httpGet(server.origin, '/', 2000);
          if (!('status' in after) || after.status !== 200) failures.push({ type: 'hang', detail: `after the probe, / was not served within 2 s (${'status' in after ? `HTTP ${after.status}` : after.message})` });
        }
        // Errors the server logged meanwhile are not failures (the request was answered) but worth seeing.
        const errors = server.output().slice(logFrom).split('\n').filter((line) => /^error\b|could not answer/.test(line));
        const short = (line: string) => (line.length > 160 ? `${line.slice(0, 157)}...` : line);
        if (errors.length) note = `${note ?? ''}; the server logged ${errors.length} error${errors.length === 1 ? '' : 's'}: ${[...new Set(errors.map(short))].slice(0, 2).join(' / ')}`;
      } catch (error) {
        failures.push({ type: 'other', detail: error instanceof Error ? error.message : String(error) });
      }
      results.record({ category: 'http', seed, step: probe.name, name: probe.name, what: probe.what, failures, ms: performance.now() - started, ...(note ? { note } : {}) });
      if (failures.length && server.alive()) {
        // A probe that broke the server must not count against the next one.
        const check = await httpGet(server.origin, '/', 2000);
        if (!('status' in check)) {
          await server.stop();
          server = await start();
        }
      }
    }
  } finally {
    await server?.stop();
    if (!options.keep) removeCopy(dir);
  }
}
