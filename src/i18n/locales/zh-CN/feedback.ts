import type en from '../en-US/feedback';

export default {
  'errors.notFound.feedback': '反馈 {{id}} 不存在。',

  'feedback.title.list': '意见反馈',
  'feedback.title.detail': '反馈 #{{id}}',
  'feedback.detail.noId': '地址中没有指定反馈，请从反馈列表中打开。',

  'feedback.tab.all': '全部',
  'feedback.tab.pending': '待回复',
  'feedback.tab.replied': '已回复',
  'feedback.tab.resolved': '已解决',

  'feedback.state.pending': '待回复',
  'feedback.state.replied': '已回复',
  'feedback.state.resolved': '已解决',

  'feedback.kind.all': '全部类型',
  'feedback.kind.complaint': '投诉',
  'feedback.kind.suggestion': '建议',
  'feedback.kind.bug': '故障',
  'feedback.kind.other': '其他',

  'feedback.from.all': '全部来源',
  'feedback.from.customer': '客户',
  'feedback.from.supplier': '供应商',

  'feedback.search.placeholder': '搜索内容、姓名或订单号',
  'feedback.filter.submitted': '提交日期',
  'feedback.filter.order': '订单 #{{id}} 的反馈',
  'feedback.filter.supplier': '供应商 #{{id}} 的反馈',
  'feedback.empty': '暂无反馈',
  'feedback.empty.hint': '没有符合搜索和筛选条件的反馈。',

  'feedback.column.id': 'ID',
  'feedback.column.content': '反馈内容',
  'feedback.column.kind': '类型',
  'feedback.column.from': '反馈人',
  'feedback.column.order': '订单',
  'feedback.column.supplier': '供应商',
  'feedback.column.state': '状态',
  'feedback.column.messages': '消息数',
  'feedback.column.submitted': '提交时间',
  'feedback.column.updated': '最近动态',

  'feedback.action.back': '返回反馈列表',
  'feedback.action.reply': '回复',
  'feedback.action.send': '发送回复',
  'feedback.action.resolve': '标记解决',

  'feedback.section.conversation': '沟通记录',
  'feedback.section.status': '处理状态',
  'feedback.section.about': '反馈人与相关信息',
  'feedback.messages_one': '{{count}} 条消息',
  'feedback.messages_other': '{{count}} 条消息',

  'feedback.conversation.staff': '工作人员',
  'feedback.conversation.staffRole': '工作人员',
  'feedback.conversation.resolved': '{{name}} 标记为已解决',
  'feedback.conversation.reopened': '反馈人再次留言，反馈已重新打开',
  'feedback.conversation.image': '图片 {{n}}',

  'feedback.reply.label': '回复内容',
  'feedback.toast.replied': '回复已发送。',
  'feedback.reply.placeholder': '回复 {{name}}…',
  'feedback.reply.hint': 'Ctrl+Enter（Mac 上 ⌘+Enter）发送，反馈人在 App 中查看。',
  'feedback.resolve.title': '解决反馈 #{{id}}：{{content}}',
  'feedback.resolve.note': '如何解决的？备注选填，最多 {{max}} 个字符',

  'feedback.field.from': '反馈人',
  'feedback.field.contact': '联系方式',
  'feedback.field.order': '订单',
  'feedback.field.supplier': '供应商',
  'feedback.field.submitted': '提交时间',
  'feedback.field.updated': '最近动态',
  'feedback.field.note': '解决备注',
  'feedback.contact.none': '未填写',
  'feedback.order.none': '未关联',
  'feedback.supplier.none': '未关联',
  'feedback.about.order': '该订单的全部反馈',
  'feedback.about.supplier': '该供应商的全部反馈',

  'feedback.reason.messageRequired': '消息须为 1 到 2000 个字符',
  'feedback.reason.noteTooLong': '备注最多 500 个字符',
  'feedback.reason.resolved': '该反馈已解决；反馈人再次留言后会重新打开',
  'feedback.reason.notAllowed': '当前状态下不可执行此操作',

  'feedback.validation.images':
    '图片最多 {{max}} 张，须为 http:// 或 https:// 地址或已上传的文件（/uploads/…）',
  'feedback.validation.no_customer': '客户 {{id}} 不存在',
  'feedback.validation.no_supplier': '供应商 {{id}} 不存在',
  'feedback.validation.no_order': '订单 {{id}} 不存在',
  'toast.feedback.resolve': '反馈已解决。',
} satisfies Record<keyof typeof en, string>;
