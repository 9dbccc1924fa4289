import { useId } from 'react';

const WIDTH = 320;

/**
 * A price line scaled to its own range (drawing coordinates only: nothing here is an amount). `area` fills under
 * the line (the hero chart); without it, a bare line (the markets sparklines). Nothing is drawn for fewer than two
 * points: no line is better than an invented one.
 */
export function LineChart({
  points,
  colour,
  height,
  area = false,
  className,
  label,
}: {
  points: readonly number[];
  colour: string;
  height: number;
  area?: boolean;
  className?: string;
  label?: string;
}) {
  const gradientId = useId();
  if (points.length < 2) return null;
  let low = Infinity;
  let high = -Infinity;
  for (const point of points) {
    if (point < low) low = point;
    if (point > high) high = point;
  }
  const span = high - low || 1;
  const pad = area ? 4 : 2;
  const xy = points.map((point, index) => {
    const x = (index / (points.length - 1)) * WIDTH;
    const y = pad + (1 - (point - low) / span) * (height - 2 * pad);
    return `${x.toFixed(1)} ${y.toFixed(1)}`;
  });
  const line = `M${xy.join(' L')}`;
  return (
    <svg
      className={className}
      viewBox={`0 0 ${WIDTH} ${height}`}
      preserveAspectRatio="none"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {area ? (
        <>
          <defs>
            <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor={colour} stopOpacity="0.35" />
              <stop offset="1" stopColor={colour} stopOpacity="0" />
            </linearGradient>
          </defs>
          <path d={`${line} L${WIDTH} ${height} L0 ${height} Z`} fill={`url(#${gradientId})`} />
        </>
      ) : null}
      <path d={line} fill="none" stroke={colour} strokeWidth={area ? 2 : 1.5} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
