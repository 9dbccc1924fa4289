import type { HTMLAttributes, ReactNode } from 'react';
import styles from './Avatar.module.css';

/** The round picture placeholder of a user: the header's account menu (sm), the mobile menu, the profile (lg). */
export function Avatar({
  size,
  children,
  ...rest
}: { size?: 'sm' | 'lg'; children: ReactNode } & HTMLAttributes<HTMLSpanElement>) {
  return (
    <span className={size ? `${styles.avatar} ${styles[size]}` : styles.avatar} {...rest}>
      {children}
    </span>
  );
}
