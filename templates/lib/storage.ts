// The one way the theme reads and writes the reader's choices. Storage can be missing or throw
// (private windows, blocked cookies, sandboxed frames): then nothing persists, the page keeps
// working, and the console says so once.

export type StorageType = 'localStorage' | 'sessionStorage';

let storageType: StorageType = 'localStorage';
let warned = false;

/** Called once at start-up with the site's `siteStorage.type`. */
export function configureStorage(type: StorageType): void {
  storageType = type;
}

function backend(type: StorageType = storageType): Storage | undefined {
  try {
    if (typeof window === 'undefined') return undefined;
    const storage = window[type];
    if (!storage) throw new Error(`${type} is not available`);
    return storage;
  } catch (error) {
    warnOnce(error);
    return undefined;
  }
}

function warnOnce(error: unknown): void {
  if (warned) return;
  warned = true;
  console.warn(`docsite: browser storage (${storageType}) is unavailable, so your settings will not be remembered.`, error instanceof Error ? error.message : error);
}

export function readStorage(key: string): string | null {
  try {
    return backend()?.getItem(key) ?? null;
  } catch (error) {
    warnOnce(error);
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    backend()?.setItem(key, value);
  } catch (error) {
    warnOnce(error);
  }
}

/**
 * Secrets (the API reference's credentials) live in this tab's sessionStorage whatever `siteStorage.type` says: they
 * end with the tab. An empty value removes the key.
 */
export function readSessionSecret(key: string): string | null {
  try {
    return backend('sessionStorage')?.getItem(key) ?? null;
  } catch (error) {
    warnOnce(error);
    return null;
  }
}

export function writeSessionSecret(key: string, value: string): void {
  try {
    const storage = backend('sessionStorage');
    if (value) storage?.setItem(key, value);
    else storage?.removeItem(key);
  } catch (error) {
    warnOnce(error);
  }
}

/** Storage keys the theme uses (CONTRACT.md §4). */
export const STORAGE_KEYS = {
  theme: 'theme',
  announcementDismiss: 'docsite.announcement.dismiss',
  announcementId: 'docsite.announcement.id',
  preferredVersion: (pluginId: string) => `docs-preferred-version-${pluginId}`,
  /** sessionStorage only (readSessionSecret): the Try it panel's credential for one security scheme (and part: `user`, `password` of HTTP basic). */
  apiCredential: (schemeKey: string, part?: string) => `docsite.api.credential.${schemeKey}${part ? `.${part}` : ''}`,
} as const;
