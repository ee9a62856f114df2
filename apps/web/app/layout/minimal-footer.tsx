/** The copyright-only footer of /cupones (§2). */
export function MinimalFooter({ copyright }: { copyright: string }) {
  return (
    <footer className="site-footer site-footer--minimal">
      <div className="container">
        <p className="site-footer__copyright">{copyright}</p>
      </div>
    </footer>
  );
}
