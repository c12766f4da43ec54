import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { findDocusaurusConfig, loadDocusaurusConfig } from '../../src/migrate/load-docusaurus-config';
import { makeSite, removeSite } from '../helpers';

// A config that reads its own YAML data with a parser the site has not installed (migrate installs nothing)
// gets docsite's copy of the parser, so the data carries over instead of a stub.

const dirs: string[] = [];
after(() => dirs.forEach(removeSite));

test('yaml (imported) and js-yaml (required) read the config data in a folder without node_modules', async () => {
  const siteDir = makeSite(
    {
      'data/languages.yml': '- name: TypeScript\n- name: CSS\n',
      'data/team.yaml': 'lead: Ada\n',
      'docusaurus.config.mjs': [
        "import fs from 'node:fs';",
        "import { createRequire } from 'node:module';",
        "import { parse } from 'yaml';",
        'const require = createRequire(import.meta.url);',
        "const jsYaml = require('js-yaml');",
        "const languages = parse(fs.readFileSync(new URL('./data/languages.yml', import.meta.url), 'utf8'));",
        "const team = jsYaml.load(fs.readFileSync(new URL('./data/team.yaml', import.meta.url), 'utf8'));",
        "export default { title: 'Site', url: 'https://example.com', customFields: { languages, team } };",
      ].join('\n'),
    },
    null,
  );
  dirs.push(siteDir);
  const loaded = await loadDocusaurusConfig(findDocusaurusConfig(siteDir)!, siteDir);
  const config = loaded.config as { customFields: unknown };
  assert.deepEqual(config.customFields, { languages: [{ name: 'TypeScript' }, { name: 'CSS' }], team: { lead: 'Ada' } });
  assert.ok(!loaded.stubbed.includes('yaml') && !loaded.stubbed.includes('js-yaml'), `not stood in for: ${loaded.stubbed.join(', ')}`);
});
