import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, databaseState, envelope, makeImage, multipartBody, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function upload(content: Buffer, field = 'uploadFile', fileName = 'photo.png', type = 'image/png') {
  const { payload, headers } = multipartBody(field, content, fileName, type);
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/upload/images', payload, headers });
  return { status: response.statusCode, body: envelope<{ images: string[] }>(response) };
}

async function expectRefused(
  send: () => Promise<{ status: number; body: { code: number } }>,
  code: number,
  status = 200,
) {
  const before = await databaseState(t.pool);
  const filesBefore = await readdir(path.join(t.config.dataDir, 'uploads')).catch(() => []);
  const answer = await send();
  expect(answer.status).toBe(status);
  expect(answer.body.code).toBe(code);
  expect(await databaseState(t.pool)).toEqual(before);
  expect(await readdir(path.join(t.config.dataDir, 'uploads')).catch(() => [])).toEqual(filesBefore);
}

describe('POST /upload/images', () => {
  it('stores a PNG without login and answers an opaque reference', async () => {
    const answer = await upload(await makeImage('png'));
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(0);
    const [id] = answer.body.data!.images;
    expect(id).toMatch(/^img_[A-Za-z0-9_-]{20,}$/);
    const row = await t.pool.query('SELECT format, width, height, used_at FROM uploads WHERE id = $1', [id]);
    expect(row.rows[0]).toEqual({ format: 'png', width: 32, height: 24, used_at: null });
    const stored = await readFile(path.join(t.config.dataDir, 'uploads', `${id}.png`));
    expect((await sharp(stored).metadata()).format).toBe('png');
  });

  it('decides the type by content: a JPEG named .png is stored as JPEG', async () => {
    const answer = await upload(await makeImage('jpeg'), 'uploadFile', 'looks-like.png', 'image/png');
    expect(answer.body.code).toBe(0);
    const row = await t.pool.query('SELECT format FROM uploads WHERE id = $1', [answer.body.data!.images[0]]);
    expect(row.rows[0]).toEqual({ format: 'jpeg' });
  });

  it('re-encodes: metadata is dropped and the EXIF orientation applied', async () => {
    const tagged = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#123456' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-location' } } })
      .toBuffer();
    const answer = await upload(tagged, 'uploadFile', 'photo.jpg', 'image/jpeg');
    expect(answer.body.code).toBe(0);
    const id = answer.body.data!.images[0]!;
    const stored = await readFile(path.join(t.config.dataDir, 'uploads', `${id}.jpg`));
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([20, 40]);
    expect(stored.includes(Buffer.from('secret-location'))).toBe(false);
  });

  it('refuses text renamed .png, and an image type other than JPEG or PNG', async () => {
    await expectRefused(() => upload(Buffer.from('just some text, not an image\n'.repeat(20))), 2016);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    await expectRefused(() => upload(gif, 'uploadFile', 'a.png'), 2016);
    const truncated = (await makeImage('png', 200, 200)).subarray(0, 60);
    await expectRefused(() => upload(truncated), 2016);
  });

  it('refuses a file over 8 MB', async () => {
    await expectRefused(() => upload(Buffer.alloc(8 * 1024 * 1024 + 10, 1)), 2017);
  });

  it('refuses an image over the pixel limit (a decompression bomb)', async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(8 * 1024 * 1024);
    await expectRefused(() => upload(huge), 2017);
  });

  it('refuses a request without the uploadFile field or not multipart', async () => {
    await expectRefused(async () => upload(await makeImage(), 'otherField'), 2015);
    await expectRefused(async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/upload/images',
        payload: { uploadFile: 'x' },
      });
      return { status: response.statusCode, body: envelope(response) };
    }, 2015);
  });
});
