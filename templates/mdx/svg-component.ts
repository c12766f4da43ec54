import { createElement, type SVGProps } from 'react';

// An SVG file imported from a page or component (`import Logo from './logo.svg'`), as Docusaurus's SVGR gives it:
// a component rendering the file's `<svg>` inline, the caller's props (className, role, width, style, …) over the
// root's own attributes, and `title` as the image's first child. The bundler turns the root's attributes into
// React props (src/bundle/svg-components.ts); the markup inside is the file's, unchanged.

type SvgComponentProps = SVGProps<SVGSVGElement> & { title?: string; titleId?: string };

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

export function svgComponent(name: string, attributes: Record<string, unknown>, markup: string) {
  function SvgComponent({ title, titleId, ...props }: SvgComponentProps) {
    const titleElement = title ? `<title${titleId ? ` id="${escapeText(titleId)}"` : ''}>${escapeText(title)}</title>` : '';
    return createElement('svg', { ...attributes, ...(titleId ? { 'aria-labelledby': titleId } : {}), ...props, dangerouslySetInnerHTML: { __html: titleElement + markup } });
  }
  SvgComponent.displayName = name;
  return SvgComponent;
}
