import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import styles from './SiteLayout.module.css';

/** Header, the routed screen and footer; a new route starts at the top of the page. */
export function SiteLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className={styles.site}>
      <Header />
      <main className={styles.main} id="main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
