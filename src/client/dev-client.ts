// The dev server's browser side (never part of a build): listens to the server's event stream,
// refreshes the page in place when its content changes, reloads (keeping the scroll position) when
// the theme or config changes, and shows build errors over the page until the next good save.

interface ErrorReport {
  message: string;
  where: string;
  frame?: string;
  details: string[];
}

const SCROLL_KEY = 'docsite:dev-scroll';
// This file is served at <base>__docsite/client/dev-client.js.
const base = new URL('../../', import.meta.url).pathname;

class ErrorOverlay extends HTMLElement {
  show(report: ErrorReport): void {
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${OVERLAY_CSS}</style><div class="backdrop"><section role="alertdialog" aria-modal="true" aria-labelledby="title"><header><h2 id="title">Build error</h2><button type="button" aria-label="Close">×</button></header><p class="where"></p><p class="message"></p><pre class="frame"></pre><ul class="details"></ul><footer>Fix the file and save: this page updates by itself. Press Esc to close.</footer></section></div>`;
    root.querySelector('.where')!.textContent = report.where;
    root.querySelector('.message')!.textContent = report.message;
    const frame = root.querySelector('.frame')!;
    if (report.frame) frame.textContent = report.frame;
    else frame.remove();
    const details = root.querySelector('.details')!;
    for (const detail of report.details) details.appendChild(document.createElement('li')).textContent = detail;
    root.querySelector('button')!.addEventListener('click', () => this.remove());
    root.querySelector('.backdrop')!.addEventListener('click', (event) => {
      if (event.target === event.currentTarget) this.remove();
    });
    root.querySelector('button')!.focus();
  }
}

const OVERLAY_CSS = `
.backdrop { position: fixed; inset: 0; z-index: 2147483647; background: rgba(0, 0, 0, 0.66); display: flex; align-items: flex-start; justify-content: center; padding: 6vh 16px; overflow: auto; }
section { box-sizing: border-box; width: min(960px, 100%); background: #1b1b1f; color: #e8e8ea; border-top: 6px solid #e5484d; border-radius: 8px; padding: 20px 24px; font: 14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; box-shadow: 0 16px 48px rgba(0, 0, 0, 0.5); }
header { display: flex; justify-content: space-between; align-items: center; }
h2 { margin: 0; color: #ff6369; font-size: 18px; }
button { background: none; border: 0; color: inherit; font-size: 24px; line-height: 1; cursor: pointer; padding: 4px 8px; border-radius: 4px; }
button:focus-visible { outline: 2px solid #8ab4f8; }
.where { margin: 12px 0 4px; color: #8ab4f8; font-weight: bold; }
.message { margin: 0 0 12px; white-space: pre-wrap; font-size: 16px; }
pre { margin: 0; padding: 12px 16px; background: #111113; border-radius: 6px; overflow: auto; color: #d0d0d4; }
ul { margin: 12px 0 0; padding-left: 20px; }
footer { margin-top: 16px; color: #a0a0a8; font-size: 13px; }
`;

customElements.define('docsite-error-overlay', ErrorOverlay);

function showError(report: ErrorReport): void {
  hideError();
  const overlay = document.createElement('docsite-error-overlay') as ErrorOverlay;
  document.body.appendChild(overlay);
  overlay.show(report);
}

function hideError(): void {
  document.querySelectorAll('docsite-error-overlay').forEach((overlay) => overlay.remove());
}

addEventListener('keydown', (event) => {
  if (event.key === 'Escape') hideError();
});

function reload(): void {
  sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ path: location.pathname, top: scrollY }));
  location.reload();
}

// After a reload this script asked for: back to where the reader was.
const saved = sessionStorage.getItem(SCROLL_KEY);
if (saved) {
  sessionStorage.removeItem(SCROLL_KEY);
  const { path, top } = JSON.parse(saved) as { path: string; top: number };
  if (path === location.pathname) {
    const restore = () => scrollTo(0, top);
    if (document.readyState === 'complete') restore();
    else addEventListener('load', restore, { once: true });
  }
}

let session: string | undefined;
const events = new EventSource(`${base}__docsite/events`);
events.addEventListener('hello', (event) => {
  // A restarted dev server is a new session: what this page shows may be stale.
  const id = (JSON.parse((event as MessageEvent<string>).data) as { session: string }).session;
  if (session && session !== id) reload();
  session = id;
});
events.addEventListener('update', (event) => {
  hideError();
  // The server's error page has no runtime to refresh: load the page again instead.
  if (document.documentElement.hasAttribute('data-dev-error')) return reload();
  const detail = JSON.parse((event as MessageEvent<string>).data) as { paths: string[]; chunks?: Record<string, string> };
  // The runtime (entry.tsx) refreshes the route on screen if it is among the changed ones.
  dispatchEvent(new CustomEvent('docsite:dev-update', { detail }));
});
events.addEventListener('reload', reload);
events.addEventListener('build-error', (event) => showError(JSON.parse((event as MessageEvent<string>).data) as ErrorReport));
events.addEventListener('build-ok', hideError);

export {};
