import type { Root, Text } from 'mdast';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type { Construct, Extension } from 'micromark-util-types';
import type { Processor } from 'unified';
import { walk } from '../walk';

// GitHub Flavored Markdown (tables, strikethrough, task lists, footnotes, autolink literals), as remark-gfm adds
// it, with three changes for speed and none to the result:
//
// - E-mail autolink literals are not tried by the tokenizer at every letter and digit of every text (that alone
//   made parsing ~40% slower); they are found afterwards in the text, by the regular expression mdast-util-gfm
//   already runs for them, which is how cmark-gfm and markdown-rs do it.
// - That search runs four regular expressions over every text of the page; it runs only on pages with a text where
//   one can match (an `@`, a `://` or a `www.`), which most pages have none of.
// - URL literals (`https://…`, `www.…`) are tokenized, which costs the tokenizer an attempt at every `h` and `w`
//   of the prose, a third of the parse of a page of English. A page with no `http://`, `https://` or `www.` outside
//   fenced code and link targets (`mayHoldUrlLiterals`) is parsed without them (`withUrlLiterals: false`); if a
//   text of its tree has one after all, the parse stops (`UrlLiteralsFound`) and the page is parsed again with
//   them. A URL literal is such a text's characters, so where no text has them there is none to find, and either
//   way the tree is the one remark-gfm makes.

export interface GfmOptions {
  /** Tokenize URL literals (`https://…`, `www.…`); without, a page with one throws UrlLiteralsFound. */
  withUrlLiterals: boolean;
}

/** Thrown by the parse without URL literals when the page has one: parse it again with them. */
export class UrlLiteralsFound extends Error {
  constructor() {
    super('the page has URL literals: parse it with them');
  }
}

export function remarkGfm(this: Processor, options: GfmOptions = { withUrlLiterals: true }): void {
  const data = this.data() as { micromarkExtensions?: Extension[]; fromMarkdownExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push(withoutLiterals(gfm(), options.withUrlLiterals ? ['emailAutolink'] : ['emailAutolink', 'wwwAutolink', 'protocolAutolink']));
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown().map((extension) => withLiteralSearchWhereUseful(extension, options.withUrlLiterals)));
}

function withoutLiterals(extension: Extension, names: string[]): Extension {
  const text: NonNullable<Extension['text']> = {};
  for (const [code, value] of Object.entries(extension.text ?? {})) {
    const constructs = (Array.isArray(value) ? value : [value]) as Construct[];
    const kept = constructs.filter((construct) => !names.includes(construct.name ?? ''));
    if (kept.length) text[code as unknown as number] = kept;
  }
  return { ...extension, text };
}

type FromMarkdownExtension = ReturnType<typeof gfmFromMarkdown>[number];

/** The autolink literals' search of every text (mdast-util-gfm-autolink-literal's transform), on trees where it may find one. */
function withLiteralSearchWhereUseful(extension: FromMarkdownExtension, withUrlLiterals: boolean): FromMarkdownExtension {
  if (!extension.transforms?.length) return extension;
  return {
    ...extension,
    transforms: extension.transforms.map((transform) => (tree: Root) => {
      const marks = literalMarksOf(tree);
      if (marks.url && !withUrlLiterals) throw new UrlLiteralsFound();
      return marks.url || marks.email ? transform(tree) : undefined;
    }),
  };
}

/** What every URL literal has (`http://`, `https://` or `www.`; an e-mail address has an `@`). */
const URL_MARK = /https?:\/\/|www\./i;

function literalMarksOf(tree: Root): { url: boolean; email: boolean } {
  const marks = { url: false, email: false };
  walk<Text>(tree, 'text', (node) => {
    if (!marks.url && URL_MARK.test(node.value)) marks.url = true;
    if (!marks.email && node.value.includes('@')) marks.email = true;
  });
  return marks;
}

/**
 * Whether a page's text is likely to hold a URL literal: an `http://`, `https://` or `www.` outside fenced code and
 * not right after a link's `](`. Only a guess at which parse to try first: a wrong one costs a second parse, never a
 * different tree.
 */
export function mayHoldUrlLiterals(source: string): boolean {
  if (!URL_MARK.test(source)) return false;
  let fence: string | undefined;
  for (const line of source.split('\n')) {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (opening && opening[1]![0] === fence[0] && opening[1]!.length >= fence.length && !/\S/.test(line.slice(opening[0].length))) fence = undefined;
      continue;
    }
    if (opening) {
      fence = opening[1]!;
      continue;
    }
    if (/(?<!\]\(\s*<?)(?:https?:\/\/|www\.)/i.test(line)) return true;
  }
  return false;
}
