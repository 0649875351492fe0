// Feedback screens (/feedback/feedbacklist, /feedback/feedbackdetail), and the lifecycle's and the server's
// refusals of feedback.
export default {
  'errors.notFound.feedback': 'Feedback {{id}} does not exist.',

  'feedback.title.list': 'Feedback',
  'feedback.title.detail': 'Feedback #{{id}}',
  'feedback.detail.noId': 'No feedback is named in the address. Open one from the feedback list.',

  'feedback.tab.all': 'All',
  'feedback.tab.pending': 'Waiting',
  'feedback.tab.replied': 'Answered',
  'feedback.tab.resolved': 'Resolved',

  'feedback.state.pending': 'Waiting',
  'feedback.state.replied': 'Answered',
  'feedback.state.resolved': 'Resolved',

  'feedback.kind.all': 'All kinds',
  'feedback.kind.complaint': 'Complaint',
  'feedback.kind.suggestion': 'Suggestion',
  'feedback.kind.bug': 'Bug',
  'feedback.kind.other': 'Other',

  'feedback.from.all': 'All senders',
  'feedback.from.customer': 'Customer',
  'feedback.from.supplier': 'Supplier',

  'feedback.search.placeholder': 'Search text, names, order no.',
  'feedback.filter.submitted': 'Submitted',
  'feedback.filter.order': 'About order #{{id}}',
  'feedback.filter.supplier': 'About supplier #{{id}}',
  'feedback.empty': 'No feedback',
  'feedback.empty.hint': 'No feedback matches the search and filters.',

  'feedback.column.id': 'ID',
  'feedback.column.content': 'Feedback',
  'feedback.column.kind': 'Kind',
  'feedback.column.from': 'From',
  'feedback.column.order': 'Order',
  'feedback.column.supplier': 'Supplier',
  'feedback.column.state': 'State',
  'feedback.column.messages': 'Messages',
  'feedback.column.submitted': 'Submitted',
  'feedback.column.updated': 'Last activity',

  'feedback.action.back': 'Back to feedback',
  'feedback.action.reply': 'Reply',
  'feedback.action.send': 'Send reply',
  'feedback.action.resolve': 'Resolve',

  'feedback.section.conversation': 'Conversation',
  'feedback.section.status': 'Status',
  'feedback.section.about': 'Sender and subject',
  'feedback.messages_one': '{{count}} message',
  'feedback.messages_other': '{{count}} messages',

  'feedback.conversation.staff': 'Staff',
  'feedback.conversation.staffRole': 'staff',
  'feedback.conversation.resolved': 'Resolved by {{name}}',
  'feedback.conversation.reopened': 'The sender wrote again: the feedback is open again',
  'feedback.conversation.image': 'Image {{n}}',

  'feedback.reply.label': 'Your reply',
  'feedback.toast.replied': 'Reply sent.',
  'feedback.reply.placeholder': 'Write to {{name}}…',
  'feedback.reply.hint': 'Ctrl+Enter (⌘+Enter on a Mac) sends. The sender reads it in the app.',
  'feedback.resolve.title': 'Resolve feedback #{{id}}: {{content}}',
  'feedback.resolve.note':
    'How was it resolved? A note for the record, optional (at most {{max}} characters)',

  'feedback.field.from': 'From',
  'feedback.field.contact': 'Contact',
  'feedback.field.order': 'Order',
  'feedback.field.supplier': 'Supplier',
  'feedback.field.submitted': 'Submitted',
  'feedback.field.updated': 'Last activity',
  'feedback.field.note': 'Resolution note',
  'feedback.contact.none': 'Not given',
  'feedback.order.none': 'None named',
  'feedback.supplier.none': 'None named',
  'feedback.about.order': 'All feedback about this order',
  'feedback.about.supplier': 'All feedback about this supplier',

  // The lifecycle's refusals (src/machines/lifecycles/feedbackLifecycle.ts, FEEDBACK_REASON_TEXT).
  'feedback.reason.messageRequired': 'A message of 1 to 2,000 characters is required',
  'feedback.reason.noteTooLong': 'A note has at most 500 characters',
  'feedback.reason.resolved': 'It is resolved; the sender reopens it with a new message',
  'feedback.reason.notAllowed': 'Not possible in this state',

  // The server's checks of new feedback from the apps (server/modules/feedback/module.ts).
  'feedback.validation.images':
    'Images must be at most {{max}} http:// or https:// addresses or uploaded files (/uploads/…)',
  'feedback.validation.no_customer': 'There is no customer {{id}}',
  'feedback.validation.no_supplier': 'There is no supplier {{id}}',
  'feedback.validation.no_order': 'There is no order {{id}}',
  'toast.feedback.resolve': 'Feedback resolved.',
};
