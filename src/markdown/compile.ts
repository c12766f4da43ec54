import { createProcessor } from '@mdx-js/mdx';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkRehype from 'remark-rehype';
import { unified, type PluggableList } from 'unified';
import { VFile } from 'vfile';
import { DocsiteError } from '../core/errors';
import type { TocItem } from '../shared/types';
import { remarkAdmonitions } from './plugins/admonitions';
import { remarkCodeBlockElements } from './plugins/code-block-elements';
import { fillCodeBlocks, remarkCodeBlocks, settleCodeBlocks, type BlockHighlighter, type HighlightedBlock } from './plugins/code-blocks';
import { mayHoldUrlLiterals, remarkGfm, UrlLiteralsFound } from './plugins/gfm';
import { remarkHeadings } from './plugins/headings';
import { rehypeHtmlElements } from './plugins/html-elements';
import { remarkImages, type ImageOptions } from './plugins/images';
import { remarkLinks, type LinkResolver, type OutgoingLink } from './plugins/links';
import { remarkMermaid, type MermaidDiagramError } from './plugins/mermaid';
import { remarkSections, type TextSection } from './plugins/sections';
import { parsePlainMarkdown } from './fast-parse';
import { markdownImportsOf } from './markdown-imports';
import { globalComponentsOf, isStaticContent } from './static-content';
import { preprocessMarkdown } from './preprocess';
import { staticHtmlOf } from './static-html';
import { reactHtmlOf } from './react-html';
import type { Program } from 'estree';
import type { Root as HastRoot } from 'hast';
import type { LoadedPlugins, UserPlugins } from './user-plugins/scopes';

// The MDX pipeline: one unified processor per build, reused for every file.
// To add a remark or rehype plugin, add it to the lists below; per-file results go on `file.data`.

declare module 'vfile' {
  interface DataMap {
    toc: TocItem[];
    headingIds: string[];
    /** Every heading below the title (levels 2 to 6), for the `toc` a page may use (`<TOCInline toc={toc} />`). */
    headings: TocItem[];
    /** The page's own code (JSX, expressions) names `toc` without declaring it: it gets Docusaurus's toc export. */
    usesToc: boolean;
    links: OutgoingLink[];
    sections: TextSection[];
    excerpt: string | undefined;
    /** Set by the compile: the file's static content is wanted as HTML only (`CompileInput.htmlOnly`). */
    htmlOnly: boolean;
    /** The content's HTML, when `htmlOnly` and the content is static (react-html.ts). */
    staticHtml: string;
  }
}

export interface MarkdownOptions {
  minHeadingLevel: number;
  maxHeadingLevel: number;
  resolveLink: LinkResolver;
  images: ImageOptions;
  /** The config's remark/rehype plugins (and `markdown.math`'s) for a file. */
  userPlugins?: UserPlugins;
  /** KaTeX's stylesheet: a page whose content has KaTeX output imports it, so only such pages load it. */
  mathStylesheet?: string;
  /** Code blocks are highlighted in another thread (compile-files.ts's split compile); unset: in this one. */
  highlightElsewhere?: BlockHighlighter;
}

export interface CompileInput {
  /** Full file text, front matter included. */
  source: string;
  absolutePath: string;
  /** Site-relative path, for messages. */
  file: string;
  /** Per-file TOC levels (front matter toc_min/max_heading_level). */
  tocLevels?: { min?: number; max?: number };
  /**
   * Static content is wanted as its HTML only, with no module: the file is a page's content whose HTML the build
   * uses (`CompileOptions.htmlOnly`). Content that is not static compiles to a module as ever.
   */
  htmlOnly?: boolean;
  /** The file's highlighted code blocks of its last compile (`CompileOutput.codeBlocks`): those it still has are not highlighted again. */
  knownCodeBlocks?: HighlightedBlock[];
}

export interface CompiledMarkdown {
  /** An ES module whose default export is the page's React component; none for static content compiled `htmlOnly`. */
  code?: string;
  toc: TocItem[];
  headingIds: string[];
  links: OutgoingLink[];
  sections: TextSection[];
  excerpt?: string;
  /** Markdown files the page imports (partials), as written: their links are reported at their own lines. */
  partials?: string[];
  /** The content renders HTML elements only: the browser can keep the server's HTML instead of hydrating it. */
  staticContent?: true;
  /** Static content that imports nothing: its HTML, rendered once here (static-html.ts) for the build to use. */
  html?: string;
  /** Components the content uses without importing them (`<Tabs>`): the page's chunk brings those it knows. */
  globalComponents?: string[];
  /** Mermaid diagrams with a syntax error, at their fence's line (reported as warnings). */
  diagramErrors?: MermaidDiagramError[];
}

/** A compile's result, and what its caller keeps for the file's next compile but not with the result. */
export interface CompileOutput extends CompiledMarkdown {
  /** The file's code blocks, highlighted (each once), for `CompileInput.knownCodeBlocks` next time. */
  codeBlocks?: HighlightedBlock[];
}

export type MarkdownCompiler = (input: CompileInput) => Promise<CompileOutput>;

type MdxProcessor = ReturnType<typeof createProcessor>;

/**
 * The node types MDX's processor passes from mdast to hast as they are (its `nodeTypes`): docsite's own plugins make
 * such nodes in plain Markdown too (a code block is a `div` with its HTML, a JSX element).
 */
const MDX_NODE_TYPES = ['mdxFlowExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxTextExpression', 'mdxjsEsm'];

export function createMarkdownCompiler(options: MarkdownOptions): MarkdownCompiler {
  const remarkPlugins = (min: number, max: number, user: LoadedPlugins | undefined, withUrlLiterals: boolean): PluggableList => [
    ...(user?.beforeRemark ?? []),
    remarkFrontmatter,
    [remarkGfm, { withUrlLiterals }],
    remarkDirective,
    remarkAdmonitions,
    [remarkHeadings, { minHeadingLevel: min, maxHeadingLevel: max }],
    remarkSections,
    [remarkLinks, { resolve: options.resolveLink }],
    [remarkImages, options.images],
    [remarkCodeBlockElements, { siteDir: options.images.siteDir }],
    remarkMermaid,
    [remarkCodeBlocks, { ...(options.highlightElsewhere ? { highlightElsewhere: options.highlightElsewhere } : {}) }],
    ...(user?.remark ?? []),
  ];
  // Last: what the rehype plugins made is what the HTML is written from.
  const rehypePlugins = (user: LoadedPlugins | undefined): PluggableList => [...(user?.beforeRehype ?? []), rehypeHtmlElements, ...(user?.rehype ?? []), [rehypeStaticHtml, { math: !!options.mathStylesheet }]];
  const processors = new Map<string, MdxProcessor>();
  const processorFor = (min: number, max: number, user: LoadedPlugins | undefined, withUrlLiterals: boolean) => {
    const key = `${min}-${max}-${user?.id ?? ''}-${withUrlLiterals}`;
    let processor = processors.get(key);
    if (!processor) {
      processor = createProcessor({ format: 'mdx', jsxImportSource: 'react', development: false, remarkPlugins: remarkPlugins(min, max, user, withUrlLiterals), rehypePlugins: rehypePlugins(user) });
      processors.set(key, processor);
    }
    return processor;
  };
  /**
   * For plain Markdown compiled to HTML only, without the config's plugins: MDX's processor's transforms up to the HTML
   * tree, as `processorFor`'s, without what they do for MDX alone. MDX's first transform (remark-mark-and-unravel) looks
   * for JSX and expressions the fast parse never makes, and its last ones (rehype-recma to recma-stringify) turn the
   * emptied tree into a module nobody reads: 0.2-0.3 s of each compile worker's time on the 1000-page corpus.
   */
  const htmlProcessors = new Map<string, ReturnType<typeof htmlProcessorOf>>();
  const htmlProcessorOf = (min: number, max: number) => unified().use([...remarkPlugins(min, max, undefined, false), [remarkRehype, { allowDangerousHtml: true, passThrough: MDX_NODE_TYPES }], ...rehypePlugins(undefined)]);
  const htmlProcessorFor = (min: number, max: number) => {
    const key = `${min}-${max}`;
    let processor = htmlProcessors.get(key);
    if (!processor) htmlProcessors.set(key, (processor = htmlProcessorOf(min, max)));
    return processor;
  };

  return async (input) => {
    const min = input.tocLevels?.min ?? options.minHeadingLevel;
    const max = input.tocLevels?.max ?? options.maxHeadingLevel;
    const value = preprocessMarkdown(input.source);
    const newFile = () => {
      const file = new VFile({ path: input.absolutePath, value });
      if (input.htmlOnly) file.data.htmlOnly = true;
      if (input.knownCodeBlocks?.length) file.data.knownCodeBlocks = new Map(input.knownCodeBlocks.map((block) => [block.key, block]));
      return file;
    };
    let file = newFile();
    try {
      const user = await options.userPlugins?.(input.absolutePath);
      // Plain Markdown is parsed by the fast path (fast-parse/README.md), to the tree micromark would give, unless
      // the config's plugins add syntax to the parser.
      const processor = processorFor(min, max, user, false);
      const plain = takesPlainParse(processor, () => processorFor(min, max, undefined, false));
      if (plain && input.htmlOnly && !user) {
        const tree = parsePlainMarkdown(value);
        if (tree) {
          // Its code blocks, when highlighted in another thread, are filled in once the HTML is written (plugins/code-blocks).
          file.data.deferCodeBlocks = true;
          await htmlProcessorFor(min, max).run(tree, file);
          if (file.data.staticHtml !== undefined) {
            file.data.staticHtml = await fillCodeBlocks(file, file.data.staticHtml);
            return compiledResult(file, options);
          }
          // HTML that react-html.ts does not write: the file gets its module after all, from MDX's whole processor
          // (its blocks, once answered, are remembered by this thread: they are not highlighted twice).
          await settleCodeBlocks(file);
          file = newFile();
        }
      }
      const tree = plain ? parsePlainMarkdown(value) : undefined;
      if (tree) {
        // What `process` does after its parse. (@mdx-js/mdx types the transformers' input as its last tree, estree;
        // they start from the parser's mdast.)
        file.value = processor.stringify(await processor.run(tree as unknown as Program, file), file) as string;
        return compiledResult(file, options);
      }
      // Most pages have no URL literal: they parse faster without the tokenizer's (plugins/gfm explains).
      const withUrlLiterals = mayHoldUrlLiterals(value);
      try {
        await processorFor(min, max, user, withUrlLiterals).process(file);
      } catch (error) {
        if (withUrlLiterals || !(error instanceof UrlLiteralsFound)) throw error;
        file = newFile();
        await processorFor(min, max, user, true).process(file);
      }
    } catch (error) {
      throw toDocsiteError(error, input.file);
    }
    return compiledResult(file, options);
  };
}

/** Whether the fast parse stands for this processor's, decided once per processor. */
const plainParse = new WeakMap<MdxProcessor, boolean>();

/**
 * Whether the processor parses as one without the config's plugins (`standard`): its plugins add no micromark or mdast
 * extension, so the fast path's tree is its parser's.
 */
function takesPlainParse(processor: MdxProcessor, standard: () => MdxProcessor): boolean {
  let takes = plainParse.get(processor);
  if (takes === undefined) plainParse.set(processor, (takes = syntaxOf(processor) === syntaxOf(standard())));
  return takes;
}

/** What a processor's plugins add to the parser: micromark's syntax extensions and mdast's, counted. */
function syntaxOf(processor: MdxProcessor): number {
  const data = processor.freeze().data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  return (data.micromarkExtensions?.length ?? 0) + (data.fromMarkdownExtensions?.length ?? 0);
}

/** The compile's result, from the processed file. */
function compiledResult(file: VFile, options: MarkdownOptions): CompileOutput {
  const common = {
    toc: file.data.toc ?? [],
    headingIds: file.data.headingIds ?? [],
    links: file.data.links ?? [],
    sections: file.data.sections ?? [],
    ...(file.data.excerpt ? { excerpt: file.data.excerpt } : {}),
    ...(file.data.mermaidErrors?.length ? { diagramErrors: file.data.mermaidErrors } : {}),
    ...(file.data.codeBlocks?.length ? { codeBlocks: file.data.codeBlocks } : {}),
  };
  if (file.data.staticHtml !== undefined) return { ...common, staticContent: true, html: file.data.staticHtml };
  const compiledCode = String(file.value);
  const hasMath = !!options.mathStylesheet && hasKatexOutput(compiledCode);
  const code = withTocExport(hoistAssetRequires(hasMath ? `import ${JSON.stringify(options.mathStylesheet)};\n${compiledCode}` : compiledCode), file.data.usesToc ? file.data.headings : undefined);
  const partials = markdownImportsOf(code);
  const globalComponents = globalComponentsOf(code);
  const staticContent = isStaticContent(code);
  const html = staticContent ? staticHtmlOf(code) : undefined;
  return {
    code,
    ...common,
    ...(partials.length ? { partials } : {}),
    ...(staticContent ? { staticContent: true as const } : {}),
    ...(html !== undefined ? { html } : {}),
    ...(globalComponents.length ? { globalComponents } : {}),
  };
}

/**
 * For a file compiled `htmlOnly`: when its tree is static content whose React rendering react-html.ts writes, the
 * HTML goes on `file.data.staticHtml` and the tree is emptied, so MDX's code generation has nothing left to do. On
 * a site with maths, content with KaTeX's output keeps its module (it imports KaTeX's stylesheet).
 */
function rehypeStaticHtml(options: { math: boolean }) {
  return (tree: HastRoot, file: VFile) => {
    if (!file.data.htmlOnly) return;
    const html = reactHtmlOf(tree);
    if (html === undefined || (options.math && /class="katex(?:-display|-error)?["\s]/.test(html))) return;
    file.data.staticHtml = html;
    tree.children = [];
  };
}

/** rehype-katex's output: the compiled JSX has an element of class `katex` (or `katex-display`, `katex-error`). */
function hasKatexOutput(code: string): boolean {
  return /className: "katex(?:-display|-error)?"/.test(code);
}

function toDocsiteError(error: unknown, file: string): DocsiteError {
  const message = error as { reason?: string; message?: string; line?: number; column?: number; place?: { line?: number; column?: number; start?: { line: number; column: number } } };
  const place = message.place && 'start' in message.place ? message.place.start : message.place;
  let reason = (message.reason ?? message.message ?? String(error)).split('\n')[0]!;
  // Some micromark errors carry their position only in the text: "... (5:1-5:6)".
  const inText = /\s*\((\d+):(\d+)(?:-\d+:\d+)?\)$/.exec(reason);
  if (inText) reason = reason.slice(0, inText.index);
  const line = message.line ?? place?.line ?? (inText ? Number(inText[1]) : undefined);
  const column = message.column ?? place?.column ?? (inText ? Number(inText[2]) : undefined);
  // docsite's own plugins report problems that are not MDX syntax (a missing image): no "invalid MDX" for them.
  const prefix = (error as { source?: string }).source === 'docsite' ? '' : 'invalid MDX: ';
  return new DocsiteError(`${prefix}${reason}`, { file, ...(line ? { line } : {}), ...(column ? { column } : {}) }, { cause: error });
}

/**
 * Docusaurus gives every MDX file a `toc` export (its headings below the title) that the page's own JSX can
 * use: `<TOCInline toc={toc} />`. docsite adds it only to a file that names `toc` without declaring it, so
 * other pages do not carry the list twice.
 */
export function withTocExport(code: string, headings: TocItem[] | undefined): string {
  return headings ? `${code}\nexport const toc = ${JSON.stringify(headings)};\n` : code;
}

/**
 * `require('./img/x.png').default` in JSX (webpack's idiom, common in Docusaurus pages) becomes an
 * import: in an ES module the bundler's require of a file gives the URL itself, not `{ default }`.
 */
export function hoistAssetRequires(code: string): string {
  if (!code.includes('require(')) return code;
  const imports: string[] = [];
  const names = new Map<string, string>();
  // Only where an expression starts (a property value, an argument): never inside a string, such as
  // inline code that shows the idiom.
  const body = code.replace(/(?<=[:,(=]\s*)require\(\s*(["'])([^"'\n]+)\1\s*\)\.default\b/g, (_match, _quote: string, path: string) => {
    let name = names.get(path);
    if (!name) {
      name = `__docsiteRequired${names.size}`;
      names.set(path, name);
      imports.push(`import ${name} from ${JSON.stringify(path)};`);
    }
    return name;
  });
  return imports.length ? `${imports.join('\n')}\n${body}` : code;
}
