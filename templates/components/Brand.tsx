import { useSite } from '../context/site';

/** The navbar's logo and title, a link to the home page. */
export function Brand() {
  const { navbar, baseUrl } = useSite();
  return (
    <a className="navbar-brand" href={baseUrl}>
      {navbar.logo && (
        <>
          <img className={`navbar-logo${navbar.logo.srcDark ? ' logo-light' : ''}`} src={navbar.logo.src} alt={navbar.logo.alt} width="32" height="32" />
          {navbar.logo.srcDark && <img className="navbar-logo logo-dark" src={navbar.logo.srcDark} alt={navbar.logo.alt} width="32" height="32" />}
        </>
      )}
      {navbar.title && <span className="navbar-title">{navbar.title}</span>}
    </a>
  );
}
