import { preferredVersionKey } from '../../src/shared/versions';

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

function backend(): Storage | undefined {
  try {
    if (typeof window === 'undefined') return undefined;
    const storage = window[storageType];
    if (!storage) throw new Error(`${storageType} is not available`);
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
 * Storage keys the theme uses (CONTRACT.md §4). The API reference's Try it panel keeps its credentials in keys of
 * its own (components/api/try-it/credentials.ts): they are sessionStorage only, and that code loads with the panel.
 */
export const STORAGE_KEYS = {
  theme: 'theme',
  announcementDismiss: 'docsite.announcement.dismiss',
  announcementId: 'docsite.announcement.id',
  preferredVersion: preferredVersionKey,
} as const;
