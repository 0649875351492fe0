// Real-name certification (/user/setting, the certification tab): where I stand, the form to ask, my requests,
// an administrator's review list, the request's rules and the lifecycle's refusals.
export default {
  'errors.notFound.certification': 'Certification request {{id}} does not exist.',

  'certification.title': 'Real-name certification',
  'certification.intro':
    'Certify your name with your resident ID card. An administrator other than you reviews the request; only the first and last four characters of the number are kept.',
  'certification.type': 'Real name',
  'certification.state.all': 'All',
  'certification.state.none': 'Not certified',
  'certification.state.reviewing': 'Under review',
  'certification.state.certified': 'Certified',
  'certification.state.rejected': 'Rejected',
  'certification.state.withdrawn': 'Withdrawn',
  'certification.standing.reviewing':
    'Your request is waiting for an administrator. You may withdraw it meanwhile.',
  'certification.standing.certified': 'Your name is certified.',
  'certification.rejectedBefore': 'Your last request was rejected: {{reason}} Correct it and ask again.',

  'certification.field.real_name': 'Name',
  'certification.field.real_name.hint': 'As it is on your ID card',
  'certification.field.id_number': 'ID card number',
  'certification.field.id_number.hint': '18 characters: 17 digits and a digit or X',
  'certification.submit': 'Ask for certification',
  'certification.sent': 'Your request was sent for review.',

  'certification.mine.title': 'My certification records',
  'certification.mine.empty': 'You have not asked for certification yet.',
  'certification.review.title': 'Requests to review',
  'certification.review.hint':
    'Every member’s requests. You certify or reject others’; your own is for another administrator.',
  'certification.review.empty': 'No requests here.',

  'certification.column.submitted': 'Submitted',
  'certification.column.applicant': 'Member',
  'certification.column.type': 'Type',
  'certification.column.state': 'State',
  'certification.column.reviewer': 'Reviewed by',
  'certification.column.review': 'Review',
  'certification.column.actions': 'Actions',

  'certification.action.approve': 'Certify',
  'certification.action.reject': 'Reject',
  'certification.action.withdraw': 'Withdraw',
  'certification.approve.title': 'Certify {{name}}?',
  'certification.approve.text':
    'You checked the name against the ID card number. The member will show as certified.',
  'certification.reject.title': 'Reject the request of {{name}}',
  'certification.reject.reason': 'Reason (the member reads it)',
  'certification.withdraw.title': 'Withdraw your certification request?',
  'certification.withdraw.text': 'It will not be reviewed. You may ask again afterwards.',

  'certification.event.CertificationRequested': 'asked for',
  'certification.event.CertificationApproved': 'certified',
  'certification.event.CertificationRejected': 'rejected',
  'certification.event.CertificationWithdrawn': 'withdrew',

  'certification.validation.nameRequired': 'Please enter your name as it is on your ID card.',
  'certification.validation.nameLength': 'The name must be {{realNameMin}} to {{realNameMax}} characters.',
  'certification.validation.idRequired': 'Please enter your ID card number.',
  'certification.validation.idFormat':
    'The ID card number must be 18 characters: 17 digits and a digit or X, with a real birth date.',
  'certification.validation.idChecksum':
    'The ID card number is not valid (its last character does not match).',

  'certification.validation.idBirth':
    'The birth date in the ID card number must be a past day, from 1900 on.',

  'certification.reason.ownRequest': 'Nobody reviews their own request: another administrator must.',
  'certification.reason.notApplicant': 'Only the member who asked may withdraw the request.',
  'certification.reason.reasonRequired': 'A rejection needs a reason of 1 to 200 characters.',
  'certification.reason.reviewed': 'The request has already been decided.',
  'certification.reason.open': 'You already have a request under review or are certified.',
  'toast.certification.approve': 'Certification approved.',
  'toast.certification.reject': 'Certification rejected.',
};
