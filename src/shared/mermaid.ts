// Where a site serves mermaid's own browser build, which draws ```mermaid diagrams (templates/mdx/theme/Mermaid.tsx).
// docsite never bundles mermaid (3 MB that esbuild would process at every build and dev start): the package's
// prebuilt ESM files are copied as they are, and only into a site that has a diagram (src/emit/mermaid-renderer.ts).
// The folder carries the version because everything under /assets/ is cached for a year; package.json pins mermaid
// to exactly this version, and a unit test checks the two agree.

export const MERMAID_VERSION = '11.17.2';

/** The folder under the output, without a leading slash (it goes after the base URL). */
export const MERMAID_RENDERER_DIR = `assets/mermaid-${MERMAID_VERSION}`;

/** The module the browser imports; it imports its chunks relative to itself. */
export const MERMAID_RENDERER = `${MERMAID_RENDERER_DIR}/mermaid.esm.min.mjs`;
