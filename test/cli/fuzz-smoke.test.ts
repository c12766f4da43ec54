import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { ROOT } from '../helpers';

// A small seeded run of the fuzz suite (`npm run fuzz`, scripts/fuzz/): a few dev mutations, mutated builds,
// one build killed mid-way and every hostile HTTP probe, on the two small fixture sites so it stays well
// under a minute. The full run (three seeds, the Memora site too) is `npm run fuzz`, not part of npm test.

const MAIN = join(ROOT, 'scripts', 'fuzz', 'main.ts');
const scratch = mkdtempSync(join(tmpdir(), 'docsite-fuzz-smoke-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function fuzz(args: string[], timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    // The suite bounds its own steps; this only keeps a broken suite from stalling the test run.
    const timer = setTimeout(() => child.kill('SIGINT'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

interface Report {
  summary: Array<{ category: string; tried: number; passed: number; notRun: number }>;
  failures: Array<{ category: string; type: string; seed: number; step: string; what: string; detail: string; replay: string }>;
}

describe('npm run fuzz (smoke)', () => {
  test('a seed chooses the same mutations in the same order; another seed chooses others', async () => {
    const list = ['--list', '--dev', '12', '--builds', '6'];
    const first = await fuzz([...list, '--seed', '7'], 60_000);
    const again = await fuzz([...list, '--seed', '7'], 60_000);
    const other = await fuzz([...list, '--seed', '8'], 60_000);
    assert.equal(first.code, 0, first.output);
    assert.equal(first.output.split('\n').filter((line) => /^(dev|build) seed 7 #\d+ /.test(line)).length, 18, first.output);
    assert.equal(again.output, first.output);
    assert.notEqual(other.output.replace(/seed 8/g, 'seed 7'), first.output);
  });

  // Every guarantee of the full run, on a few steps: no crash, hang, lost output, error that does not name its
  // file, page left different after a restore, unanswered request or leftover.
  test('a few steps of every category with a fixed seed: every check of the full run passes', async () => {
    const json = join(scratch, 'report.json');
    const run = await fuzz(
      ['--seed', '1', '--sites', 'docusaurus,blog', '--dev', '6', '--builds', '3', '--kills', '1', '--slow-limit', '0', '--idle', '100', '--time-limit', '150', '--json', json],
      240_000,
    );
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    const tried = Object.fromEntries(report.summary.map((row) => [row.category, row.tried]));
    assert.deepEqual(tried, { dev: 6, build: 3, kill: 1, http: 9 }, run.output);
    assert.match(run.output, /\| category \| tried \| passed \| crashes \| hangs \| lost outputs \|/);
    const failures = report.failures.map((failure) => `${failure.type}: ${failure.category} step ${failure.step}: ${failure.what}\n  ${failure.detail.slice(0, 600)}\n  ${failure.replay}`);
    assert.deepEqual(failures, [], `the fuzz smoke run found failures:\n${failures.join('\n')}`);
  });
});
