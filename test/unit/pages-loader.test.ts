import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { configSchema } from '../../src/config/schema';
import { isPageHelper, loadPages, pagePath } from '../../src/content/pages';

// The pages folder as Docusaurus reads it: React pages in .js/.jsx/.ts/.tsx (JSX in .js), Markdown pages; helpers
// (`_x`), tests and type declarations are not pages.

test('page files and their routes; helpers, tests and declarations left out', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsite-pages-'));
  try {
    const files: Record<string, string> = {
      'src/pages/index.js': 'export default function Home() { return <main>Home</main>; }\n',
      'src/pages/about.ts': "import { createElement } from 'react';\nexport default function About() { return createElement('p', null, 'About'); }\n",
      'src/pages/team/index.jsx': 'export default () => <p>Team</p>;\n',
      'src/pages/guide.mdx': '# Guide\n',
      'src/pages/_partial.js': 'export const x = 1;\n',
      'src/pages/_drafts/idea.md': '# Idea\n',
      'src/pages/home.test.js': "throw new Error('not a page');\n",
      'src/pages/__tests__/page.js': "throw new Error('not a page');\n",
      'src/pages/types.d.ts': 'declare const x: number;\n',
      'src/pages/styles.module.css': '.a { color: red; }\n',
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    const config = configSchema.parse({ title: 'T', url: 'https://t.example', pages: { path: 'src/pages' } });
    const pages = await loadPages({ siteDir: dir, config });
    assert.deepEqual(pages.map((page) => [page.source, page.path, page.format]).sort(), [
      ['src/pages/about.ts', '/about', 'react'],
      ['src/pages/guide.mdx', '/guide', 'mdx'],
      ['src/pages/index.js', '/', 'react'],
      ['src/pages/team/index.jsx', '/team', 'react'],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('helpers and routes by name', () => {
  assert.ok(isPageHelper('_x.js') && isPageHelper('a/_b/c.tsx') && isPageHelper('x.spec.ts') && isPageHelper('a.d.ts'));
  assert.ok(!isPageHelper('index.js') && !isPageHelper('blog/post.md'));
  assert.equal(pagePath('index.js'), '/');
  assert.equal(pagePath('docs/index.ts'), '/docs');
  assert.equal(pagePath('about.jsx'), '/about');
});
