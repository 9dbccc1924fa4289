import { Component, Suspense, lazy, useState } from 'react';
import type { ComponentType, ErrorInfo, LazyExoticComponent, ReactNode } from 'react';
import { useT } from '../i18n/I18nProvider.tsx';
import styles from './lazyPage.module.css';

/** Seeds §1/§9: lazy-loaded screen parts give up after 120 seconds. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  override readonly name = 'ChunkTimeoutError';
}

export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError(`not loaded after ${timeoutMs} ms`)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

type PageModule = { default: ComponentType };

export function PageLoading() {
  const t = useT();
  return (
    <div className={styles.loading} role="status" data-testid="page-loading" aria-label={t('common.loading')}>
      <span className="spinner" />
    </div>
  );
}

function LoadFailed({ timedOut, onRetry }: { timedOut: boolean; onRetry(): void }) {
  const t = useT();
  return (
    <div className="container section">
      <div className={`${styles.failed} card`} role="alert">
        <h1 className={styles.failedTitle}>{t(timedOut ? 'chunk.timeoutTitle' : 'chunk.failedTitle')}</h1>
        <p className="muted">{t('chunk.failedBody')}</p>
        <div className={styles.failedActions}>
          <button type="button" className="btn btn--primary" onClick={onRetry}>
            {t('chunk.retry')}
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => window.location.reload()}>
            {t('chunk.reload')}
          </button>
        </div>
      </div>
    </div>
  );
}

interface BoundaryProps {
  onRetry(): void;
  children: ReactNode;
}

class ChunkErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('page failed to load', error, info.componentStack);
  }

  private readonly retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    if (this.state.error)
      return <LoadFailed timedOut={this.state.error instanceof ChunkTimeoutError} onRetry={this.retry} />;
    return this.props.children;
  }
}

/**
 * A route-level code-split page: loads its chunk on first render, gives up after CHUNK_LOAD_TIMEOUT_MS and then
 * offers a retry (a fresh import attempt) or a full reload.
 */
export function lazyPage(load: () => Promise<PageModule>): ComponentType {
  const createLazy = (): LazyExoticComponent<ComponentType> => lazy(() => withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS));
  let Current = createLazy();

  function LazyPage() {
    const [, setAttempt] = useState(0);
    const retry = () => {
      Current = createLazy();
      setAttempt((attempt) => attempt + 1);
    };
    return (
      <ChunkErrorBoundary onRetry={retry}>
        <Suspense fallback={<PageLoading />}>
          <Current />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  return LazyPage;
}
