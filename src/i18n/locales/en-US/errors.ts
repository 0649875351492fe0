/** Texts for failed calls by err_code (src/machines/app/apiErrors.ts maps codes to these keys). */
export default {
  'errors.invalidCredentials': 'Incorrect email or password.',
  'errors.tooManyRequests_one': 'Too many attempts. Please try again in {{count}} minute.',
  'errors.tooManyRequests_other': 'Too many attempts. Please try again in {{count}} minutes.',
  'errors.tooManyRequests.later': 'Too many attempts. Please wait a while and try again.',
  'errors.loggedOut': 'You have been logged out. Please log in again.',
  'errors.sessionExpired': 'Your session has expired. Please log in again.',
  'errors.forbidden': 'You do not have permission to do this.',
  'errors.routeDenied': 'Your role may not open “{{page}}”: you were taken to the first page it may.',
  'errors.versionConflict': 'Someone else changed this record in the meantime. Reload it and try again.',
  'errors.illegalTransition': 'This action is not allowed in the current state.',
  'errors.payloadTooLarge': 'The file or request is too large.',
  'errors.unsupportedMediaType': 'This file type is not supported.',
  'errors.internal': 'Internal server error',
  'errors.request': 'Request Error',
  'errors.unknown': 'Error',
};
