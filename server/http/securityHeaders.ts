import type { FastifyReply, FastifyRequest } from 'fastify';
import { VIDEO_HOSTS } from '../../src/contract/richText';

/**
 * Security headers for the three kinds of response the server gives: the console (HTML, scripts, styles), the
 * API (JSON) and uploaded files. Every response: no MIME sniffing, no framing by another site.
 */

/**
 * The console's policy, checked against the built console (dist/index.html loads only same-origin scripts and
 * stylesheets; no inline script, no eval). What it needs beyond 'self':
 * - style-src 'unsafe-inline': Quill writes style attributes into the editor (colours, sizes, pasted HTML) and
 *   Blueprint's table sets them through innerHTML; both are style attributes in markup, which CSP treats as
 *   inline styles.
 * - img-src data: blob: https: http: — the stylesheets inline small SVG images as data: URLs, a picked file is
 *   previewed from a blob: URL, and a stored image may be any http(s) address (see isAssetUrl).
 * - media-src https: http: blob: — the SOS sound may be an http(s) address too.
 * - frame-src: the video players the rich-text sanitiser allows (Quill's video embed is an iframe).
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "media-src 'self' blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  `frame-src ${[...VIDEO_HOSTS].map((host) => `https://${host}`).join(' ')}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** JSON never needs to load or run anything. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * An uploaded file opened on its own (not as an <img> or <audio> in the console) must not run anything: the
 * bytes were checked to be an image or audio, but a demo SVG, or a file a future storage serves, could carry a
 * script. `sandbox` also gives the document an origin of its own.
 */
export const UPLOADS_CSP =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/** Uploaded types a browser shows inline and that cannot run script; anything else is served as a download. */
const INLINE_UPLOAD = /\.(png|jpe?g|gif|webp|mp3|wav|ogg|m4a)$/i;

export async function securityHeaders(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const path = request.url.split('?')[0] ?? '';
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  if (path === '/api' || path.startsWith('/api/')) {
    reply.header('content-security-policy', API_CSP);
    reply.header('referrer-policy', 'no-referrer');
  } else if (path.startsWith('/uploads/')) {
    reply.header('content-security-policy', UPLOADS_CSP);
    reply.header('referrer-policy', 'no-referrer');
    if (reply.statusCode < 400 && !INLINE_UPLOAD.test(path))
      reply.header('content-disposition', 'attachment');
  } else {
    reply.header('content-security-policy', CONSOLE_CSP);
    // Cross-site requests (stored images, video players) get the origin only; video players refuse none at all.
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
  }
}
