import type { DetailsHTMLAttributes, ReactNode } from 'react';

// `<Details summary="…">`: a collapsible section, like a `<details>` written in Markdown.
export default function Details({ summary, children, ...rest }: DetailsHTMLAttributes<HTMLDetailsElement> & { summary?: ReactNode }) {
  return (
    <details className="details" {...rest}>
      {summary !== undefined && <summary>{summary}</summary>}
      {children}
    </details>
  );
}
