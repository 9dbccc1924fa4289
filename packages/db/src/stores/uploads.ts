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

/**
 * Claims an unused upload for one use (registration or KYC update). Answers false when the upload does not
 * exist or was already claimed; the row lock makes two concurrent claims of one image impossible.
 */
export async function claimUpload(db: Queryable, id: string, now: Date): Promise<boolean> {
  const result = await db.query('UPDATE uploads SET used_at = $2 WHERE id = $1 AND used_at IS NULL', [id, now]);
  return result.rowCount === 1;
}
