export default {
  'errors.notFound.feedback': 'Feedback {{id}} does not exist.',
};
