// A page chunk that cannot load (a deploy replaced the assets, the network dropped) gets one full
// page load; if the chunk still fails after it, the reader sees why and can retry.

const FLAG = 'docsite.chunk-reload';

function session(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** True once a reload for this path was already tried. */
function alreadyReloaded(path: string): boolean {
  try {
    return session()?.getItem(FLAG) === path;
  } catch {
    return true; // without storage we cannot tell, and must not loop
  }
}

/** Loads `href` as a full page, remembering that this path had its one reload. */
export function reloadOnce(path: string, href: string): boolean {
  const storage = session();
  if (!storage || alreadyReloaded(path)) return false;
  try {
    storage.setItem(FLAG, path);
  } catch {
    return false;
  }
  if (href === location.href) location.reload();
  else location.assign(href);
  return true;
}

export function clearReloadFlag(): void {
  try {
    session()?.removeItem(FLAG);
  } catch {
    // nothing to clear
  }
}

/** The error panel: what failed, and a Retry button that reloads the page. */
export function showChunkError(error: unknown): void {
  document.getElementById('__docsite-chunk-error')?.remove();
  const panel = document.createElement('div');
  panel.id = '__docsite-chunk-error';
  panel.className = 'chunk-error';
  panel.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = error instanceof Error ? error.message : String(error);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button-primary';
  button.textContent = 'Retry';
  // The reload flag stays set, so a chunk that still fails shows this panel again instead of looping.
  button.addEventListener('click', () => location.reload());
  panel.append(text, button);
  document.body.appendChild(panel);
}
