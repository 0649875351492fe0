/** Texts for failed calls by err_code (src/machines/app/apiErrors.ts maps codes to these keys). */
export default {
  'errors.invalidCredentials': 'Incorrect email or password.',
  'errors.tooManyRequests_one': 'Too many attempts. Please try again in {{count}} minute.',
  'errors.tooManyRequests_other': 'Too many attempts. Please try again in {{count}} minutes.',
  'errors.tooManyRequests.later': 'Too many attempts. Please wait a while and try again.',
  'errors.loggedOut': 'You have been logged out. Please log in again.',
  'errors.sessionExpired': 'Your session has expired. Please log in again.',
  'errors.downloadExpired': 'This download link has expired or was used already. Start the export again.',
  'errors.forbidden': 'You do not have permission to do this.',
  'errors.xsrfMismatch': 'The request was refused to keep your session safe. Reload the page and try again.',
  'errors.routeDenied': 'Your role may not open “{{page}}”: you were taken to the first page it may.',
  'errors.versionConflict': 'Someone else changed this record in the meantime. Reload it and try again.',
  'errors.illegalTransition': 'This action is not allowed in the current state.',
  'errors.conflict': 'This clashes with another record. Reload and check before trying again.',
  'errors.clientError': 'The request was refused (HTTP {{status}}). Check it and try again.',
  'errors.payloadTooLarge': 'The file or request is too large.',
  'errors.unsupportedMediaType':
    'This endpoint does not accept the request’s format: send JSON, or a multipart form when uploading a file.',
  'errors.upload.oneFile': 'Send one file per upload.',
  'errors.upload.tooLarge': 'The file is too large: the limit is {{limit}}.',
  'errors.fileType.image':
    'The file is not a PNG, JPEG, GIF or WebP image (its content was checked, not its name).',
  'errors.fileType.audio':
    'The file is not an MP3, WAV, OGG or M4A audio file (its content was checked, not its name).',
  'errors.internal': 'Internal server error',
  'errors.request': 'Request Error',
  'errors.unknown': 'Error',
};
