import type { ReactNode } from 'react';
import { ADMONITION_TITLES } from '../../../src/shared/admonitions';

// `<Admonition type="tip" title="…">`: the same box a `:::tip` fence gives.
export default function Admonition({ type = 'note', title, children }: { type?: string; title?: ReactNode; icon?: ReactNode; children?: ReactNode }) {
  const kind = type === 'caution' ? 'warning' : type === 'important' ? 'info' : type === 'secondary' || type === 'success' ? 'tip' : type;
  return (
    <div className={`admonition admonition-${kind}`}>
      <div className="admonition-heading">{title ?? ADMONITION_TITLES[type] ?? ADMONITION_TITLES[kind] ?? 'Note'}</div>
      <div className="admonition-content">{children}</div>
    </div>
  );
}
