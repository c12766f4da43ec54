import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { log } from '../../src/core/log';
import { createProgress, isInteractive, noProgress, THROTTLE_MS, type ProgressReporter } from '../../src/core/progress';

// The reporter against a fake stream, a fake clock and a fake timer: no real time passes in these tests.

const ESC = '\x1b';
const CLEAR = `\r${ESC}[2K`;

/** Everything written, and the timer the reporter asked for. */
function harness(options: { tty: boolean; quiet?: boolean; columns?: number }) {
  const writes: string[] = [];
  let clock = 0;
  let tick: (() => void) | undefined;
  let timerMs: number | undefined;
  let timers = 0;
  const progress = createProgress({
    stream: { write: (chunk: string) => writes.push(chunk), ...(options.columns ? { columns: options.columns } : {}) },
    tty: options.tty,
    quiet: options.quiet ?? false,
    now: () => clock,
    every: (ms, fn) => {
      timers++;
      timerMs = ms;
      tick = fn;
      return () => (tick = undefined);
    },
  });
  return {
    progress,
    writes,
    /** Moves the fake clock; fires the timer if it runs (once: enough for a redraw). */
    advanceClock(ms: number) {
      clock += ms;
      tick?.();
    },
    setClock(ms: number) {
      clock = ms;
    },
    timer: () => ({ running: tick !== undefined, ms: timerMs, created: timers }),
    /** What the terminal shows on the live row: the text after the last carriage return, escapes removed. */
    screen(): string {
      const all = writes.join('');
      return stripEscapes(all.slice(all.lastIndexOf('\r') + 1));
    },
  };
}

function stripEscapes(text: string): string {
  return text.replace(new RegExp(`${ESC}\\[[0-9;]*[A-Za-z]`, 'g'), '');
}

describe('on a terminal: one live line', () => {
  test('rewrites one line in place, with the stage, its count and the elapsed time', () => {
    const t = harness({ tty: true });
    t.progress.start('render', 1043, 'pages');
    assert.equal(t.screen(), '⠋ render 0/1,043 pages · 0.0 s');
    t.setClock(9800);
    t.progress.advance('render', 412);
    assert.match(t.screen(), /^. render 412\/1,043 pages · 9\.8 s$/);
    const all = t.writes.join('');
    assert.ok(!all.includes('\n'), 'never a newline: the line is rewritten, not repeated');
    for (const write of t.writes) assert.ok(write.startsWith('\r'), `each draw starts at the beginning of the row: ${JSON.stringify(write)}`);
    assert.ok(t.writes.every((write) => write === CLEAR || write.endsWith(`${ESC}[K`)), 'each draw erases what an older, longer line left');
  });

  test('close() clears the line, stops the timer, and nothing is written afterwards', () => {
    const t = harness({ tty: true });
    t.progress.start('compile', 10, 'files');
    assert.equal(t.timer().running, true);
    assert.equal(t.timer().ms, THROTTLE_MS);
    t.progress.close();
    assert.equal(t.writes.at(-1), CLEAR);
    assert.equal(t.screen(), '', 'no half line left behind');
    assert.equal(t.timer().running, false);
    const count = t.writes.length;
    t.progress.start('render', 5);
    t.progress.advance('render', 3);
    t.progress.end('render');
    t.progress.close();
    assert.equal(t.writes.length, count);
  });

  test('close() before any stage writes nothing and starts no timer', () => {
    const t = harness({ tty: true });
    t.progress.close();
    assert.deepEqual(t.writes, []);
    assert.equal(t.timer().created, 0);
  });

  test('redraws at most every THROTTLE_MS however often the pipeline advances', () => {
    const t = harness({ tty: true });
    t.progress.start('render', 1000, 'pages');
    const first = t.writes.length;
    // 1,000 advances within 50 ms of fake time: no redraw.
    for (let done = 1; done <= 1000; done++) {
      if (done % 20 === 0) t.setClock(done / 20);
      t.progress.advance('render', done);
    }
    assert.equal(t.writes.length, first);
    // Once THROTTLE_MS has passed, the next advance shows the latest count.
    t.setClock(THROTTLE_MS);
    t.progress.advance('render', 1000);
    assert.equal(t.writes.length, first + 1);
    assert.match(t.screen(), /render 1,000\/1,000 pages/);
  });

  test('the timer moves the spinner and the clock while no stage reports', () => {
    const t = harness({ tty: true });
    t.progress.start('bundle');
    const before = t.screen();
    t.advanceClock(THROTTLE_MS);
    const after = t.screen();
    assert.notEqual(after, before);
    assert.notEqual(after[0], before[0], 'the spinner turned');
    t.advanceClock(2000);
    assert.match(t.screen(), /^. bundle · 2\.1 s$/);
  });

  test('overlapping stages show together, in the order they started, each leaving when it ends', () => {
    const t = harness({ tty: true });
    t.progress.start('bundle');
    t.progress.start('search index', 300, 'docs');
    t.advanceClock(THROTTLE_MS);
    t.progress.advance('search index', 120);
    t.advanceClock(THROTTLE_MS);
    assert.match(t.screen(), /^. bundle, search index 120\/300 docs · 0\.2 s$/);
    t.progress.end('search index');
    t.advanceClock(THROTTLE_MS);
    assert.match(t.screen(), /^. bundle · 0\.2 s$/);
    t.progress.end('bundle');
    t.advanceClock(THROTTLE_MS);
    assert.match(t.screen(), /^. 0\.3 s$/, 'between stages, only the clock');
  });

  test('the line is cut to the terminal width so it never wraps', () => {
    const t = harness({ tty: true, columns: 30 });
    t.progress.start('a stage with a very long name indeed', 1043, 'pages');
    const shown = t.screen();
    assert.ok(shown.length <= 29, `${shown.length} columns: ${shown}`);
    assert.match(shown, /…/);
    assert.match(shown, /0\.0 s$/, 'the clock stays');
  });

  test('a line printed through log clears the live line first; the next tick draws it again', (context) => {
    const t = harness({ tty: true });
    const printed: string[] = [];
    // What the terminal receives, in order: the reporter's writes and log's lines.
    context.mock.method(console, 'warn', (line: string) => printed.push(`${t.writes.length}:${line}`));
    t.progress.start('render', 10, 'pages');
    const drawn = t.writes.length;
    log.warn('broken link: docs/a.md:3:5  ->  /docs/b');
    assert.equal(t.writes.at(-1), CLEAR, 'cleared before the warning');
    assert.deepEqual(printed, [`${drawn + 1}:warning broken link: docs/a.md:3:5  ->  /docs/b`]);
    t.advanceClock(1);
    assert.match(t.screen(), /render 0\/10 pages/, 'back on the next tick, however soon');
    t.progress.close();
    // Once closed, log no longer touches the stream.
    const count = t.writes.length;
    log.warn('later');
    assert.equal(t.writes.length, count);
  });

  test('unknown stages are ignored, a stage started twice starts over', () => {
    const t = harness({ tty: true });
    t.progress.advance('nothing', 3);
    t.progress.end('nothing');
    assert.deepEqual(t.writes, []);
    t.progress.start('render', 10, 'pages');
    t.progress.advance('render', 7);
    t.progress.start('render', 20, 'pages');
    t.advanceClock(THROTTLE_MS);
    assert.match(t.screen(), /render 0\/20 pages/);
  });
});

describe('without a terminal: a line per finished stage', () => {
  test('each stage prints when it ends, with its count and its own time', () => {
    const t = harness({ tty: false });
    t.progress.start('config');
    t.setClock(45);
    t.progress.end('config');
    t.progress.start('compile', 1043, 'files');
    for (let done = 1; done <= 1043; done++) t.progress.advance('compile', done);
    t.setClock(45 + 8200);
    t.progress.end('compile');
    t.progress.close();
    assert.equal(t.writes.join(''), '  config in 45 ms\n  compile 1,043 files in 8.2 s\n');
    assert.equal(t.timer().created, 0, 'no timer');
  });

  test('overlapping stages print in the order they end, each with its own time', () => {
    const t = harness({ tty: false });
    t.progress.start('bundle');
    t.setClock(100);
    t.progress.start('search index', 300, 'docs');
    t.setClock(1300);
    t.progress.end('search index');
    t.setClock(3100);
    t.progress.end('bundle');
    assert.deepEqual(t.writes, ['  search index 300 docs in 1.2 s\n', '  bundle in 3.1 s\n']);
  });

  test('no escape sequence, no carriage return', () => {
    const t = harness({ tty: false });
    t.progress.start('render', 2, 'pages');
    t.progress.advance('render', 2);
    t.progress.end('render');
    t.progress.close();
    assert.doesNotMatch(t.writes.join(''), /[\r\x1b]/);
  });

  test('a stage that never ends (the build failed) prints nothing', () => {
    const t = harness({ tty: false });
    t.progress.start('render', 2, 'pages');
    t.progress.close();
    t.progress.end('render');
    assert.deepEqual(t.writes, []);
  });
});

describe('quiet', () => {
  for (const tty of [true, false]) {
    test(`prints nothing and starts no timer (${tty ? 'terminal' : 'pipe'})`, () => {
      const t = harness({ tty, quiet: true });
      const progress: ProgressReporter = t.progress;
      assert.equal(progress, noProgress);
      progress.start('render', 10, 'pages');
      t.advanceClock(1000);
      progress.advance('render', 5);
      progress.end('render');
      progress.close();
      assert.deepEqual(t.writes, []);
      assert.equal(t.timer().created, 0);
    });
  }
});

test('live only on a terminal that understands escapes, and not in CI', () => {
  assert.equal(isInteractive({ isTTY: true }, {}), true);
  assert.equal(isInteractive({ isTTY: false }, {}), false);
  assert.equal(isInteractive({}, {}), false);
  assert.equal(isInteractive({ isTTY: true }, { CI: 'true' }), false);
  assert.equal(isInteractive({ isTTY: true }, { CI: '1' }), false);
  assert.equal(isInteractive({ isTTY: true }, { CI: 'false' }), true);
  assert.equal(isInteractive({ isTTY: true }, { TERM: 'dumb' }), false);
});
