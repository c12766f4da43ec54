import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TEMPLATES_DIR } from '../core/paths';

// The site's own stylesheets (`customCss`, Docusaurus's `theme.customCss`): imported by the theme's entry after its
// own styles (templates/index.ts imports `docsite:custom-css` last), so the site's rules win. A stylesheet that
// sets Infima's `--ifm-color-primary`, as Docusaurus sites do, also gives docsite's accent that colour.

export function customCssModule(files: readonly string[], siteDir: string, platform: 'browser' | 'node'): string {
  if (platform === 'node' || files.length === 0) return 'export {};';
  const paths = files.map((file) => resolve(siteDir, file));
  const lines = paths.map((path) => `import ${JSON.stringify(path)};`);
  if (paths.some(setsInfimaPrimary)) lines.push(`import ${JSON.stringify(join(TEMPLATES_DIR, 'mdx', 'infima-variables.css'))};`);
  return lines.join('\n');
}

function setsInfimaPrimary(path: string): boolean {
  try {
    return /--ifm-color-primary\s*:/.test(readFileSync(path, 'utf8'));
  } catch {
    // A missing file is reported by the bundler, at the import.
    return false;
  }
}
