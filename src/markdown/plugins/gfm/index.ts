import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type { Construct, Extension } from 'micromark-util-types';
import type { Processor } from 'unified';

// GitHub Flavored Markdown (tables, strikethrough, task lists, footnotes, autolink literals), as
// remark-gfm adds it, with one change for speed: e-mail autolink literals are not tried by the
// tokenizer at every letter and digit of every text (that alone made parsing ~40% slower); they are
// found afterwards in the text, by the regular expression mdast-util-gfm already runs for them,
// which is how cmark-gfm and markdown-rs do it. URLs (`https://`, `www.`) are still tokenized.

export function remarkGfm(this: Processor): void {
  const data = this.data() as { micromarkExtensions?: Extension[]; fromMarkdownExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push(withoutEmailLiterals(gfm()));
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
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
