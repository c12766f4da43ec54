import { useColorMode } from '../hooks/use-color-mode';
import { useThemeString } from '../context/site';

const LABEL = 'Switch between dark and light mode';

/**
 * The colour-mode switch. Both icons are rendered and CSS shows the one for the current
 * `data-theme`, so the server HTML never disagrees with the mode the inline script chose.
 */
export function ColorModeToggle() {
  const { mode, setMode } = useColorMode();
  const label = useThemeString()(LABEL);
  const toggle = () => setMode(document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark');
  return (
    <button type="button" className="navbar-icon-button color-mode-toggle" onClick={toggle} aria-label={mode ? (label === LABEL ? `${LABEL} (currently ${mode} mode)` : `${label} (${mode})`) : label} title={label}>
      <svg className="icon-sun" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d="M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6Zm0-2a5 5 0 1 1 0 10 5 5 0 0 1 0-10ZM11 1h2v3h-2V1Zm0 19h2v3h-2v-3ZM3.5 4.9l1.4-1.4 2.1 2.1-1.4 1.4-2.1-2.1Zm13 13 1.4-1.4 2.1 2.1-1.4 1.4-2.1-2.1ZM20 11h3v2h-3v-2ZM1 11h3v2H1v-2Zm16.5-5.4 2.1-2.1 1.4 1.4-2.1 2.1-1.4-1.4Zm-13 13 2.1-2.1 1.4 1.4-2.1 2.1-1.4-1.4Z" />
      </svg>
      <svg className="icon-moon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d="M9.4 3.2A8 8 0 0 0 20.8 14.6 9 9 0 1 1 9.4 3.2Z" />
      </svg>
    </button>
  );
}
