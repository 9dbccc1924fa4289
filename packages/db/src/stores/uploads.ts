import type { Queryable } from '../pool.ts';

export type ImageFormat = 'jpeg' | 'png';

export interface UploadRecord {
  id: string;
  format: ImageFormat;
  width: number;
  height: number;
  sizeBytes: number;
  sha256: string;
  createdAt: Date;
  usedAt: Date | null;
}

export async function insertUpload(db: Queryable, upload: Omit<UploadRecord, 'usedAt'>): Promise<void> {
  await db.query(
    `INSERT INTO uploads (id, format, width, height, size_bytes, sha256, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [upload.id, upload.format, upload.width, upload.height, upload.sizeBytes, upload.sha256, upload.createdAt],
  );
}

/** Deletes the uploads never claimed that were made before `before`; answers them, to remove their files. */
export async function deleteUnclaimedBefore(
  db: Queryable,
  before: Date,
): Promise<Array<{ id: string; format: ImageFormat }>> {
  const result = await db.query<{ id: string; format: ImageFormat }>(
    'DELETE FROM uploads WHERE used_at IS NULL AND created_at < $1 RETURNING id, format',
    [before],
  );
  return result.rows;
}

/**
 * Claims an unused upload for one use (registration or KYC update). Answers false when the upload does not
 * exist or was already claimed; the row lock makes two concurrent claims of one image impossible.
 */
export async function claimUpload(db: Queryable, id: string, now: Date): Promise<boolean> {
  const result = await db.query('UPDATE uploads SET used_at = $2 WHERE id = $1 AND used_at IS NULL', [id, now]);
  return result.rowCount === 1;
}
