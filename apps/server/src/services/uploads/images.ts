import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { uploads } from '@tickline/db';

type ImageFormat = uploads.ImageFormat;

export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;

export interface StoredImage {
  id: string;
  format: ImageFormat;
  width: number;
  height: number;
  sizeBytes: number;
  sha256: string;
}

export type ImageRejection = 'not-an-image' | 'too-large';

export class ImageRejected extends Error {
  constructor(readonly reason: ImageRejection) {
    super(reason);
  }
}

/**
 * Keeps uploaded images privately under DATA_DIR/uploads (never served). The type is decided by decoding
 * the content, not by the name or the declared type; every image is re-encoded, which drops metadata
 * (EXIF location and the like) and anything appended to the file, after applying the EXIF orientation.
 */
export class ImageStore {
  readonly directory: string;

  constructor(dataDir: string) {
    this.directory = path.join(dataDir, 'uploads');
  }

  async store(content: Buffer): Promise<StoredImage> {
    const { data, info, format } = await reencode(content);
    const id = `img_${randomBytes(16).toString('base64url')}`;
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    const file = this.pathOf(id, format);
    // Write then rename, so a crash never leaves a half-written image under its final name.
    await writeFile(`${file}.tmp`, data, { mode: 0o600 });
    await rename(`${file}.tmp`, file);
    return {
      id,
      format,
      width: info.width,
      height: info.height,
      sizeBytes: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
    };
  }

  pathOf(id: string, format: ImageFormat): string {
    if (!/^img_[A-Za-z0-9_-]+$/.test(id)) throw new Error('bad image id');
    return path.join(this.directory, `${id}.${format === 'jpeg' ? 'jpg' : 'png'}`);
  }
}

async function reencode(content: Buffer) {
  if (content.length > MAX_IMAGE_BYTES) throw new ImageRejected('too-large');
  let format: ImageFormat;
  try {
    const metadata = await sharp(content, { limitInputPixels: false }).metadata();
    if (metadata.format !== 'jpeg' && metadata.format !== 'png') throw new ImageRejected('not-an-image');
    format = metadata.format;
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_IMAGE_PIXELS) throw new ImageRejected('too-large');
  } catch (error) {
    if (error instanceof ImageRejected) throw error;
    throw new ImageRejected('not-an-image');
  }
  try {
    const pipeline = sharp(content, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
    const encoded = format === 'jpeg' ? pipeline.jpeg({ quality: 90, mozjpeg: true }) : pipeline.png();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, info, format };
  } catch {
    throw new ImageRejected('not-an-image');
  }
}
