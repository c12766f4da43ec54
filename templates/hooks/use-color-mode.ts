import { useCallback, useEffect, useState } from 'react';
import { useSite } from '../context/site';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';

export type ColorMode = 'light' | 'dark';

function currentMode(): ColorMode {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/**
 * The colour mode the inline head script chose before first paint, and a setter that persists the
 * reader's choice. With `respectPrefersColorScheme` and no stored choice, it follows the system live.
 */
export function useColorMode(): { mode: ColorMode | undefined; setMode: (mode: ColorMode) => void } {
  const { colorMode } = useSite();
  const [mode, setModeState] = useState<ColorMode | undefined>(undefined);

  useEffect(() => {
    setModeState(currentMode());
    if (!colorMode.respectPrefersColorScheme) return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = () => {
      const stored = readStorage(STORAGE_KEYS.theme);
      if (stored === 'dark' || stored === 'light') return;
      const next: ColorMode = query.matches ? 'dark' : 'light';
      document.documentElement.dataset.theme = next;
      setModeState(next);
    };
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [colorMode.respectPrefersColorScheme]);

  const setMode = useCallback((next: ColorMode) => {
    document.documentElement.dataset.theme = next;
    writeStorage(STORAGE_KEYS.theme, next);
    setModeState(next);
  }, []);

  return { mode, setMode };
}
