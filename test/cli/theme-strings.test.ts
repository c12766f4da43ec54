import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { makeSite, removeSite, runCli } from '../helpers';

// A site written in French gets the theme in French, with its own code.json over docsite's words; a code.json that
// is not JSON fails at its line.

const sites: string[] = [];
after(() => sites.forEach(removeSite));

const FRENCH_CONFIG = `export default {
  title: 'Fixture',
  url: 'https://fixture.example',
  i18n: { defaultLocale: 'fr', locales: ['fr'] },
  docs: { editUrl: 'https://example.com/edit/' },
};
`;

test('a French site: the theme speaks French, code.json messages win, dates are French', async () => {
  const dir = makeSite({
    'docsite.config.ts': FRENCH_CONFIG,
    'docs/dated.md': '---\nlast_update:\n  date: 2024-06-24\ntags: [guide]\n---\n# Datée\n\n## Une section\n\n## Une autre\n\nTexte.\n',
    'i18n/fr/code.json': JSON.stringify({ 'theme.common.editThisPage': { message: 'Proposer une modification', description: 'The edit link' } }, null, 2),
  });
  sites.push(dir);
  const result = await runCli(['build', dir, '--quiet']);
  assert.equal(result.code, 0, result.stderr);
  const html = readFileSync(join(dir, 'build', 'docs', 'dated', 'index.html'), 'utf8');
  assert.match(html, /<html lang="fr"/);
  assert.match(html, />Sur cette page</);
  assert.match(html, />Proposer une modification</, 'code.json wins over the built-in translation');
  assert.doesNotMatch(html, />Edit this page</);
  assert.match(html, /Dernière mise à jour le <time[^>]*>24 juin 2024<\/time>/);
  assert.match(html, /aria-label="Fil d&#x27;Ariane"|aria-label="Fil d'Ariane"/);
  const tagged = readFileSync(join(dir, 'build', 'docs', 'tags', 'guide', 'index.html'), 'utf8');
  assert.match(tagged, /<title>2 pages avec l’étiquette « guide »/);
  const notFound = readFileSync(join(dir, 'build', '404.html'), 'utf8');
  assert.match(notFound, /<h1>Page introuvable<\/h1>/);
  assert.match(notFound, /Nous n&#x27;avons pas trouvé ce que vous cherchiez|Nous n'avons pas trouvé ce que vous cherchiez/);
  assert.match(notFound, />Aller à la page d(&#x27;|')accueil<\/a> <!-- -->ou <a href="\/docs">parcourir la documentation<\/a>\.</);
});

test('a code.json that is not JSON fails at its line', async () => {
  const dir = makeSite({ 'docsite.config.ts': FRENCH_CONFIG, 'i18n/fr/code.json': '{\n  "theme.common.editThisPage": { "message": "x" },\n}\n' });
  sites.push(dir);
  const result = await runCli(['build', dir, '--quiet']);
  assert.equal(result.code, 1);
  assert.match(result.stderr, /i18n\/fr\/code\.json:3:1: invalid JSON/);
});
