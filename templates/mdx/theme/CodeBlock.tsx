import { Children, type ReactNode } from 'react';

// `<CodeBlock language="js" title="x.js">{code}</CodeBlock>`. When the code is written in the page
// (or imported raw), the Markdown compiler turns the element into a highlighted code block at build
// time; this component renders the rest: code only known at run time, shown plain.
export default function CodeBlock({ children, title, language, showLineNumbers }: { children?: ReactNode; title?: string; language?: string; showLineNumbers?: boolean; className?: string }) {
  const code = Children.toArray(children)
    .map((child) => (typeof child === 'string' || typeof child === 'number' ? String(child) : ''))
    .join('')
    .replace(/\n$/, '');
  return (
    <div className={`code-block${language ? ` language-${language}` : ''}`}>
      {title && <div className="code-block-title">{title}</div>}
      <div className="code-block-body">
        <pre className={showLineNumbers ? 'line-numbers' : undefined}>
          <code>{code}</code>
        </pre>
      </div>
    </div>
  );
}
