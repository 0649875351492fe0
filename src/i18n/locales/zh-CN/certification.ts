import type en from '../en-US/certification';

// 实名认证（/user/setting 的“实名认证”标签页）：我的认证状态、申请表单、我的认证记录、管理员的审核列表、
// 申请规则以及生命周期的拒绝原因。
export default {
  'errors.notFound.certification': '认证申请 {{id}} 不存在。',

  'certification.title': '实名认证',
  'certification.intro':
    '使用居民身份证认证您的姓名。申请由您以外的管理员审核；证件号码只保留前四位和后四位。',
  'certification.type': '实名认证',
  'certification.state.all': '全部',
  'certification.state.none': '未认证',
  'certification.state.reviewing': '审核中',
  'certification.state.certified': '已认证',
  'certification.state.rejected': '未通过',
  'certification.state.withdrawn': '已撤回',
  'certification.standing.reviewing': '您的申请正在等待管理员审核，审核前可以撤回。',
  'certification.standing.certified': '您的姓名已通过认证。',
  'certification.rejectedBefore': '您上次的申请未通过：{{reason}} 请修改后重新申请。',

  'certification.field.real_name': '姓名',
  'certification.field.real_name.hint': '与身份证上的姓名一致',
  'certification.field.id_number': '身份证号码',
  'certification.field.id_number.hint': '18 位：17 位数字加一位数字或 X',
  'certification.submit': '申请认证',
  'certification.sent': '您的申请已提交审核。',

  'certification.mine.title': '我的认证记录',
  'certification.mine.empty': '您还没有申请过认证。',
  'certification.review.title': '待审核的申请',
  'certification.review.hint': '所有成员的申请。您可以通过或驳回他人的申请；您自己的申请由其他管理员审核。',
  'certification.review.empty': '这里没有申请。',

  'certification.column.submitted': '提交时间',
  'certification.column.applicant': '成员',
  'certification.column.type': '认证类型',
  'certification.column.state': '状态',
  'certification.column.reviewer': '审核人',
  'certification.column.review': '审核',
  'certification.column.actions': '操作',

  'certification.action.approve': '通过',
  'certification.action.reject': '驳回',
  'certification.action.withdraw': '撤回',
  'certification.approve.title': '通过 {{name}} 的认证？',
  'certification.approve.text': '请确认姓名与身份证号码相符。通过后该成员将显示为已认证。',
  'certification.reject.title': '驳回 {{name}} 的申请',
  'certification.reject.reason': '原因（申请人可以看到）',
  'certification.withdraw.title': '撤回认证申请？',
  'certification.withdraw.text': '撤回后不会再被审核，之后可以重新申请。',

  'certification.event.CertificationRequested': '申请了',
  'certification.event.CertificationApproved': '已通过',
  'certification.event.CertificationRejected': '已驳回',
  'certification.event.CertificationWithdrawn': '已撤回',

  'certification.validation.nameRequired': '请输入与身份证一致的姓名。',
  'certification.validation.nameLength': '姓名须为 {{realNameMin}} 到 {{realNameMax}} 个字符。',
  'certification.validation.idRequired': '请输入身份证号码。',
  'certification.validation.idFormat': '身份证号码须为 18 位：17 位数字加一位数字或 X，且出生日期真实。',
  'certification.validation.idChecksum': '身份证号码无效（最后一位校验码不符）。',

  'certification.validation.idBirth': '身份证号码中的出生日期须是 1900 年以后、今天以前的日期。',

  'certification.reason.ownRequest': '不能审核自己的申请，须由其他管理员审核。',
  'certification.reason.notApplicant': '只有申请人本人可以撤回申请。',
  'certification.reason.reasonRequired': '驳回须填写 1 到 200 个字符的原因。',
  'certification.reason.reviewed': '该申请已处理。',
  'certification.reason.open': '您已有审核中的申请或已通过认证。',
  'toast.certification.approve': '认证已通过。',
  'toast.certification.reject': '认证已驳回。',
} satisfies Record<keyof typeof en, string>;
