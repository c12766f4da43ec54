import { lazy, Suspense } from 'react';
import type { ApiOperationPageData } from '../../../src/shared/api';

// The panel is code a reader needs only once they ask for it: a chunk of its own, fetched on the first
// click of "Try it" (the operation page's first load carries the button only).
const TryItPanel = lazy(() => import('./try-it/TryItPanel').then((module) => ({ default: module.TryItPanel })));

const TRY_IT_ID = 'try-it';
const BUTTON_ID = 'try-it-button';

export function TryItButton({ open, onToggle }: { open: boolean; onToggle(): void }) {
  return (
    <button type="button" id={BUTTON_ID} className="button api-try-button" aria-expanded={open} aria-controls={open ? TRY_IT_ID : undefined} onClick={onToggle}>
      Try it
    </button>
  );
}

export function TryItSection({ data, onClose }: { data: ApiOperationPageData; onClose(): void }) {
  // Closing hands focus back to the button that opened the panel.
  const close = () => {
    onClose();
    document.getElementById(BUTTON_ID)?.focus();
  };
  return (
    <Suspense fallback={<p className="api-try-loading">Loading…</p>}>
      <TryItPanel key={data.permalink} id={TRY_IT_ID} data={data} onClose={close} />
    </Suspense>
  );
}
