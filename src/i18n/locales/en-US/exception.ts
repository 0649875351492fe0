export default {
  'exception.result.403.description': 'Access to this resource on the server is denied.',
  'exception.result.404.description': 'Whoops, this page is gone.',
  'exception.result.500.description': 'Internal server error',
  'exception.result.back': 'Back',
  'exception.result.home': 'Back to home',
};
