import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** A QR code drawn here as SVG (no image service): the dark modules as one path, a quiet zone of 4 around them. */
export function QrCode({ text, size = 168, label }: { text: string; size?: number; label: string }) {
  const { count, path } = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(text);
    code.make();
    const modules = code.getModuleCount();
    let d = '';
    for (let row = 0; row < modules; row += 1)
      for (let col = 0; col < modules; col += 1) if (code.isDark(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
    return { count: modules + 8, path: d };
  }, [text]);
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      role="img"
      aria-label={label}
      data-testid="deposit-qr"
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" shapeRendering="crispEdges" />
    </svg>
  );
}
