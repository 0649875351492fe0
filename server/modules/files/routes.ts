import type { FastifyPluginAsync } from 'fastify';
import { currentUser, requireAuth } from '../../auth/guard';
import { AppError, PayloadTooLarge, UnsupportedMediaType, ValidationError } from '../../errors';
import { REASON } from '../../../src/contract/errors';
import { ok } from '../../http/envelope';
import { formatBytes } from '../../http/errorHandler';
import { assertValidText } from '../../http/requestGuards';
import type { ServerModule } from '../types';
import { sniff, type UploadKind } from './sniff';
import { textLength } from '../../../src/machines/lifecycles/visibleText';

const MAX_USAGE_TYPE_LENGTH = 64;

/** What a file of each kind is, with its article ("an MP3 …"). */
const KINDS: Record<UploadKind, string> = {
  image: 'a PNG, JPEG, GIF or WebP image',
  audio: 'an MP3, WAV, OGG or M4A audio file',
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
        // Multipart parts bypass the request-wide text check: the same rule, before anything is stored.
        assertValidText(part.fieldname ?? '', '', 'the name of a form field');
        if (part.type === 'file') {
          if (part.fieldname !== 'file')
            throw part.fieldname
              ? new ValidationError(`Unexpected file field: ${part.fieldname}.`, part.fieldname, {
                  key: REASON.unknownField,
                })
              : new ValidationError('A file part has no field name: send the file as the field "file".');
          if (file) throw new ValidationError('Send one file per upload.', 'file', { key: REASON.oneFile });
          assertValidText(part.filename ?? '', 'file', 'the file name');
          file = { bytes: await part.toBuffer(), name: part.filename ?? '' };
        } else if (typeof part.value === 'string') {
          assertValidText(part.value, part.fieldname);
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new PayloadTooLarge(`The file is too large: the limit is ${formatBytes(limit)}.`, {
          key: REASON.fileTooLarge,
          values: { limit: formatBytes(limit) },
        });
      }
      if (error instanceof AppError || code?.startsWith('FST_')) throw error;
      // The multipart parser's own errors (no boundary, a truncated body, a malformed part header).
      throw new ValidationError(
        'The upload could not be read: the body is not well-formed multipart/form-data.',
      );
    }
    const type = (fields.type ?? '').trim() || 'image';
    if (type !== 'image' && type !== 'audio')
      throw new ValidationError('type must be image or audio.', 'type', {
        key: REASON.oneOf,
        values: { values: 'image, audio' },
      });
    const usageType = (fields.usage_type ?? '').trim();
    if (textLength(usageType) > MAX_USAGE_TYPE_LENGTH)
      throw new ValidationError(
        `usage_type must be at most ${MAX_USAGE_TYPE_LENGTH} characters.`,
        'usage_type',
        {
          key: REASON.maxLength,
          values: { limit: MAX_USAGE_TYPE_LENGTH },
        },
      );
    if (!file) throw new ValidationError('file is required.', 'file', { key: REASON.required });
    if (file.bytes.length === 0) throw new ValidationError('file is empty.', 'file', { key: REASON.empty });
    const sniffed = sniff(type, file.bytes);
    if (!sniffed) {
      throw new UnsupportedMediaType(
        `The file is not ${KINDS[type]} (its content was checked, not its name).`,
        `errors.fileType.${type}`,
      );
    }
    const saved = await app.storage.save(file.bytes, type, sniffed.ext);
    try {
      await app.db
        .insertInto('files')
        .values({
          stored_name: saved.storedName,
          url: saved.urlPath,
          type,
          usage_type: usageType,
          mime: sniffed.mime,
          size: file.bytes.length,
          original_name: Array.from(file.name).slice(0, 255).join(''), // whole characters, never half a pair
          uploaded_by: user.id,
        })
        .execute();
    } catch (error) {
      // No record, no file: a stored file nobody can find again is an orphan.
      await app.storage.remove(saved.storedName).catch(() => undefined);
      throw error;
    }
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
