import type { Server } from 'node:http';
import { constants } from 'node:os';
import { log } from '../core/log';

// Ctrl+C or a service manager's SIGTERM stops `docsite serve` cleanly: no new connections, open
// requests finish, idle keep-alive connections are closed, then the process exits 0. A second
// signal means "now": exit at once.

export interface ShutdownOptions {
  /** After this long, connections still open are cut so a stuck client cannot hold the exit forever. */
  graceMs?: number;
}

export function stopOnSignals(server: Server, { graceMs = 10_000 }: ShutdownOptions = {}): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn(`${signal} again: stopping now`);
      process.exit(128 + (constants.signals[signal] ?? 0));
    }
    stopping = true;
    log.info(`${signal}: stopping the server after the requests in progress`);
    // Keep-alive connections turn idle as their last response ends: close them as they do.
    const closeIdle = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(closeIdle);
      clearTimeout(deadline);
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
