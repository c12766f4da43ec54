import { useCallback, useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';

// The docs version a reader picked in a plugin's version menu, kept in the site's storage: the navbar's docs
// links and search follow it on pages outside the docs. Every reader of it hears of a change at once.

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The preferred version's name, or null: none picked yet, or on the server (where no reader is). */
export function usePreferredVersion(pluginId: string): [string | null, (name: string) => void] {
  const key = STORAGE_KEYS.preferredVersion(pluginId);
  const name = useSyncExternalStore(
    subscribe,
    () => readStorage(key),
    () => null,
  );
  const save = useCallback(
    (next: string) => {
      writeStorage(key, next);
      for (const listener of listeners) listener();
    },
    [key],
  );
  return [name, save];
}
