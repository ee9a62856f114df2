import type { BrandConfig } from '@despensa/contracts';

const RECOMMENDED = [
  {
    name: 'Google Chrome',
    url: 'https://www.google.com/chrome/',
    benefit: 'Rápido y con actualizaciones automáticas de seguridad.',
  },
  {
    name: 'Mozilla Firefox',
    url: 'https://www.mozilla.org/firefox/',
    benefit: 'Protege tu privacidad y bloquea rastreadores.',
  },
  {
    name: 'Microsoft Edge',
    url: 'https://www.microsoft.com/edge',
    benefit: 'Viene con Windows y ahorra batería.',
  },
  {
    name: 'Safari',
    url: 'https://www.apple.com/safari/',
    benefit: 'El navegador de tu Mac, iPhone o iPad, siempre al día.',
  },
];

/**
 * §2 application start: browsers below the §5 minimum get this page instead of the site. It is plain HTML
 * with no script, so it works on the oldest browser.
 */
export function OutdatedBrowserPage({ brand }: { brand: BrandConfig }) {
  return (
    <main className="status-page outdated-browser">
      <div className="status-page__card">
        <img src={brand.logoUrl} alt={brand.name} width={160} height={40} />
        <h1 className="status-page__title">Tu navegador está desactualizado</h1>
        <p className="status-page__text">
          Para comprar en {brand.name} de forma segura necesitas un navegador más reciente. Te recomendamos:
        </p>
        <ul className="outdated-browser__list">
          {RECOMMENDED.map((browser) => (
            <li key={browser.name}>
              <a href={browser.url}>{browser.name}</a>
              <span>{browser.benefit}</span>
            </li>
          ))}
        </ul>
        <p className="status-page__hint">
          Con un navegador actualizado tu compra es más rápida, tus datos están más protegidos y puedes usar
          todas las funciones de la tienda.
        </p>
      </div>
    </main>
  );
}
