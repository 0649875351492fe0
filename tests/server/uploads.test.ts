import fs from 'node:fs';
import path from 'node:path';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { expectReasonText, reasonText } from './support/reasonText';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let token: string;
const LIMIT = 64 * 1024;
beforeAll(async () => {
  t = await createTestApp({ uploadLimitBytes: LIMIT });
  token = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await t?.close();
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 0])]);
const WAV = Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WAVEfmt ')]);
const OGG = Buffer.from('OggS\x00\x02', 'latin1');
const M4A = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypM4A \x00\x00\x00\x00', 'latin1')]);

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = '----test' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(
      Buffer.from(head + '\r\n'),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(parts: Part[], headers: Record<string, string> = bearer(token)) {
  const { body, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/file-storage/file/upload',
    payload: body,
    headers: { ...headers, 'content-type': contentType },
  });
}

const file = (value: Buffer, filename = 'photo.png', contentType = 'image/png'): Part => ({
  name: 'file',
  value,
  filename,
  contentType,
});

describe('POST /api/file-storage/file/upload', () => {
  it.each([
    ['png', PNG, 'image/png'],
    ['jpg', JPEG, 'image/jpeg'],
    ['gif', GIF, 'image/gif'],
    ['webp', WEBP, 'image/webp'],
  ])(
    'stores a real %s image (type defaults to image) and serves it at data.url',
    async (ext, bytes, mime) => {
      const response = await upload([file(bytes), { name: 'usage_type', value: 'supplier_cover' }]);
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).toMatchObject({ mime, type: 'image', usage_type: 'supplier_cover', size: bytes.length });
      expect(data.url).toMatch(new RegExp(`^/uploads/image/\\d{6}/[0-9a-f]{32}\\.${ext}$`));
      expect(data.url).toBe(data.path);
      const served = await t.app.inject({ method: 'GET', url: data.path });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toContain(mime);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      const row = await t.db
        .selectFrom('files')
        .selectAll()
        .where('url', '=', data.path)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ mime, usage_type: 'supplier_cover', original_name: 'photo.png' });
    },
  );

  it('counts usage_type in characters, as every other limit: 64 rare characters of a name are within it', async () => {
    const usageType = '𠮷'.repeat(64);
    const response = await upload([file(PNG), { name: 'usage_type', value: usageType }]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.usage_type).toBe(usageType);
    const over = await upload([file(PNG), { name: 'usage_type', value: usageType + '𠮷' }]);
    expect(over.statusCode).toBe(400);
  });

  it.each([
    ['mp3', MP3],
    ['wav', WAV],
    ['ogg', OGG],
    ['m4a', M4A],
  ])('accepts %s audio for type=audio, recognised by its bytes', async (ext, bytes) => {
    const response = await upload([
      { name: 'type', value: 'audio' },
      file(bytes, 'sound.bin', 'application/octet-stream'),
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.path).toMatch(new RegExp(`^/uploads/audio/\\d{6}/[0-9a-f]{32}\\.${ext}$`));
  });

  it('reads the type field even when it comes after the file', async () => {
    const response = await upload([file(MP3, 'a.mp3', 'audio/mpeg'), { name: 'type', value: 'audio' }]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.type).toBe('audio');
  });

  it('refuses a file that only claims to be an image by its name and type', async () => {
    const response = await upload([file(Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png')]);
    expect(response.statusCode).toBe(415);
    expect(response.json().err_code).toBe(415);
    expect(response.json().err_msg).toMatch(/not a PNG, JPEG, GIF or WebP image/);
    expect(response.json().data.reason_key).toBe('errors.fileType.image');
    expectReasonText(response.json().data);
  });

  it('refuses an image sent as type=audio, and audio sent as an image', async () => {
    const asAudio = await upload([{ name: 'type', value: 'audio' }, file(PNG)]);
    expect(asAudio.statusCode).toBe(415);
    expect(asAudio.json().data.reason_key).toBe('errors.fileType.audio');
    expect(asAudio.json().err_msg).toBe(
      'The file is not an MP3, WAV, OGG or M4A audio file (its content was checked, not its name).',
    );
    const asImage = await upload([file(MP3, 'x.mp3', 'audio/mpeg')]);
    expect(asImage.statusCode).toBe(415);
    expect(asImage.json().data.reason_key).toBe('errors.fileType.image');
  });

  it('never uses the client file name as a path', async () => {
    const response = await upload([file(PNG, '../../../etc/passwd.png')]);
    expect(response.statusCode).toBe(200);
    const { path: urlPath } = response.json().data;
    expect(urlPath).not.toContain('passwd');
    expect(fs.existsSync(path.join(t.dataDir, 'uploads', urlPath.replace('/uploads/', '')))).toBe(true);
  });

  it('refuses a file over the size limit with a clear 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(LIMIT + 10)]);
    const response = await upload([file(big)]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      err_code: 413,
      err_msg: 'The file is too large: the limit is 64 KiB.',
      data: { reason_key: 'errors.upload.tooLarge', values: { limit: '64 KiB' } },
    });
  });

  it.each([
    ['no file', [{ name: 'type', value: 'image' }], /file is required/, 'file is required.'],
    ['an empty file', [file(Buffer.alloc(0))], /file is empty/, 'file cannot be empty.'],
    [
      'an unknown type',
      [{ name: 'type', value: 'video' }, file(PNG)],
      /type must be image or audio/,
      'type must be one of: image, audio.',
    ],
    [
      'a long usage_type',
      [{ name: 'usage_type', value: 'u'.repeat(65) }, file(PNG)],
      /usage_type must be at most 64 characters/,
      'usage_type must be at most 64 characters.',
    ],
    [
      'a file under another name',
      [{ ...file(PNG), name: 'picture' }],
      /Unexpected file field: picture/,
      'Unknown field: picture.',
    ],
    [
      'a file with no field name',
      [{ ...file(PNG), name: '' }],
      /no field name/,
      'The request is not valid. Check it and try again.',
    ],
    ['two files', [file(PNG), file(PNG)], /one file/, 'Send one file per upload.'],
  ] as const)('refuses %s with a message that says what is wrong', async (_what, parts, message, text) => {
    const response = await upload([...parts]);
    expect(response.statusCode).toBe(400);
    expect(response.json().err_msg).toMatch(message);
    expect(reasonText(response.json().data, 'en-US')).toBe(text);
  });

  it('refuses a JSON body with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/file-storage/file/upload',
      headers: bearer(token),
      payload: { file: 'x' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().err_msg).toMatch(/multipart\/form-data/);
    expect(response.json().data.reason_key).toBe('errors.unsupportedMediaType');
  });

  it('needs a token', async () => {
    const response = await upload([file(PNG)], {});
    expect(response.statusCode).toBe(401);
    expect(response.json().err_code).toBe(50008);
  });

  it('answers 404 in the envelope for a missing upload', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/uploads/image/000000/missing.png' });
    expect(response.statusCode).toBe(404);
    expect(response.json().err_code).toBe(404);
  });
});

/** Every file under the uploads folder but the demo seed's images. */
function storedFiles(): string[] {
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
      );
  return walk(path.join(t.dataDir, 'uploads')).filter((name) => !path.basename(name).startsWith('seed-'));
}

function rawUpload(body: string | Buffer, contentType = 'multipart/form-data; boundary=XyZ') {
  return t.app.inject({
    method: 'POST',
    url: '/api/file-storage/file/upload',
    payload: typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
    headers: { ...bearer(token), 'content-type': contentType },
  });
}

const part = (disposition: string, value: string | Buffer) =>
  Buffer.concat([
    Buffer.from(`--XyZ\r\nContent-Disposition: form-data; ${disposition}\r\n\r\n`, 'latin1'),
    Buffer.isBuffer(value) ? value : Buffer.from(value, 'latin1'),
    Buffer.from('\r\n', 'latin1'),
  ]);
const END = Buffer.from('--XyZ--\r\n');

describe('malformed uploads are a 400 with nothing left on disk', () => {
  it.each([
    ['a body that is not multipart at all', 'garbage'],
    ['a body cut off inside the file', part('name="file"; filename="a.png"', PNG).subarray(0, 60)],
    ['a part without its end', Buffer.concat([part('name="file"; filename="a.png"', PNG)])],
    ['a part header without a name', Buffer.concat([part('', 'x'), END])],
  ])('%s', async (_what, body) => {
    const before = storedFiles();
    const response = await rawUpload(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ err_code: 400 });
    expect(response.json().err_msg).toMatch(/multipart\/form-data|file is required/);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a multipart content type without a boundary', async () => {
    const response = await rawUpload('x', 'multipart/form-data');
    expect(response.statusCode).toBe(400);
    expect(response.json().err_msg).toBe(
      'The upload could not be read: the body is not well-formed multipart/form-data.',
    );
  });

  it.each([
    ['a NUL in the file name', part('name="file"; filename="a\u0000.png"', PNG), 'file', 'the file name'],
    [
      'a NUL in a field',
      Buffer.concat([part('name="usage_type"', 'cover\u0000'), part('name="file"; filename="a.png"', PNG)]),
      'usage_type',
      'usage_type',
    ],
  ])('refuses %s with a 400 naming it, and stores nothing', async (_what, parts, field, name) => {
    const before = storedFiles();
    const response = await rawUpload(Buffer.concat([parts, END]));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      err_code: 400,
      err_msg: `${name} contains a NUL character (\\u0000 or %00), which is not allowed in text.`,
      data: { field },
    });
    expect(storedFiles()).toEqual(before);
    const rows = await t.db.selectFrom('files').select('original_name').execute();
    expect(rows.some((row) => row.original_name.includes('\u0000'))).toBe(false);
  });

  it('removes the stored file when its record cannot be written', async () => {
    const failFileRecords: KyselyPlugin = {
      transformQuery(args) {
        const node = args.node as { kind: string; into?: { table: { identifier: { name: string } } } };
        if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'files') {
          throw new Error('the database is gone');
        }
        return args.node;
      },
      async transformResult(args) {
        return args.result;
      },
    };
    const broken = await buildApp({
      db: t.db.withPlugin(failFileRecords),
      dataDir: t.dataDir,
      distDir: path.join(t.dataDir, 'no-dist'),
    });
    try {
      const before = storedFiles();
      const { body, contentType } = multipart([file(PNG)]);
      const response = await broken.inject({
        method: 'POST',
        url: '/api/file-storage/file/upload',
        payload: body,
        headers: { ...bearer(token), 'content-type': contentType },
      });
      expect(response.statusCode).toBe(500);
      expect(storedFiles()).toEqual(before);
    } finally {
      await broken.close();
    }
  });
});
