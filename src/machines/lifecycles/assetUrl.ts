/**
 * The one rule for image and audio references (supplier covers and ID card photos; the global settings' SOS
 * sound and banner images). Pure: the server validates with it and the console checks the same before sending.
 */

const HTTP_URL = /^https?:\/\/[^\s/?#\\]+(?:[/?#][^\s\\]*)?$/i;
/** `/uploads/` then segments of letters, digits, `_`, `-` and inner dots (never `.` or `..`), ending in a file name. */
const UPLOAD_PATH =
  /^\/uploads\/(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*\.[A-Za-z0-9]+$/;
const DOT_SEGMENT = /(?:^|[/\\])\.\.?(?:[/\\?#]|$)/;
// Control characters (U+0000–U+001F, U+007F) are never part of a URL.
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * An image or audio reference the console and the apps can load: an absolute `http://` or `https://` URL, or a
 * normalised path of a file this server stored (`/uploads/…`, no `.`/`..` segments).
 */
export function isAssetUrl(value: string): boolean {
  if (CONTROL.test(value) || DOT_SEGMENT.test(value)) return false;
  return HTTP_URL.test(value) || UPLOAD_PATH.test(value);
}

/** The English text for a field that fails `isAssetUrl`. */
export function assetUrlMessage(field: string): string {
  return `${field} must be an http:// or https:// URL or an uploaded file path (/uploads/…)`;
}
