import type { ImgHTMLAttributes } from 'react';
import '../docusaurus-compat.css';

// `<ThemedImage sources={{ light, dark }} alt="…" />`: both images in the HTML, the one of the other colour mode
// hidden by CSS (docusaurus-compat.css), so the server HTML is right before any script runs.
export default function ThemedImage({ sources, className, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { sources: { light: string; dark: string } }) {
  return (
    <>
      <img {...rest} src={sources.light} className={['themed-image', 'themed-image-light', className].filter(Boolean).join(' ')} />
      <img {...rest} src={sources.dark} className={['themed-image', 'themed-image-dark', className].filter(Boolean).join(' ')} />
    </>
  );
}
