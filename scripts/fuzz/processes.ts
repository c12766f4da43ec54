// The docsite processes the suite drives (build, dev, serve), each with a time limit, and a small
// HTTP client with one: nothing the suite waits for can stall it.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { ROOT } from './site.ts';

const BIN = join(ROOT, 'bin', 'docsite.js');
const ENV = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', CI: 'true' };

const running = new Set<ChildProcess>();

/** Every process the suite started and that is still running: killed when the suite exits. */
export function killAllProcesses(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  durationMs: number;
}

export interface Running {
  child: ChildProcess;
  result: Promise<RunResult>;
}

/** Starts `docsite <args>`; the result settles when it exits, or it is killed after `timeoutMs`. */
export function spawnDocsite(args: string[], timeoutMs: number): Running {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let stdout = '';
  let stderr = '';
  let timedOut = false;
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  const result = new Promise<RunResult>((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({ code, signal, stdout, stderr, timedOut, durationMs: performance.now() - started });
    });
  });
  return { child, result };
}

export function runDocsite(args: string[], timeoutMs: number): Promise<RunResult> {
  return spawnDocsite(args, timeoutMs).result;
}

export interface DevEvent {
  event: string;
  data: Record<string, unknown>;
  at: number;
}

/** A long-running server (`docsite dev` or `docsite serve`) with its output and, for dev, its event stream. */
export class ServerProcess {
  readonly events: DevEvent[] = [];
  private text = '';
  private eventsRequest: ReturnType<typeof request> | undefined;

  private constructor(
    readonly child: ChildProcess,
    readonly origin: string,
  ) {}

  get port(): number {
    return Number(new URL(this.origin).port);
  }

  static async start(command: 'dev' | 'serve', siteDir: string, timeoutMs: number): Promise<ServerProcess> {
    const child = spawn(process.execPath, [BIN, command, siteDir, '--port', '0', '--host', '127.0.0.1'], { cwd: ROOT, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    child.on('exit', () => running.delete(child));
    let output = '';
    let server: ServerProcess | undefined;
    const onData = (chunk: Buffer) => {
      if (server) server.text += chunk;
      else output += chunk;
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    const origin = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`docsite ${command} did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
      const check = () => {
        const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      };
      child.stdout!.on('data', check);
      child.stderr!.on('data', check);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`docsite ${command} exited with ${code} before it was ready:\n${output}`));
      });
    }).catch((error: unknown) => {
      child.kill('SIGKILL');
      throw error;
    });
    server = new ServerProcess(child, origin);
    server.text = output;
    if (command === 'dev') {
      try {
        await server.listen();
      } catch (error) {
        await server.stop();
        throw error;
      }
    }
    return server;
  }

  /** Everything the server printed so far. */
  output(): string {
    return this.text;
  }

  alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  exitDescription(): string {
    return this.child.signalCode ? `killed by ${this.child.signalCode}` : `exited with ${this.child.exitCode}`;
  }

  /** Reads /__docsite/events (Server-Sent Events) into `events`; resolves with the hello. */
  private listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      const req = request(`${this.origin}/__docsite/events`, { agent: false }, (res) => {
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (!event) continue;
            let parsed: Record<string, unknown> = {};
            try {
              parsed = data ? (JSON.parse(data) as Record<string, unknown>) : {};
            } catch {
              parsed = { unparsed: data };
            }
            this.events.push({ event, data: parsed, at: performance.now() });
            if (event === 'hello') resolve();
          }
        });
        res.on('error', () => undefined);
      });
      req.on('error', (error) => reject(error));
      req.setTimeout(0);
      req.end();
      this.eventsRequest = req;
      setTimeout(() => reject(new Error('no hello on the event stream within 10 s')), 10_000).unref();
    });
  }

  /** SIGTERM, then SIGKILL if it is still there after 5 s. */
  async stop(): Promise<void> {
    this.eventsRequest?.destroy();
    if (!this.alive()) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
      this.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      this.child.kill('SIGTERM');
    });
  }
}

export type HttpResult = { status: number; headers: Record<string, string | string[] | undefined>; body: string; ms: number } | { error: 'timeout' | 'closed'; message: string; ms: number };

/** GET on a new connection, given up after `timeoutMs`. */
export function httpGet(origin: string, path: string, timeoutMs: number, headers: Record<string, string> = {}): Promise<HttpResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: HttpResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = request(`${origin}${path}`, { agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
      res.on('error', (error) => done({ error: 'closed', message: error.message, ms: performance.now() - started }));
    });
    const timer = setTimeout(() => {
      done({ error: 'timeout', message: `no answer within ${timeoutMs} ms`, ms: performance.now() - started });
      req.destroy();
    }, timeoutMs);
    req.on('error', (error) => done({ error: 'closed', message: error.message, ms: performance.now() - started }));
    req.end();
  });
}
