import { join, resolve } from 'node:path';
import type { ServerResponse } from 'node:http';
import { watch } from 'chokidar';
import kleur from 'kleur';
import { buildSite } from '../build';
import { loadConfig } from '../config/load';
import { log, formatDuration } from '../log';
import { CLIENT_DIR, TEMPLATES_DIR } from '../paths';
import { printError } from '../print-error';
import { listen } from './listen';
import { createStaticHandler } from './static-handler';

export interface DevOptions {
  siteDir: string;
  port: number;
  host: string;
  strictPort?: boolean;
  poll?: boolean;
}

/**
 * `docsite dev`: builds the site in development mode, serves it, rebuilds on every change and
 * tells open pages to reload. A broken edit prints its error and keeps the last good build served.
 */
export async function startDev(options: DevOptions) {
  const siteDir = resolve(options.siteDir);
  const outDir = join(siteDir, '.docsite', 'dev-build');
  const clients = new Set<ServerResponse>();
  const { config } = await loadConfig(siteDir);
  const base = config.baseUrl;

  const rebuild = async (reason: string) => {
    try {
      const result = await buildSite({ siteDir, outDir, mode: 'development' });
      log.success(`${reason}: built ${result.pages} pages in ${formatDuration(result.durationMs)}`);
      for (const client of clients) client.write('event: reload\ndata: {}\n\n');
      return true;
    } catch (error) {
      printError(error, false, siteDir);
      return false;
    }
  };
  await rebuild('Initial build');

  const files = createStaticHandler({ dir: outDir, base, dev: true });
  const { server, port } = await listen(
    (req, res) => {
      if (req.url === `${base}__docsite/events`) {
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
        res.write(': connected\n\n');
        clients.add(res);
        req.on('close', () => clients.delete(res));
        return;
      }
      files(req, res);
    },
    { port: options.port, host: options.host, ...(options.strictPort ? { strictPort: true } : {}) },
  );
  if (options.port !== 0 && port !== options.port) log.warn(`port ${options.port} is in use, using ${port} instead`);
  log.info(`\n  ${kleur.bold('docsite dev')} ready at ${kleur.cyan(`http://${options.host}:${port}${base}`)}\n`);

  let timer: NodeJS.Timeout | undefined;
  let building: Promise<unknown> = Promise.resolve();
  const changed = new Set<string>();
  const watcher = watch([siteDir, TEMPLATES_DIR, CLIENT_DIR], {
    ignoreInitial: true,
    usePolling: options.poll ?? false,
    ignored: (path) => /(^|[/\\])(node_modules|\.docsite|\.git|build)([/\\]|$)/.test(path) || /\.docsite-config-/.test(path),
  });
  watcher.on('all', (_event, path) => {
    changed.add(path.slice(siteDir.length + 1) || path);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const names = [...changed];
      changed.clear();
      building = building.then(() => rebuild(names.length === 1 ? `Changed ${names[0]}` : `${names.length} files changed`));
    }, 30);
  });

  const close = async () => {
    clearTimeout(timer);
    await watcher.close();
    for (const client of clients) client.end();
    server.close();
  };
  return { server, port, close };
}
