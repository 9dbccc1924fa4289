import { parseDecimal, toDecimalString } from '@tickline/money';
// CSV export of the history tables: values as the server sent them (no thousands separators), quoted when needed.

function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A server amount (a JSON number at most `scale` decimals) as its exact plain decimal text: no exponent, no grouping
 * ("1e-7" at 8 → "0.0000001", -1.5 at 6 → "-1.5"); integer minor units in between, so nothing is rounded.
 */
export function csvDecimal(value: number, scale: number): string {
  const units = parseDecimal(Math.abs(value), scale);
  const text = toDecimalString(units, scale);
  return value < 0 && units !== 0 ? `-${text}` : text;
}

/** A header line and one line per row, newline-terminated. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return `${[header, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\n')}\n`;
}

/** Saves `text` as a file the browser downloads. */
export function downloadCsv(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
