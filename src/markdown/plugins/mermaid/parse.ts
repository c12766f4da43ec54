// Checks a diagram's syntax in Node with mermaid's own parser (its `parse` needs no DOM), so an invalid
// diagram is reported at build time, not first by a reader's browser. Mermaid takes about a second to
// load: it is imported on the first diagram only, so a site without diagrams never pays for it.

type MermaidParse = (text: string) => Promise<unknown>;

let parser: Promise<MermaidParse | undefined> | undefined;

function loadParser(): Promise<MermaidParse | undefined> {
  parser ??= import('mermaid').then(
    (module) => {
      const mermaid = module.default;
      return (text: string) => mermaid.parse(text);
    },
    // Without the package the browser still reports the error in place; the build only loses the early check.
    () => undefined,
  );
  return parser;
}

/** The syntax error of a diagram, or undefined when it parses (or mermaid cannot be loaded here). */
export async function mermaidSyntaxError(text: string): Promise<string | undefined> {
  const parse = await loadParser();
  if (!parse) return undefined;
  try {
    await parse(text);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return message.trim() || 'invalid diagram';
  }
}
