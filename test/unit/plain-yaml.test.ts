import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { parsePlainYaml } from '../../src/content/plain-yaml';
import { mulberry32 } from '../../scripts/fuzz/random';

/** What `yaml` makes of a text, as the front matter reader takes it (an empty document is no keys). */
function yamlData(text: string): unknown {
  try {
    return parse(text) ?? {};
  } catch {
    return 'error';
  }
}

describe('plain front matter (read without the YAML parser)', () => {
  it('reads the usual shapes as yaml does', () => {
    const cases: Array<[string, unknown]> = [
      ['title: Getting started\nsidebar_position: 2\n', { title: 'Getting started', sidebar_position: 2 }],
      ['title: "Backups: how they work"\ndescription: \'Keep a copy, or two\'', { title: 'Backups: how they work', description: 'Keep a copy, or two' }],
      ['tags:\n  - backup\n  - restore\nslug: /restore', { tags: ['backup', 'restore'], slug: '/restore' }],
      ['tags:\n- compact\n- list\n', { tags: ['compact', 'list'] }],
      ['keywords: [photos, videos, 3]\ndraft: false\nunlisted: True', { keywords: ['photos', 'videos', 3], draft: false, unlisted: true }],
      ['image: https://example.com/a.png\ndate: 2024-01-15T10:00:00Z', { image: 'https://example.com/a.png', date: '2024-01-15T10:00:00Z' }],
      ['title: Don\'t panic, it "works"\nweight: 0.50\nempty:\nnothing: ~', { title: 'Don\'t panic, it "works"', weight: 0.5, empty: null, nothing: null }],
      ['# a comment\n\ntitle:   spaced   out   \n  # indented comment\ntags: []', { title: 'spaced   out', tags: [] }],
      ['title: "  kept  "\nsidebar_label: Ünïcödé 😀 text', { title: '  kept  ', sidebar_label: 'Ünïcödé 😀 text' }],
      ['title: no-break space kept\u00a0', { title: 'no-break space kept\u00a0' }],
      ['', {}],
      ['# only a comment', {}],
    ];
    for (const [text, expected] of cases) {
      assert.deepEqual(parsePlainYaml(text), expected, text);
      assert.deepEqual(yamlData(text), expected, `yaml itself: ${text}`);
    }
  });

  it('leaves every other shape to yaml', () => {
    const others = [
      'title: a: b', // a mapping in a plain scalar
      'title: x # comment',
      'title: "escaped \\" quote"',
      "title: 'it''s'",
      'title: |\n  block',
      'title: >\n  folded',
      'title: &anchor x\nother: *anchor',
      'title: !tag x',
      'meta:\n  nested: map',
      'title: one\n  continued',
      'title: a\ntitle: b', // duplicate key: yaml's error
      'count: -1',
      'count: 1e3',
      'count: 012',
      'count: 0x1f',
      'count: .inf',
      'count: 12345678901234567890',
      'list: [a, [b]]',
      'list: ["quoted"]',
      'list: [a, ]',
      'map: {a: 1}',
      'title:\ttab',
      'title: x\r\nother: y',
      'tags:\n  - a\n    - b',
      'tags:\n  - a:\n  - b',
      'true: key',
      '__proto__: x',
      'key with space: x',
      '"quoted key": x',
      '...',
      'title: a\u0085b',
    ];
    for (const text of others) assert.equal(parsePlainYaml(text), undefined, text);
  });

  it('agrees with yaml on thousands of generated front matters', () => {
    // Keys, values and line shapes chosen to sit on the edges of the simple shape; a seeded generator, so a failure
    // is the same every run.
    const keys = ['title', 'slug', 'tags', 'true', 'null', 'a-b', '_x', 'Key9', 'title'];
    const scalars = ['plain text', 'x', "it's", 'say "hi"', 'a:b', 'a: b', 'a #b', 'a#b', 'x:', '-x', '- x', '?x', ':x', ',x', 'x,y', '[x]', '{x}', '*x', '&x', '!x', '%x', '@x', '`x', '|', '>', '~', 'null', 'Null', 'NULL', 'nULL', 'true', 'True', 'TRUE', 'tRUE', 'false', 'yes', 'no', 'on', '0', '7', '10', '010', '1.5', '1.', '.5', '+1', '-1', '1e3', '1E-3', '0o17', '0o19', '0x1F', '0xG', '.inf', '-.inf', '.nan', '.NaN', 'nan', 'inf', '2024-01-15', '12:30', '1_000', '"quoted"', '"a\\"b"', '"a\\nb"', "'single'", "'a''b'", '"unclosed', "'unclosed", '""', "''", '"a" b', 'é', 'a\u00a0', 'a  b', '#not', 'x #', '=', '<<', 'a\\b'];
    const usual = ['Getting started', 'x', "it's", 'a:b', '0', '7', '1.5', 'true', 'null', '2024-01-15', 'é', '"quoted"', "'single'"];
    const random = mulberry32(20261129);
    const choose = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    // Half the values are of the simple kinds, so that many texts are read whole.
    const pick = (list: readonly string[]): string => (list === scalars && random() < 0.6 ? choose(usual) : choose(list));
    let read = 0;
    for (let n = 0; n < 6000; n++) {
      const lines: string[] = [];
      const count = 1 + Math.floor(random() * 5);
      for (let i = 0; i < count; i++) {
        const shape = random();
        const key = choose(keys);
        if (shape < 0.45) lines.push(`${key}: ${pick(scalars)}${random() < 0.1 ? '  ' : ''}`);
        else if (shape < 0.6) lines.push(`${key}: [${Array.from({ length: Math.floor(random() * 4) }, () => pick(scalars)).join(random() < 0.8 ? ', ' : ',')}]`);
        else if (shape < 0.8) {
          lines.push(`${key}:`);
          const indent = ' '.repeat(Math.floor(random() * 3));
          for (let item = Math.floor(random() * 4); item > 0; item--) lines.push(`${random() < 0.05 ? ' ' : indent}- ${pick(scalars)}`);
        } else if (shape < 0.9) lines.push(choose(['', '# comment', '  # indented', '   ', 'orphan', '  nested: x']));
        else lines.push(`${key}:${choose(['', ' ', '  ', 'x'])}`);
      }
      const text = lines.join('\n');
      const data = parsePlainYaml(text);
      if (data === undefined) continue;
      read++;
      assert.deepEqual(data, yamlData(text), text);
    }
    // The generator must reach the fast path often enough for the comparison to mean something.
    assert.ok(read > 1000, `only ${read} generated texts were read`);
  });
});
