import type { ImgHTMLAttributes } from 'react';

// `<IdealImage img={require('./x.png')} />` (plugin-ideal-image): a plain, lazily loaded image.
type ImageSource = string | { default?: string; src?: { src?: string } | string; path?: string };

function sourceOf(img: ImageSource): string | undefined {
  if (typeof img === 'string') return img;
  if (typeof img.src === 'string') return img.src;
  return img.src?.src ?? img.default ?? img.path;
}

export default function IdealImage({ img, alt, ...rest }: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { img: ImageSource }) {
  return <img loading="lazy" {...rest} alt={alt ?? ''} src={sourceOf(img)} className={['ideal-image', rest.className].filter(Boolean).join(' ')} />;
}
