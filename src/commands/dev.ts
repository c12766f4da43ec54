import { Command } from 'commander';
import { startDev } from '../dev/server';
import { portArgument, siteDirArgument } from './arguments';
import type { CommandContext } from './context';

// `docsite dev [siteDir]`: the development server until Ctrl+C or SIGTERM.

export function devCommand(context: CommandContext): Command {
  return new Command('dev')
    .description('start the development server: watch, rebuild, live reload')
    .argument('[siteDir]', 'folder holding docsite.config.ts', '.')
    .option('--port <port>', 'port', portArgument, 3000)
    .option('--host <host>', 'host', 'localhost')
    .option('--strict-port', 'exit instead of trying the next port when the port is in use')
    .option('--poll', 'watch by polling (network drives, some containers)')
    .option('--open', 'open the site in the default browser')
    .option('--locale <locale>', 'serve this locale (under its /<locale>/ prefix) instead of the default one')
    .action(async (dir: string | undefined, options: { port: number; host: string; strictPort?: boolean; poll?: boolean; open?: boolean; locale?: string }) => {
      const dev = await startDev({ siteDir: context.siteDir(siteDirArgument(dir)), ...options });
      let stopping = false;
      const stop = () => {
        // A second Ctrl+C does not wait for the clean-up.
        if (stopping) process.exit(0);
        stopping = true;
        void dev.close().finally(() => process.exit(0));
      };
      process.on('SIGINT', stop).on('SIGTERM', stop);
    });
}
