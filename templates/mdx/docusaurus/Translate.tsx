import type { ReactNode } from 'react';
import { interpolate } from './Interpolate';

// `<Translate id="…" values={…}>Text</Translate>` and `translate({ message }, values)`: docsite builds the
// default locale, so the text is the message as written, placeholders filled in.
export function translate({ message, id }: { message?: string; id?: string; description?: string }, values?: Record<string, string | number>): string {
  const text = message ?? id ?? '';
  return values ? String(interpolate(text, values)) : text;
}

export default function Translate({ children, values }: { children?: ReactNode; id?: string; description?: string; values?: Record<string, ReactNode> }) {
  return <>{typeof children === 'string' ? interpolate(children, values) : children}</>;
}
