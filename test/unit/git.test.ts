import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { loadLastUpdates } from '../../src/content/git';
import { removeSite } from '../helpers';

const dirs: string[] = [];
after(() => dirs.forEach(removeSite));

function git(cwd: string, args: string[], env: Record<string, string> = {}) {
  execFileSync('git', args, { cwd, env: { ...process.env, ...env }, stdio: 'pipe' });
}

test('last commit time and author per file, from one git log; uncommitted files have none', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsite-git-'));
  dirs.push(dir);
  git(dir, ['init', '-q']);
  writeFileSync(join(dir, 'a.md'), 'A');
  writeFileSync(join(dir, 'b.md'), 'B');
  const author = (name: string, date: string) => ({ GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: `${name}@x.y`, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: `${name}@x.y`, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
  git(dir, ['add', '.'], {});
  git(dir, ['commit', '-qm', 'first'], author('Ada', '2024-01-02T03:04:05Z'));
  writeFileSync(join(dir, 'b.md'), 'B2');
  git(dir, ['commit', '-qam', 'second'], author('Grace', '2024-05-06T07:08:09Z'));
  writeFileSync(join(dir, 'new.md'), 'uncommitted');
  const updates = await loadLastUpdates(dir);
  assert.deepEqual(updates.get(join(dir, 'a.md')), { date: Date.parse('2024-01-02T03:04:05Z'), author: 'Ada' });
  assert.deepEqual(updates.get(join(dir, 'b.md')), { date: Date.parse('2024-05-06T07:08:09Z'), author: 'Grace' });
  assert.equal(updates.has(join(dir, 'new.md')), false);
});

test('a folder outside git gives no data and no error', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsite-nogit-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'a.md'), 'A');
  assert.equal((await loadLastUpdates(dir)).size, 0);
});
