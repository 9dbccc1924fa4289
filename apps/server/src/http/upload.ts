import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { uploads } from '@tickline/db';
import { Errors, ok, type UploadImagesAnswer } from '@tickline/protocol';
import { ImageRejected, MAX_IMAGE_BYTES } from '../services/uploads/images.ts';
import { AppError } from '../domain/errors.ts';
import { rateLimited } from './rate-limits.ts';

const UPLOAD_FIELD = 'uploadFile';

/** POST /upload/images: one JPEG or PNG in the multipart field uploadFile; no login needed (registration uses it). */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.context;
  // Scoped to this plugin: no other route accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post('/upload/images', { config: rateLimited(app, 'upload') }, async (request) => {
    if (!request.isMultipart()) throw new AppError(Errors.IMAGE_FILE_REQUIRED);
    const file = await request.file();
    if (!file || file.fieldname !== UPLOAD_FIELD) throw new AppError(Errors.IMAGE_FILE_REQUIRED);
    let content: Buffer;
    try {
      content = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(Errors.IMAGE_TOO_LARGE);
      throw error;
    }
    try {
      const image = await ctx.images.store(content);
      await uploads.insertUpload(ctx.pool, { ...image, createdAt: new Date(ctx.clock.now()) });
      return ok<UploadImagesAnswer>({ images: [image.id] });
    } catch (error) {
      if (error instanceof ImageRejected)
        throw new AppError(error.reason === 'too-large' ? Errors.IMAGE_TOO_LARGE : Errors.IMAGE_TYPE_INVALID);
      throw error;
    }
  });
}
