import type { FastifyInstance } from 'fastify';
import { uploads } from '@tickline/db';
import { Errors } from '@tickline/protocol';
import type { accountRoutes } from '@tickline/protocol/routes';
import { ImageRejected } from '../services/uploads/images.ts';
import { AppError } from '../domain/errors.ts';
import type { RouteHandlers } from './routes/register.ts';

const UPLOAD_FIELD = 'uploadFile';

/** POST /upload/images: one JPEG or PNG in the multipart field uploadFile; no login needed (registration uses it). */
export function uploadHandlers(app: FastifyInstance): RouteHandlers<Pick<typeof accountRoutes, 'uploadImage'>> {
  const ctx = app.context;
  return {
    uploadImage: async ({ request }) => {
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
        return { images: [image.id] };
      } catch (error) {
        if (error instanceof ImageRejected)
          throw new AppError(error.reason === 'too-large' ? Errors.IMAGE_TOO_LARGE : Errors.IMAGE_TYPE_INVALID);
        throw error;
      }
    },
  };
}
