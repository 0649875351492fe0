import type { FastifyPluginAsync } from 'fastify';
import { currentUser, requireAuth } from '../../auth/guard';
import { PayloadTooLarge, UnsupportedMediaType, ValidationError } from '../../errors';
import { ok } from '../../http/envelope';
import { formatBytes } from '../../http/errorHandler';
import type { ServerModule } from '../types';
import { sniff, type UploadKind } from './sniff';

const KINDS: Record<UploadKind, string> = {
  image: 'PNG, JPEG, GIF or WebP image',
  audio: 'MP3, WAV, OGG or M4A audio file',
};

const routes: FastifyPluginAsync = async (app) => {
  app.post('/api/file-storage/file/upload', { preHandler: requireAuth }, async (request) => {
    const user = currentUser(request);
    const limit = app.settings.uploadLimitBytes;
    if (!request.isMultipart()) {
      throw new UnsupportedMediaType(
        'Upload the file as multipart/form-data with the fields file, type and usage_type.',
      );
    }
    const fields: Record<string, string> = {};
    let file: { bytes: Buffer; name: string } | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file')
            throw new ValidationError(`Unexpected file field: ${part.fieldname}.`, part.fieldname);
          if (file) throw new ValidationError('Send one file per upload.', 'file');
          file = { bytes: await part.toBuffer(), name: part.filename ?? '' };
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new PayloadTooLarge(`The file is too large: the limit is ${formatBytes(limit)}.`);
      }
      throw error;
    }
    const type = (fields.type ?? '').trim() || 'image';
    if (type !== 'image' && type !== 'audio')
      throw new ValidationError('type must be image or audio.', 'type');
    const usageType = (fields.usage_type ?? '').trim();
    if (usageType.length > 64)
      throw new ValidationError('usage_type must be at most 64 characters.', 'usage_type');
    if (!file) throw new ValidationError('file is required.', 'file');
    if (file.bytes.length === 0) throw new ValidationError('file is empty.', 'file');
    const sniffed = sniff(type, file.bytes);
    if (!sniffed) {
      throw new UnsupportedMediaType(
        `The file is not a ${KINDS[type]} (its content was checked, not its name).`,
      );
    }
    const saved = await app.storage.save(file.bytes, type, sniffed.ext);
    await app.db
      .insertInto('files')
      .values({
        stored_name: saved.storedName,
        url: saved.urlPath,
        type,
        usage_type: usageType,
        mime: sniffed.mime,
        size: file.bytes.length,
        original_name: file.name.slice(0, 255),
        uploaded_by: user.id,
      })
      .execute();
    return ok({
      // Root-relative, so an address stored in a record keeps working when the host name or port changes.
      url: saved.urlPath,
      path: saved.urlPath,
      mime: sniffed.mime,
      size: file.bytes.length,
      type,
      usage_type: usageType,
    });
  });
};

export const filesModule: ServerModule = { name: 'files', routes };
