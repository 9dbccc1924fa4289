import { from as copyFrom } from 'pg-copy-streams';
import type { PoolClient } from '../pool.ts';

// COPY's binary format: an 11-byte signature, a flags word and a header-extension length, then each row as a field
// count and (length, bytes) per field, then -1 as the trailer.
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const TWO_TO_32 = 4_294_967_296;

/**
 * Renders rows in COPY's binary format, a field at a time in the column's exact width (`int8` for bigint, `int4`
 * for integer, `int2` for smallint). Against the text format it saves both sides the work of numbers as decimal text:
 * Node building and encoding one long string, PostgreSQL splitting and parsing it back. Each store writes its
 * columns with direct calls (one shape per call site, so V8 inlines them). A value that does not fit its column
 * type is a bug, refused here rather than sent; a wrong width PostgreSQL refuses.
 */
export class BinaryCopyWriter {
  private buffer: Buffer;
  private offset = 0;
  private fieldsInRow = 0;
  private rowStart = -1;

  constructor(
    private readonly columns: number,
    expectedRows: number,
  ) {
    this.buffer = Buffer.allocUnsafe(SIGNATURE.length + 8 + expectedRows * (2 + columns * 12) + 2);
    this.offset = SIGNATURE.copy(this.buffer, 0);
    this.rawInt32(0); // flags
    this.rawInt32(0); // header extension length
  }

  /** Starts a row; every row must then write exactly one value per column. */
  row(): this {
    this.endRow();
    this.room(2);
    this.rowStart = this.offset;
    this.rawInt16(this.columns);
    this.fieldsInRow = 0;
    return this;
  }

  int8(value: number | null): this {
    if (value === null) return this.null();
    checkInteger(value, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, 'int8');
    // High and low 32-bit halves: a safe integer's high half is in int32 range, negatives included.
    const high = Math.floor(value / TWO_TO_32);
    this.field(8);
    this.rawInt32(high);
    this.rawInt32(value - high * TWO_TO_32);
    return this;
  }

  int4(value: number | null): this {
    if (value === null) return this.null();
    checkInteger(value, -2_147_483_648, 2_147_483_647, 'int4');
    this.field(4);
    this.rawInt32(value);
    return this;
  }

  int2(value: number | null): this {
    if (value === null) return this.null();
    checkInteger(value, -32_768, 32_767, 'int2');
    this.field(2);
    this.rawInt16(value);
    return this;
  }

  bool(value: boolean | null): this {
    if (value === null) return this.null();
    this.field(1);
    this.buffer[this.offset++] = value ? 1 : 0;
    return this;
  }

  text(value: string | null): this {
    if (value === null) return this.null();
    const length = value.length;
    // At most 3 UTF-8 bytes per UTF-16 unit; the length goes in front once the bytes are written.
    this.room(4 + length * 3);
    const buffer = this.buffer;
    const lengthAt = this.offset;
    const start = lengthAt + 4;
    let end = start;
    // The stores' text is short and almost always ASCII (account ids, kinds, refs): copied byte by byte, which is
    // several times cheaper than a call into the UTF-8 encoder per value.
    for (let index = 0; index < length; index++) {
      const code = value.charCodeAt(index);
      if (code === 0 || code >= 0x80) {
        if (code === 0 || value.includes('\0')) throw new TypeError('COPY text cannot hold a NUL character');
        end = start + buffer.write(value, start, 'utf8');
        break;
      }
      buffer[end++] = code;
    }
    this.offset = lengthAt;
    this.rawInt32(end - start);
    this.offset = end;
    this.fieldsInRow++;
    return this;
  }

  /** The whole COPY data, trailer included. */
  finish(): Buffer {
    this.endRow();
    this.room(2);
    this.rawInt16(-1);
    return this.buffer.subarray(0, this.offset);
  }

  private null(): this {
    this.room(4);
    this.rawInt32(-1);
    this.fieldsInRow++;
    return this;
  }

  /** Room and the length word of a fixed-width value. */
  private field(bytes: number): void {
    this.room(4 + bytes);
    this.rawInt32(bytes);
    this.fieldsInRow++;
  }

  private endRow(): void {
    if (this.rowStart >= 0 && this.fieldsInRow !== this.columns)
      throw new Error(`COPY row has ${this.fieldsInRow} values for ${this.columns} columns`);
  }

  private room(bytes: number): void {
    if (this.offset + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.offset + bytes));
    this.buffer.copy(grown, 0, 0, this.offset);
    this.buffer = grown;
  }

  // Big-endian, without Buffer's own range checks: room was made and the values were checked.
  private rawInt32(value: number): void {
    const buffer = this.buffer;
    const offset = this.offset;
    buffer[offset] = value >>> 24;
    buffer[offset + 1] = value >>> 16;
    buffer[offset + 2] = value >>> 8;
    buffer[offset + 3] = value;
    this.offset = offset + 4;
  }

  private rawInt16(value: number): void {
    this.buffer[this.offset] = value >>> 8;
    this.buffer[this.offset + 1] = value;
    this.offset += 2;
  }
}

function checkInteger(value: number, min: number, max: number, type: string): void {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new RangeError(`${value} is not an integer that fits COPY type ${type}`);
}

/**
 * Appends rows with binary COPY FROM STDIN on `client` (inside the caller's transaction): for a batch's thousands of
 * append-only rows it costs about half of a multi-row INSERT. `table` and the column names are trusted identifiers
 * from the stores, never input.
 */
export async function copyRows<T>(
  client: PoolClient,
  table: string,
  columns: readonly string[],
  rows: readonly T[],
  write: (row: T, out: BinaryCopyWriter) => void,
): Promise<void> {
  if (rows.length === 0) return;
  const out = new BinaryCopyWriter(columns.length, rows.length);
  for (const row of rows) write(row, out.row());
  const data = out.finish();
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT binary)`));
  await new Promise<void>((resolve, reject) => {
    stream.on('error', reject);
    stream.on('finish', resolve);
    stream.end(data);
  });
}
