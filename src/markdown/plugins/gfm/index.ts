import type { Root, Text } from 'mdast';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type { Construct, Extension } from 'micromark-util-types';
import type { Processor } from 'unified';
import { walk } from '../walk';

// GitHub Flavored Markdown (tables, strikethrough, task lists, footnotes, autolink literals), as
// remark-gfm adds it, with one change for speed: e-mail autolink literals are not tried by the
// tokenizer at every letter and digit of every text (that alone made parsing ~40% slower); they are
// found afterwards in the text, by the regular expression mdast-util-gfm already runs for them,
// which is how cmark-gfm and markdown-rs do it. URLs (`https://`, `www.`) are still tokenized.
// That search runs four regular expressions over every text of the page; it now runs only on pages with a text
// where one can match (an `@`, a `://` or a `www.`), which most pages have none of.

export function remarkGfm(this: Processor): void {
  const data = this.data() as { micromarkExtensions?: Extension[]; fromMarkdownExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push(withoutEmailLiterals(gfm()));
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown().map(withLiteralSearchWhereUseful));
}

type FromMarkdownExtension = ReturnType<typeof gfmFromMarkdown>[number];

/** The autolink literals' search of every text (mdast-util-gfm-autolink-literal's transform), on trees where it may find one. */
function withLiteralSearchWhereUseful(extension: FromMarkdownExtension): FromMarkdownExtension {
  if (!extension.transforms?.length) return extension;
  return { ...extension, transforms: extension.transforms.map((transform) => (tree: Root) => (mayHoldLiteral(tree) ? transform(tree) : undefined)) };
}

/** What every literal those expressions find has: a URL's `://` or `www.`, an address's `@`. */
const LITERAL_MARK = /@|:\/\/|www\./i;

function mayHoldLiteral(tree: Root): boolean {
  let found = false;
  walk<Text>(tree, 'text', (node) => {
    if (!found) found = LITERAL_MARK.test(node.value);
  });
  return found;
}

function withoutEmailLiterals(extension: Extension): Extension {
  const text: NonNullable<Extension['text']> = {};
  for (const [code, value] of Object.entries(extension.text ?? {})) {
    const constructs = (Array.isArray(value) ? value : [value]) as Construct[];
    const kept = constructs.filter((construct) => construct.name !== 'emailAutolink');
    if (kept.length) text[code as unknown as number] = kept;
  }
  return { ...extension, text };
}
