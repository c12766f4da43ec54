import type { SiteData } from '../../src/shared/types';

export function Footer({ site }: { site: SiteData }) {
  const { footer } = site;
  return (
    <footer className={`footer footer-${footer.style}`}>
      <div className="container footer-columns">
        {footer.columns.map((column) => (
          <div className="footer-column" key={column.title}>
            <h2 className="footer-title">{column.title}</h2>
            <ul>
              {column.items.map((item) => (
                <li key={item.label}>
                  <a href={item.href} {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      {footer.copyright && <div className="container footer-copyright">{footer.copyright}</div>}
    </footer>
  );
}
