import { useEffect, useState, useSyncExternalStore } from 'react';
import site from 'docsite:site';
import { MERMAID_RENDERER } from '../../../src/shared/mermaid';
import './Mermaid.css';

// `@theme/Mermaid` (Docusaurus' name and prop): a valid ```mermaid fence of a page, as the Markdown compile step
// writes it (src/markdown/plugins/mermaid). The server HTML holds the diagram's source as text; in the browser the
// component loads mermaid's prebuilt renderer (src/shared/mermaid.ts says where it lives and why it is not
// bundled) and draws the SVG in the colour mode on screen, again whenever the reader switches it. Only pages with
// a diagram have this component in their chunk, so no other page downloads any diagram code.

interface MermaidApi {
  initialize(config: Record<string, unknown>): void;
  render(id: string, text: string): Promise<{ svg: string }>;
}

type ColorMode = 'light' | 'dark';
type Drawing = { svg: string; mode: ColorMode } | { error: string };

let renderer: Promise<MermaidApi> | undefined;
/** One drawing at a time: mermaid's configuration (the theme) is global to the page. */
let queue: Promise<unknown> = Promise.resolve();
let sequence = 0;

function loadRenderer(baseUrl: string): Promise<MermaidApi> {
  if (!renderer) {
    // A URL known only at run time: the bundler leaves this import to the browser.
    const url = baseUrl + MERMAID_RENDERER;
    const loading = import(url).then((module: { default: MermaidApi }) => module.default);
    // A failed download (offline, a new deployment) is tried again by the next diagram, not remembered.
    loading.catch(() => renderer === loading && (renderer = undefined));
    renderer = loading;
  }
  return renderer;
}

function draw(baseUrl: string, text: string, mode: ColorMode): Promise<string> {
  const drawing = queue.then(async () => {
    const mermaid = await loadRenderer(baseUrl);
    // `strict`: labels are text, never HTML or script. Errors are shown by this component, not drawn by mermaid.
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', suppressErrorRendering: true, theme: mode === 'dark' ? 'dark' : 'default' });
    const { svg } = await mermaid.render(`mermaid-diagram-${++sequence}`, text);
    return svg;
  });
  queue = drawing.catch(() => undefined);
  return drawing;
}

// The colour mode is the `data-theme` attribute of <html>, which the head script sets before first paint and the
// navbar's switch changes: watched directly, as the switch is not a React ancestor of the page's content.
function watchColorMode(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
const modeOnScreen = (): ColorMode => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');
const noModeOnServer = (): ColorMode | undefined => undefined;

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // A renderer that could not be downloaded says so in the reader's terms.
  return /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(message) ? 'the diagram renderer could not be loaded' : message;
}

export default function Mermaid({ value }: { value: string }) {
  // The site module, not the site context: a feed renders a post's body outside any page, where it shows the source.
  const { baseUrl } = site;
  const mode = useSyncExternalStore(watchColorMode, modeOnScreen, noModeOnServer);
  const [drawing, setDrawing] = useState<Drawing>();

  useEffect(() => {
    if (!mode) return;
    let current = true;
    draw(baseUrl, value, mode).then(
      (svg) => current && setDrawing({ svg, mode }),
      (error: unknown) => current && setDrawing({ error: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [baseUrl, value, mode]);

  if (drawing && 'svg' in drawing) {
    // The drawing of the previous mode stays until the new one is ready: no flash of source text.
    return (
      <div className="mermaid-diagram" data-mermaid-mode={drawing.mode}>
        <div className="mermaid-svg" dangerouslySetInnerHTML={{ __html: drawing.svg }} />
      </div>
    );
  }
  return (
    <div className={drawing ? 'mermaid-diagram mermaid-invalid' : 'mermaid-diagram'}>
      <pre className="mermaid-source">{value}</pre>
      {drawing ? <pre className="mermaid-error" role="alert">{`Mermaid error: ${drawing.error}`}</pre> : null}
    </div>
  );
}
