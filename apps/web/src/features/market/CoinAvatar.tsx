import { useState } from 'react';
import market from './market.module.css';

/** Only our own server's images or inline data: URIs are loaded; never a third-party address. */
export function isOwnImage(src: string | undefined | null): src is string {
  if (!src) return false;
  if (src.startsWith('data:image/')) return true;
  if (src.startsWith('/') && !src.startsWith('//')) return true;
  try {
    return new URL(src).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Brand-like colours for the home symbols; other coins get a hue from their first letter. */
const KNOWN_COLOURS: Record<string, string> = {
  BTC: '#f7931a',
  ETH: '#627eea',
  BNB: '#d9a30f',
  SOL: '#8a4bf0',
  XRP: '#4a5563',
  DOGE: '#b8982a',
  SHIB: '#d9480f',
  BCH: '#0ab07f',
};
const AVATAR_HUES = [36, 200, 280, 150, 10, 320, 90, 240];

/**
 * Coin image when it is ours (a shipped logo from /coin-icons or an inline badge); otherwise, or when it fails to
 * load, a coloured initial, so a row never shows a broken picture. Loaded eagerly: the logos are small and cached
 * for good, and lazily the rows below the first screen showed an empty circle until scrolled to.
 */
export function CoinAvatar({ symbol, image, size = 28 }: { symbol: string; image?: string | null; size?: number }) {
  // A logo that fails to load (an old address, the server gone) falls back to the letter too.
  const [failed, setFailed] = useState<string | null>(null);
  if (isOwnImage(image) && failed !== image)
    return (
      <img
        className={market.avatar}
        data-testid="coin-logo"
        src={image}
        alt=""
        width={size}
        height={size}
        decoding="async"
        onError={() => setFailed(image)}
      />
    );
  const key = symbol.toUpperCase();
  const hue = AVATAR_HUES[(key.charCodeAt(0) || 0) % AVATAR_HUES.length];
  return (
    <span
      className={`${market.avatar} ${market.letter}`}
      data-testid="coin-logo"
      style={{ width: size, height: size, background: KNOWN_COLOURS[key] ?? `hsl(${hue} 55% 32%)` }}
      aria-hidden="true"
    >
      {symbol.slice(0, 1).toUpperCase()}
    </span>
  );
}
