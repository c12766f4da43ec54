import { Fragment, type ReactNode } from 'react';

// `interpolate('Hello {name}', { name })` and `<Interpolate values={…}>Hello {name}</Interpolate>`: placeholders
// replaced by values, which may be elements (then the result is a list of nodes).
export function interpolate(text: string, values?: Record<string, ReactNode>): ReactNode {
  if (!values) return text;
  const parts = text.split(/(\{\w+\})/g).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return name !== undefined && name in values ? values[name] : part;
  });
  if (parts.every((part) => typeof part === 'string' || typeof part === 'number')) return parts.join('');
  return parts.map((part, index) => <Fragment key={index}>{part}</Fragment>);
}

export default function Interpolate({ children, values }: { children?: ReactNode; values?: Record<string, ReactNode> }) {
  return <>{typeof children === 'string' ? interpolate(children, values) : children}</>;
}
