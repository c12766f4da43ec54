import type { HTMLAttributes } from 'react';

// `import Heading from '@theme/Heading'`: `<Heading as="h2" id="x">` renders that heading.
export default function Heading({ as: Tag = 'h2', ...props }: HTMLAttributes<HTMLHeadingElement> & { as?: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' }) {
  return <Tag {...props} />;
}
