// The OpenAPI corpus' figures: a Markdown table (printed, and kept in the README between markers) and
// bench/openapi.json, with the issue's targets checked row by row.
import { cpus, totalmem } from 'node:os';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

// Issue 26: every document builds (exit 0, a page per operation) within 1.5 GB and 60 s on 2 cores,
// and the largest at no more than 25 ms per operation.
export const TARGETS = { peakRssMb: 1536, seconds: 60, msPerOperationLargest: 25 };

const README_START = '<!-- openapi-corpus-table:start -->';
const README_END = '<!-- openapi-corpus-table:end -->';

const fixed = (value, digits = 1) => (value === undefined ? '-' : value.toFixed(digits));

/** Which targets a row misses, as short words ("exit", "pages", "memory", "time", "ms/op"). */
export function missedTargets(row, largestName) {
  if (row.status !== 'ran') return [];
  const missed = [];
  if (row.exit !== 0) missed.push('exit');
  else if (row.apiPages !== row.operations) missed.push('pages');
  if (row.peakRssMb !== undefined && row.peakRssMb > TARGETS.peakRssMb) missed.push('memory');
  if (row.seconds > TARGETS.seconds) missed.push('time');
  if (row.name === largestName && (row.msPerOperation === undefined || row.msPerOperation > TARGETS.msPerOperationLargest)) missed.push('ms/op');
  return missed;
}

/** The name of the document with the most operations among those that ran. */
export function largestOf(rows) {
  return rows.filter((row) => row.status === 'ran').sort((a, b) => b.operations - a.operations)[0]?.name;
}

export function corpusTable(rows) {
  const largest = largestOf(rows);
  const header = ['spec', 'operations', 'pages', 'seconds', 'CPU s', 'peak MB', 'ms/op', 'warnings', 'exit', 'misses'];
  const lines = rows.map((row) => {
    if (row.status !== 'ran') return [row.name, 'not cached', ...header.slice(2).map(() => '')];
    return [row.name, String(row.operations), String(row.apiPages), fixed(row.seconds), fixed(row.cpuSeconds), fixed(row.peakRssMb, 0), fixed(row.msPerOperation), String(row.warnings), String(row.exit), missedTargets(row, largest).join(', ') || '-'];
  });
  const widths = header.map((title, index) => Math.max(title.length, ...lines.map((line) => line[index].length)));
  const format = (cells) => `| ${cells.map((cell, index) => (index === 0 || index === cells.length - 1 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join(' | ')} |`;
  const rule = `|${widths.map((width, index) => (index === 0 || index === widths.length - 1 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`;
  return [format(header), rule, ...lines.map(format)].join('\n');
}

export function printCorpus(rows) {
  console.log(`\nOpenAPI corpus (targets: exit 0 with a page per operation, peak RSS <= ${TARGETS.peakRssMb} MB, <= ${TARGETS.seconds} s, <= ${TARGETS.msPerOperationLargest} ms per operation on the largest)\n`);
  console.log(corpusTable(rows));
  for (const row of rows) {
    if (row.status !== 'ran' || row.exit === 0) continue;
    console.log(`\n${row.name}: exit ${row.exit} after ${fixed(row.seconds)} s`);
    for (const line of (row.error ?? []).slice(0, 6)) console.log(`    ${line}`);
  }
  const missing = rows.filter((row) => row.status !== 'ran');
  if (missing.length) console.log(`\nnot cached (skipped): ${missing.map((row) => row.name).join(', ')}. Fill the cache with: node scripts/bench-api.mjs --populate --mirrors <folder of git snapshots>`);
}

function docsiteCommit(root) {
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return head.status === 0 ? head.stdout.trim() : undefined;
}

/**
 * Writes bench/openapi.json, its rows in `order` (the names of specs.json); rows of documents this run did not
 * build (--only, not cached) are kept from the last file, each row saying when it ran, on which docsite commit.
 */
export function writeCorpusResults(root, rows, { order }) {
  const file = join(root, 'bench', 'openapi.json');
  const date = new Date().toISOString();
  const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')).specs ?? []) : [];
  const docsite = docsiteCommit(root);
  const measured = rows.filter((row) => row.status === 'ran').map((row) => ({ ...row, date, docsite }));
  const byName = new Map(previous.map((row) => [row.name, row]));
  for (const row of measured) byName.set(row.name, row);
  const specs = order.filter((name) => byName.has(name)).map((name) => byName.get(name));
  const largest = largestOf(specs);
  for (const row of specs) row.missedTargets = missedTargets(row, largest);
  const doc = {
    date,
    node: process.version,
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    nodeOptions: process.env.NODE_OPTIONS ?? null,
    targets: TARGETS,
    specs,
  };
  mkdirSync(join(root, 'bench'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  return doc;
}

/** Puts the table of `rows` between the README's markers; false when the markers are not there. */
export function updateReadme(root, rows) {
  const file = join(root, 'README.md');
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start < 0 || end < start) return false;
  writeFileSync(file, `${text.slice(0, start + README_START.length)}\n${corpusTable(rows)}\n${text.slice(end)}`);
  return true;
}
