import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

// dist/cli.js and src/paths.ts both sit one folder below the package root.
export const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const TEMPLATES_DIR = join(PACKAGE_ROOT, 'templates');
export const CLIENT_DIR = join(PACKAGE_ROOT, 'src', 'client');
