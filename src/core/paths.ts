import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Where docsite's own files are. The code runs from its sources (tests, under tsx) or bundled into
// dist/cli.js, at different depths, so the package root is found by looking up for package.json.

function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dir !== dirname(dir)) dir = dirname(dir);
  return join(dir, '/');
}

export const PACKAGE_ROOT = packageRoot();
export const TEMPLATES_DIR = join(PACKAGE_ROOT, 'templates');
export const CLIENT_DIR = join(PACKAGE_ROOT, 'src', 'client');
