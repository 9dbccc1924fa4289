import type { ReactNode } from 'react';
import styles from './wallet.module.css';

/** The numbered steps of the deposit and withdraw wizards (seed 001 §4: deposit steps 0–2, withdraw 0–1). */
export function Steps({ steps }: { steps: ReadonlyArray<{ title: string; body: ReactNode }> }) {
  return (
    <ol className={styles.steps}>
      {steps.map((step, index) => (
        <li key={step.title} className={styles.step}>
          <span className={styles.stepNumber}>{index + 1}</span>
          <div className={styles.stepBody}>
            <h3>{step.title}</h3>
            {step.body}
          </div>
        </li>
      ))}
    </ol>
  );
}
