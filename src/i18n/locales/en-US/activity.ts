// Activity screens (/activities/list, /activities/detail), and the lifecycle's and the server's refusals of an
// activity.
export default {
  'errors.notFound.activity': 'Activity {{id}} does not exist.',

  'activity.title.list': 'Activities',
  'activity.title.create': 'New activity',
  'activity.title.detail': 'Activity #{{id}}',

  'activity.tab.all': 'All',
  'activity.tab.draft': 'Drafts',
  'activity.tab.scheduled': 'Scheduled',
  'activity.tab.running': 'Running',
  'activity.tab.ended': 'Ended',

  'activity.state.draft': 'Draft',
  'activity.state.scheduled': 'Scheduled',
  'activity.state.running': 'Running',
  'activity.state.ended': 'Ended',

  'activity.enabled.all': 'Enabled or closed',
  'activity.enabled.true': 'Enabled',
  'activity.enabled.false': 'Closed',

  'activity.search.placeholder': 'Search titles',
  'activity.filter.city': 'City',
  'activity.city.all': 'All cities',
  'activity.filter.startsAt': 'Starts',
  'activity.filter.endsAt': 'Ends',

  'activity.column.id': 'ID',
  'activity.column.title': 'Title',
  'activity.column.state': 'State',
  'activity.column.window': 'When',
  'activity.column.startsAt': 'Starts',
  'activity.column.endsAt': 'Ends',
  'activity.column.cities': 'Cities',
  'activity.column.projects': 'Projects',
  'activity.column.enabled': 'Enabled',
  'activity.column.actions': 'Actions',
  'activity.column.createdAt': 'Created',

  'activity.action.write': 'New activity',
  'activity.action.open': 'Open',
  'activity.action.back': 'Back to activities',
  'activity.action.save': 'Save',
  'activity.action.publish': 'Publish',
  'activity.action.withdraw': 'Back to draft',
  'activity.action.end': 'End now',
  'activity.action.enable': 'Enable',
  'activity.action.close': 'Close',

  'activity.end.title': 'End “{{title}}” now?',
  'activity.end.text':
    'It ends at once for every customer; an ended activity is not edited or started again.',

  'activity.close.title': 'Close “{{title}}”?',
  'activity.close.text': 'Customers no longer see it in the apps until it is enabled again.',
  'activity.close.bulkTitle_one': 'Close {{count}} activity',
  'activity.close.bulkTitle_other': 'Close {{count}} activities',
  'activity.close.bulkBody_one':
    'Customers no longer see the selected activity in the apps until it is enabled again.',
  'activity.close.bulkBody_other':
    'Customers no longer see the {{count}} selected activities in the apps until they are enabled again.',

  'activity.bulk.publish': 'Publish',
  'activity.bulk.enable': 'Enable',
  'activity.bulk.close': 'Close',
  'activity.bulk.title': 'Activities',

  'activity.empty': 'No activities',
  'activity.empty.hint': 'Write one with “New activity”, or change the search and filters.',

  'activity.field.title': 'Title',
  'activity.field.cover': 'Cover',
  'activity.field.content': 'Content',
  'activity.field.starts_at': 'Starts',
  'activity.field.ends_at': 'Ends',
  'activity.field.cities': 'Cities',
  'activity.field.project_ids': 'Projects',
  'activity.field.startsAt': 'Starts',
  'activity.field.endsAt': 'Ends',
  'activity.field.projects': 'Projects',
  'activity.field.version': 'Version',
  'activity.field.createdAt': 'Created',
  'activity.field.createdBy': 'Written by',
  'activity.placeholder.content': 'What customers see: the offer, its conditions, how to take part',

  'activity.form.timeInvalid': 'Enter a date and a time',
  'activity.form.runningHint':
    'It is running: only its content, cover and end change now. The title, start, cities and projects stay as customers see them.',
  'activity.form.closedChoice': '{{name}} (closed)',

  'activity.section.state': 'State',
  'activity.section.facts': 'Details',
  'activity.section.history': 'History',
  'activity.section.preview': 'Preview, as the apps show it',

  'activity.clock.startsAt': 'Starts {{time}}',
  'activity.clock.endsAt': 'Ends {{time}}',
  'activity.clock.endedAt': 'Ended {{time}}',
  'activity.clock.follows':
    'Scheduled, running and ended follow the clock: this page changes by itself when the time comes.',

  'activity.event.ActivityCreated': 'Written',
  'activity.event.ActivityEdited': 'Edited',
  'activity.event.ActivityPublished': 'Published',
  'activity.event.ActivityWithdrawn': 'Back to draft',
  'activity.event.ActivityEndedEarly': 'Ended early',
  'activity.event.ActivityEnabled': 'Enabled',
  'activity.event.ActivityClosed': 'Closed',
  'activity.event.ActivityCityRenamed': 'Service city renamed',

  'activity.reason.notDraft': 'Only a draft is published',
  'activity.reason.endPassed': 'Its end has passed: move the end later first',
  'activity.reason.notScheduled': 'Only an activity that has not started goes back to draft',
  'activity.reason.notRunning': 'Only a running activity is ended early',
  'activity.reason.ended': 'An ended activity is not edited',
  'activity.reason.runningFields': 'While it runs, only its content, cover and end change',
  'activity.reason.endNotAhead': 'A published activity keeps its end in the future',
  'activity.reason.noChanges': 'Nothing changed',
  'activity.reason.invalidEdit':
    'An activity keeps a title of 1 to 20 characters, content, a cover that is empty or an image, a start before its end, 1 to 50 cities and 1 to 50 projects',
  'activity.reason.alreadyEnabled': 'It is already enabled',
  'activity.reason.alreadyClosed': 'It is already closed',
  'activity.reason.cityNotNamed': 'It does not name that city, or already names the new one',
  'activity.reason.notAllowed': 'Not possible in this state',

  'activity.validation.title': 'A title of 1 to 20 characters',
  'activity.validation.content': 'Write the content (at most 50,000 characters, its formatting included)',
  'activity.validation.cover': 'An image address (http:// or https://) or an uploaded image',
  'activity.validation.window': 'The end must be after the start',
  'activity.validation.cities': 'Choose 1 to 50 cities',
  'activity.validation.projects': 'Choose 1 to 50 projects',
  'activity.validation.noCity': '{{city}} is not an open service city',
  'activity.validation.cityTwice': '{{city}} is chosen twice',
  'activity.validation.noProject': 'There is no open project {{id}}',
  'toast.activity.publish': 'Activity published.',
  'toast.activity.withdraw': 'Activity withdrawn.',
  'toast.activity.end': 'Activity ended.',
  'toast.activity.enable': 'Activity enabled.',
  'toast.activity.close': 'Activity closed.',
};
