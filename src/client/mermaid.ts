import mermaid from 'mermaid';

// Draws the page's Mermaid diagrams (the `.mermaid-diagram` blocks the Markdown compile step writes) as SVG,
// in the colour mode on screen, and again when the reader switches it. Loaded by entry.tsx only when a page
// has a diagram, so other pages never download mermaid.

const DIAGRAM = '.mermaid-diagram:not(.mermaid-invalid)';
let sequence = 0;
let queue: Promise<void> = Promise.resolve();
let watching = false;

function currentTheme(): 'dark' | 'default' {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'default';
}

async function drawOne(block: HTMLElement, theme: string): Promise<void> {
  const source = block.querySelector<HTMLElement>('pre.mermaid-source');
  if (!source || block.dataset.mermaidTheme === theme) return;
  let target = block.querySelector<HTMLElement>('.mermaid-svg');
  try {
    // `strict`: labels are text, never HTML or script; mermaid sanitises its SVG before returning it.
    const { svg } = await mermaid.render(`mermaid-diagram-${++sequence}`, source.textContent ?? '');
    if (!target) {
      target = document.createElement('div');
      target.className = 'mermaid-svg';
      block.append(target);
    }
    target.innerHTML = svg;
    source.hidden = true;
    block.dataset.mermaidTheme = theme;
  } catch (error) {
    // The build reports syntax errors; anything mermaid still rejects here is shown in place of the drawing.
    target?.remove();
    source.hidden = false;
    block.classList.add('mermaid-invalid');
    const message = document.createElement('pre');
    message.className = 'mermaid-error';
    message.setAttribute('role', 'alert');
    message.textContent = `Mermaid error: ${error instanceof Error ? error.message : String(error)}`;
    block.append(message);
  }
}

/** Draws every diagram on the page not yet drawn in the current colour mode. */
export function renderDiagrams(): Promise<void> {
  watchColorMode();
  // One drawing at a time: mermaid keeps global configuration, and a mode switch during a drawing must wait for it.
  queue = queue.then(async () => {
    const theme = currentTheme();
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme });
    for (const block of document.querySelectorAll<HTMLElement>(DIAGRAM)) await drawOne(block, theme);
    document.documentElement.dataset.mermaidRendered = theme;
  });
  return queue;
}

function watchColorMode(): void {
  if (watching) return;
  watching = true;
  new MutationObserver(() => void renderDiagrams()).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
}
