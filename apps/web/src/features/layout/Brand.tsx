import { Link } from 'react-router-dom';
import { LogoMark } from '../../ui/icons.tsx';
import styles from './Brand.module.css';

/** The logo and name, a link home: in the header, the mobile menu and the footer. */
export function Brand({ label, logoSize, onClick }: { label?: string; logoSize?: number; onClick?: () => void }) {
  return (
    <Link to="/" className={styles.brand} aria-label={label} onClick={onClick}>
      <LogoMark size={logoSize} />
      <span className={styles.name}>Tickline</span>
    </Link>
  );
}
