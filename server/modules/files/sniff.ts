/** File types recognised by their first bytes (never by the client's name or declared type). */
export interface SniffedType {
  mime: string;
  ext: string;
}

export type UploadKind = 'image' | 'audio';

const ascii = (buf: Buffer, start: number, text: string): boolean =>
  buf.length >= start + text.length && buf.toString('latin1', start, start + text.length) === text;

export function sniffImage(buf: Buffer): SniffedType | null {
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { mime: 'image/png', ext: 'png' };
  }
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) {
    return { mime: 'image/jpeg', ext: 'jpg' };
  }
  if (ascii(buf, 0, 'GIF87a') || ascii(buf, 0, 'GIF89a')) return { mime: 'image/gif', ext: 'gif' };
  if (ascii(buf, 0, 'RIFF') && ascii(buf, 8, 'WEBP')) return { mime: 'image/webp', ext: 'webp' };
  return null;
}

const M4A_BRANDS = new Set(['M4A ', 'M4B ', 'mp41', 'mp42', 'isom', 'iso2', 'dash']);

export function sniffAudio(buf: Buffer): SniffedType | null {
  if (ascii(buf, 0, 'ID3')) return { mime: 'audio/mpeg', ext: 'mp3' };
  // An MPEG audio frame header: 11 sync bits, then a valid version/layer (layer bits not 00).
  if (buf.length >= 2 && buf[0] === 0xff && (buf[1]! & 0xe0) === 0xe0 && (buf[1]! & 0x06) !== 0) {
    return { mime: 'audio/mpeg', ext: 'mp3' };
  }
  if (ascii(buf, 0, 'RIFF') && ascii(buf, 8, 'WAVE')) return { mime: 'audio/wav', ext: 'wav' };
  if (ascii(buf, 0, 'OggS')) return { mime: 'audio/ogg', ext: 'ogg' };
  if (ascii(buf, 4, 'ftyp') && M4A_BRANDS.has(buf.toString('latin1', 8, 12))) {
    return { mime: 'audio/mp4', ext: 'm4a' };
  }
  return null;
}

export function sniff(kind: UploadKind, buf: Buffer): SniffedType | null {
  return kind === 'image' ? sniffImage(buf) : sniffAudio(buf);
}
