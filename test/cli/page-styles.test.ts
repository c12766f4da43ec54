import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeSite, removeSite, runCli } from '../helpers';

// A site's React pages may import plain CSS and CSS modules: the CSS ships with the page's route,
// and the server HTML uses the very class names the browser bundle does.

let dir = '';
before(async () => {
  dir = makeSite(
    {
      'pages/styled.tsx': "import styles from './_parts/card.module.css';\nimport other from './_parts/other/card.module.css';\nimport './_parts/plain.css';\n\nexport default function Styled() {\n  return (\n    <main id=\"main-content\" className={styles.card}>\n      <p className={other.card}>Two cards</p>\n      <p className=\"plain-text\">Plain</p>\n    </main>\n  );\n}\n",
      'pages/_parts/card.module.css': '.card { border: 3px solid red; animation: pop 1s; }\n@keyframes pop { to { opacity: 1; } }\n.card-title { color: blue; }\n',
      'pages/_parts/other/card.module.css': '.card { border: 1px dashed green; }\n',
      'pages/_parts/plain.css': '.plain-text { color: green; }\n',
    },
    'blog',
  );
  const result = await runCli(['build', dir]);
  assert.equal(result.code, 0, result.stderr);
});
after(() => removeSite(dir));

test('CSS modules: server classes equal the client mapping, two files with one class name do not collide', () => {
  const html = readFileSync(join(dir, 'build/styled/index.html'), 'utf8');
  const [outer, inner] = [/<main id="main-content" class="([^"]+)"/.exec(html)?.[1], /<p class="([^"]+)">Two cards/.exec(html)?.[1]];
  assert.ok(outer && inner && outer !== inner, `${outer} / ${inner}`);
  const routes = readdirSync(join(dir, 'build/assets/routes'));
  const js = readFileSync(join(dir, 'build/assets/routes', routes.find((file) => /^styled-.*\.js$/.test(file))!), 'utf8');
  assert.ok(js.includes(`"${outer}"`) && js.includes(`"${inner}"`), 'the browser bundle uses the server class names');
  const css = readFileSync(join(dir, 'build/assets/routes', routes.find((file) => /^styled-.*\.css$/.test(file))!), 'utf8');
  assert.ok(css.includes(`.${outer}{`) && css.includes(`.${inner}{`), css);
  assert.match(css, /@keyframes [\w-]+_[0-9a-f]{6}\{/, 'keyframes are local too');
  assert.match(css, /\.plain-text\{/);
});

test('the route stylesheet is linked from the page head only', () => {
  const styled = readFileSync(join(dir, 'build/styled/index.html'), 'utf8');
  assert.match(styled, /<link rel="stylesheet" href="\/assets\/routes\/styled-[A-Z0-9]+\.css">/);
  const home = readFileSync(join(dir, 'build/index.html'), 'utf8');
  assert.doesNotMatch(home, /routes\/styled-/);
});

test('a CSS module with a missing url() file fails with its own file, line and column', async () => {
  const broken = makeSite(
    {
      'pages/broken.tsx': "import styles from './_broken.module.css';\n\nexport default function Broken() {\n  return <main className={styles.box}>Broken</main>;\n}\n",
      'pages/_broken.module.css': '.box {\n  color: red;\n  background: url(./missing.png);\n}\n',
    },
    'blog',
  );
  try {
    const result = await runCli(['build', broken]);
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, /pages\/_broken\.module\.css:3:15: Could not resolve "\.\/missing\.png"/);
  } finally {
    removeSite(broken);
  }
});
