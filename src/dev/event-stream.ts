import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorReport } from '../core/print-error';

// Server-Sent Events to every open page: which routes changed, full reloads, build errors.

export type DevEvent =
  /** Routes whose output changed; `chunks`: the new chunk URL of those the server knows already. */
  | { type: 'update'; paths: string[]; chunks?: Record<string, string> }
  | { type: 'reload' }
  | { type: 'build-error'; report: ErrorReport }
  | { type: 'build-ok' };

export class EventStream {
  private readonly clients = new Set<ServerResponse>();
  /** The error on screen until the next good save: pages opened meanwhile show it too. */
  private currentError: ErrorReport | undefined;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly session: string) {
    // Comments keep idle connections open through proxies that drop silent ones.
    this.heartbeat = setInterval(() => this.clients.forEach((client) => client.write(': ping\n\n')), 30_000);
    this.heartbeat.unref();
  }

  connect(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write(`event: hello\ndata: ${JSON.stringify({ session: this.session })}\n\n`);
    if (this.currentError) res.write(format({ type: 'build-error', report: this.currentError }));
    this.clients.add(res);
    req.on('close', () => this.clients.delete(res));
  }

  send(event: DevEvent): void {
    if (event.type === 'build-error') this.currentError = event.report;
    if (event.type === 'build-ok') {
      if (!this.currentError) return;
      this.currentError = undefined;
    }
    const message = format(event);
    for (const client of this.clients) client.write(message);
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const client of this.clients) client.end();
    this.clients.clear();
  }
}

function format(event: DevEvent): string {
  const data = event.type === 'update' ? { paths: event.paths, ...(event.chunks ? { chunks: event.chunks } : {}) } : event.type === 'build-error' ? event.report : {};
  return `event: ${event.type}\ndata: ${JSON.stringify(data)}\n\n`;
}
