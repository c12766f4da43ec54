import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import kleur from 'kleur';
import { findConfigFile, loadConfig } from '../config/load';
import { DocsiteError } from '../core/errors';
import { log } from '../core/log';
import { listen } from '../http/listen';
import { stopOnSignals } from '../http/shutdown';
import { createStaticHandler } from '../http/static-handler';
import { portArgument, siteDirArgument } from './arguments';
import type { CommandContext } from './context';

export interface ServeOptions {
  siteDir: string;
  dir?: string;
  port: number;
  host: string;
  baseUrl?: string;
}

/** `docsite serve`: serves a finished build with the same URL rules as a production host. */
export async function serve(options: ServeOptions) {
  const siteDir = resolve(options.siteDir);
  const dir = resolve(options.dir ?? join(siteDir, 'build'));
  if (!existsSync(join(dir, 'index.html')) && !existsSync(join(dir, '404.html'))) {
    throw new DocsiteError(`no build found in ${dir}: run \`docsite build\` first`, { file: dir });
  }
  // Without a config (serving some other folder), the defaults: root base URL, both URL forms answer.
  const config = findConfigFile(siteDir) ? (await loadConfig(siteDir)).config : undefined;
  const base = options.baseUrl ?? config?.baseUrl ?? '/';
  const handler = createStaticHandler({ dir, base, ...(config?.trailingSlash === undefined ? {} : { trailingSlash: config.trailingSlash }) });
  const { server, port } = await listen(handler, { port: options.port, host: options.host });
  stopOnSignals(server);
  log.success(`Serving ${kleur.dim(dir)} at ${kleur.cyan(`http://${options.host}:${port}${base}`)}`);
  return { server, port };
}

export function serveCommand(context: CommandContext): Command {
  return new Command('serve')
    .description('serve a finished build')
    .argument('[siteDir]', 'folder holding docsite.config.ts', '.')
    .option('--dir <dir>', 'build folder to serve (default: <siteDir>/build)')
    .option('--port <port>', 'port', portArgument, 3000)
    .option('--host <host>', 'host', 'localhost')
    .action(async (dir: string | undefined, options: { dir?: string; port: number; host: string }) => {
      await serve({ siteDir: context.siteDir(siteDirArgument(dir)), ...options });
    });
}
