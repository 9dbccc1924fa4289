// CSV export of the partner tables, built in the browser from the server's pages (RFC 4180 quoting).

/** A cell quoted when it holds a comma, quote or line break; a leading =, +, - or @ is defused for spreadsheets. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * Every page of a paged list, one after another until the server says there is no next page (a hard stop at
 * `maxPages` guards against a server that never says so).
 */
export async function collectPages<Row>(
  fetchPage: (page: number) => Promise<{ rows: Row[]; hasNext: boolean }>,
  maxPages = 1000,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; page <= maxPages; page += 1) {
    const answer = await fetchPage(page);
    rows.push(...answer.rows);
    if (!answer.hasNext) break;
  }
  return rows;
}

/** Offers the text as a file download (UTF-8 with a BOM so spreadsheet programs read Korean names correctly). */
export function downloadCsv(fileName: string, text: string): void {
  const blob = new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
