import { createServer, type Server } from 'node:http';
import type { RequestHandler } from './static-handler';

export interface ListenOptions {
  port: number;
  host: string;
  /** Fail instead of trying the next port when the port is taken. */
  strictPort?: boolean;
}

/** Starts an HTTP server; when the port is taken, tries the next ones (up to 20) unless strictPort. */
export async function listen(handler: RequestHandler, options: ListenOptions): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => handler(req, res));
  const last = options.port === 0 ? 0 : options.port + 19;
  for (let port = options.port; port <= last; port++) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, options.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      // Port 0 asks the OS for a free port: report the one it gave.
      const address = server.address();
      return { server, port: typeof address === 'object' && address ? address.port : port };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || options.strictPort) throw error;
    }
  }
  throw new Error(`ports ${options.port} to ${options.port + 19} are all in use`);
}
