// Checks a diagram's syntax in Node with mermaid's own parser (its `parse` mostly needs no DOM), so an invalid
// diagram is reported at build time, not first by a reader's browser. Mermaid takes about a second to
// load: it is imported on the first diagram only, so a site without diagrams never pays for it.

type MermaidParse = (text: string) => Promise<unknown>;

let parser: Promise<MermaidParse | undefined> | undefined;

/**
 * Outside a browser DOMPurify (which mermaid uses to clean labels) is a stub without `addHook` or `sanitize`, and
 * parsing any diagram with a label fails on it. Parsing here only checks syntax (its cleaned text is thrown away),
 * so the stub gets no-op hooks and an identity `sanitize`. Nothing else in the build uses DOMPurify.
 */
async function shimSanitizer(): Promise<void> {
  const purify = (await import('dompurify')).default as unknown as Record<string, unknown>;
  if (typeof purify.addHook === 'function') return;
  const none = () => undefined;
  Object.assign(purify, { addHook: none, removeHook: none, removeHooks: none, removeAllHooks: none, sanitize: (text: unknown) => String(text) });
}

function loadParser(): Promise<MermaidParse | undefined> {
  parser ??= shimSanitizer().then(() => import('mermaid')).then(
    (module) => {
      const mermaid = module.default;
      return (text: string) => mermaid.parse(text);
    },
    // Without the package the browser still reports the error in place; the build only loses the early check.
    () => undefined,
  );
  return parser;
}

/** The syntax error of a diagram, or undefined when it parses (or cannot be checked outside a browser). */
export async function mermaidSyntaxError(text: string): Promise<string | undefined> {
  const parse = await loadParser();
  if (!parse) return undefined;
  try {
    await parse(text);
    return undefined;
  } catch (error) {
    // Some diagrams' parsing touches browser APIs (sanitising labels needs DOMPurify with a window): such a
    // failure says nothing about the diagram, so it is left to the browser, which shows any real error in place.
    if (error instanceof TypeError || error instanceof ReferenceError) return undefined;
    const message = error instanceof Error ? error.message : String(error);
    return message.trim() || 'invalid diagram';
  }
}
