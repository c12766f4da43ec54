// Writes the config reference generated from the schema (src/config/reference.ts) into README.md,
// between its config-reference markers. `npm run docs:config` after changing src/config/schema.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configReferenceMarkdown, writeConfigReference } from '../src/config/reference.ts';

const readmePath = fileURLToPath(new URL('../README.md', import.meta.url));
const readme = readFileSync(readmePath, 'utf8');
const updated = writeConfigReference(readme, configReferenceMarkdown());
if (updated === readme) {
  console.log('README.md: the config reference is up to date');
} else {
  writeFileSync(readmePath, updated);
  console.log('README.md: config reference written');
}
