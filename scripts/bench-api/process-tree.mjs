// Running one command under a time limit while measuring the memory of everything it starts: the command
// runs in a process group of its own, and the resident memory of every process in that group (Node, its
// worker threads, esbuild's service process) is summed from /proc a few times a second. The peak of that sum
// is the figure a machine must have free for the build; GNU time's "maximum resident set size" is only the
// largest single process. The CPU time of each process in the group (threads included) is read from /proc
// too, as a figure that depends less on what else the machine runs than wall time does; the last 100 ms of
// a process can be missed. Where /proc is missing (not Linux), both are undefined.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const POLL_MS = 100;

function getconf(name, fallback) {
  const result = spawnSync('getconf', [name], { encoding: 'utf8' });
  const value = Number(result.stdout?.trim());
  return result.status === 0 && value > 0 ? value : fallback;
}

function hasProc() {
  try {
    readFileSync('/proc/self/stat', 'utf8');
    return true;
  } catch {
    return false;
  }
}

/**
 * Resident pages of the processes whose process group is `group`, read from /proc/<pid>/stat; records the
 * CPU ticks (user + system) each has used so far in `ticksByPid`.
 */
function sampleGroup(group, ticksByPid) {
  let pages = 0;
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (entry.charCodeAt(0) < 48 || entry.charCodeAt(0) > 57) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // the process ended between the listing and the read
    }
    // The command name (field 2) is in parentheses and may hold spaces; the fields after it are plain.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): the process group is field 5, user and system ticks 14 and 15, the
    // resident pages field 24.
    if (Number(fields[2]) !== group) continue;
    pages += Number(fields[21]);
    ticksByPid.set(entry, Number(fields[11]) + Number(fields[12]));
  }
  return pages;
}

/**
 * Runs `command args` in its own process group; kills the whole group after `timeoutMs`.
 * Resolves to { exit (code, signal name or 'timeout'), stdout, stderr, seconds, peakRssMb, cpuSeconds }.
 */
export function runMeasured(command, args, { cwd, env, timeoutMs }) {
  const measuring = hasProc();
  const pageSize = measuring ? getconf('PAGESIZE', 4096) : 0;
  const ticksPerSecond = measuring ? getconf('CLK_TCK', 100) : 0;
  return new Promise((resolvePromise) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    let peakPages = 0;
    const ticksByPid = new Map();
    const poll = () => {
      peakPages = Math.max(peakPages, sampleGroup(child.pid, ticksByPid));
    };
    const poller = measuring ? setInterval(poll, POLL_MS) : undefined;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (poller) clearInterval(poller);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      resolvePromise({
        exit: timedOut ? 'timeout' : (code ?? signal ?? 'killed'),
        stdout,
        stderr,
        seconds,
        peakRssMb: measuring ? (peakPages * pageSize) / (1024 * 1024) : undefined,
        cpuSeconds: measuring ? [...ticksByPid.values()].reduce((sum, ticks) => sum + ticks, 0) / ticksPerSecond : undefined,
      });
    });
  });
}
