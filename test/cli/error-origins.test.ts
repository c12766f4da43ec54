import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeSite, removeSite, runCli, startDev, waitFor, type DevProcess } from '../helpers';

// An error is reported at the file that has the mistake: a component that throws while a page renders, a
// module that throws as it loads, a partial with an MDX error, a throw or a broken link. Not at the page that
// includes it, not in esbuild's or docsite's own code. (Found by `npm run fuzz`.)

const COMPONENT = 'src/components/Highlight.tsx';
const MDX_COMPONENTS = 'src/theme/MDXComponents.js';
const PARTIAL = 'docs/partials/_cleanup.mdx';

interface Case {
  name: string;
  file: string;
  edit: (text: string) => string;
  /** The first line the build prints. */
  error: RegExp;
}

const CASES: Case[] = [
  {
    name: 'a component that throws while a page renders',
    file: COMPONENT,
    edit: (text) => text.replace('  return (', "  if (color) throw new Error('no colours today');\n  return ("),
    error: /^error src\/components\/Highlight\.tsx: threw while rendering \/docs\/guides\/components \(the page docs\/guides\/components\.mdx\): no colours today$/m,
  },
  {
    name: 'a component that throws as it loads',
    file: COMPONENT,
    edit: (text) => `throw new Error('not loadable');\n${text}`,
    error: /^error src\/components\/Highlight\.tsx: threw while loading: not loadable$/m,
  },
  {
    name: "the site's MDXComponents throwing as it loads",
    file: MDX_COMPONENTS,
    edit: (text) => `${text}\nthrow new Error('no components');\n`,
    error: /^error src\/theme\/MDXComponents\.js: threw while loading: no components$/m,
  },
  {
    name: 'a partial with an MDX syntax error',
    file: PARTIAL,
    edit: (text) => `${text}\n<div>\n\nNever closed.\n`,
    error: /^error docs\/partials\/_cleanup\.mdx:3:1: invalid MDX: Expected a closing tag for `<div>`/m,
  },
  {
    name: 'a partial that throws while it renders',
    file: PARTIAL,
    edit: (text) => `${text}\n{(() => { throw new Error('partial failure'); })()}\n`,
    error: /^error docs\/partials\/_cleanup\.mdx: threw while rendering \/docs\/guides\/partials \(the page docs\/guides\/partials\.md\): partial failure$/m,
  },
  {
    name: 'a broken link in a partial',
    file: PARTIAL,
    edit: (text) => `${text}\nSee [the missing page](/docs/no-such-page).\n`,
    error: /^error docs\/partials\/_cleanup\.mdx:3:5: 1 broken link found$/m,
  },
];

describe('docsite build: errors at the file that has the mistake', () => {
  let dir: string;
  before(() => {
    dir = makeSite({}, 'docusaurus');
  });
  after(() => removeSite(dir));

  for (const { name, file, edit, error } of CASES) {
    test(name, async () => {
      const path = join(dir, file);
      const original = readFileSync(path, 'utf8');
      writeFileSync(path, edit(original));
      try {
        const result = await runCli(['build', dir, '--quiet']);
        assert.equal(result.code, 1, result.stdout + result.stderr);
        assert.match(result.stderr, error);
        assert.doesNotMatch(result.stderr, /node_modules|esbuild\/lib|docsite (client|server) bundle|\(theme\)/);
      } finally {
        writeFileSync(path, original);
      }
    });
  }

  test('a broken link in a partial is reported once, at its line, by check-links too', async () => {
    const path = join(dir, PARTIAL);
    const original = readFileSync(path, 'utf8');
    writeFileSync(path, `${original}\nSee [the missing page](/docs/no-such-page).\n`);
    try {
      const result = await runCli(['check-links', dir, '--format', 'json']);
      assert.equal(result.code, 1, result.stderr);
      const report = JSON.parse(result.stdout) as { broken: Array<{ href: string; source: string; line?: number; column?: number }> };
      assert.deepEqual(
        report.broken.filter((link) => link.href === '/docs/no-such-page').map(({ source, line, column }) => ({ source, line, column })),
        [{ source: PARTIAL, line: 3, column: 5 }],
      );
    } finally {
      writeFileSync(path, original);
    }
  });
});

describe('docsite dev: errors at the file that has the mistake', () => {
  let dir: string;
  let dev: DevProcess;
  before(async () => {
    dir = makeSite({}, 'docusaurus');
    dev = await startDev(dir);
  });
  after(async () => {
    await dev.stop();
    removeSite(dir);
  });

  const status = async (path: string) => (await fetch(dev.origin + path)).status;

  test('a component used through MDXComponents: its edits reach the page, a throw names it, the restore recovers', async () => {
    const path = join(dir, COMPONENT);
    const original = readFileSync(path, 'utf8');
    assert.equal(await status('/docs/guides/components'), 200);
    const from = dev.output().length;
    writeFileSync(path, CASES[0]!.edit(original));
    try {
      // The component is part of the runtime (the site's MDXComponents imports it): an edit rebuilds it.
      await waitFor(async () => ((await status('/docs/guides/components')) === 500 ? true : undefined), () => dev.output().slice(from));
      await waitFor(() => /error src\/components\/Highlight\.tsx: threw while rendering \/docs\/guides\/components/.test(dev.output().slice(from)) || undefined, () => dev.output().slice(from));
    } finally {
      writeFileSync(path, original);
    }
    await waitFor(async () => ((await status('/docs/guides/components')) === 200 ? true : undefined), () => dev.output().slice(from));
  });

  test("MDXComponents throwing as it loads is reported at its file, not as docsite's runtime", async () => {
    const path = join(dir, MDX_COMPONENTS);
    const original = readFileSync(path, 'utf8');
    const from = dev.output().length;
    writeFileSync(path, CASES[2]!.edit(original));
    try {
      await waitFor(() => /error src\/theme\/MDXComponents\.js: threw while loading: no components/.test(dev.output().slice(from)) || undefined, () => dev.output().slice(from));
      assert.doesNotMatch(dev.output().slice(from), /docsite dev runtime/);
    } finally {
      writeFileSync(path, original);
    }
    await waitFor(() => /MDXComponents\.js updated/.test(dev.output().slice(from)) || undefined, () => dev.output().slice(from));
    assert.equal(await status('/docs/guides/components'), 200);
  });

  test('a partial: a throw and a broken link are reported at the partial', async () => {
    const path = join(dir, PARTIAL);
    const original = readFileSync(path, 'utf8');
    const from = dev.output().length;
    writeFileSync(path, CASES[5]!.edit(original));
    try {
      await waitFor(async () => ((await status('/docs/guides/partials')) === 200 && /warning broken link: docs\/partials\/_cleanup\.mdx:3:5 {2}-> {2}\/docs\/no-such-page/.test(dev.output().slice(from))) || undefined, () => dev.output().slice(from));
      writeFileSync(path, CASES[4]!.edit(original));
      await waitFor(async () => ((await status('/docs/guides/partials')) === 500 && /error docs\/partials\/_cleanup\.mdx: threw while rendering \/docs\/guides\/partials/.test(dev.output().slice(from))) || undefined, () => dev.output().slice(from));
    } finally {
      writeFileSync(path, original);
    }
    await waitFor(async () => ((await status('/docs/guides/partials')) === 200 ? true : undefined), () => dev.output().slice(from));
  });
});
