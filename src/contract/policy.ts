/**
 * Who may do what: the one policy table, role × command. The server refuses a command the actor's role is not
 * listed for (403, `policy.adminOnly`); the console asks the same table before it offers a button
 * (`allowed(action)`), so neither states a role rule of its own.
 *
 * Keys are command types (`supplier.approve`), plus `<entity>.read` for reading lists, details, history and
 * exports. A command missing from the table is refused for everyone (a test checks every lifecycle command is
 * listed).
 */

/**
 * `admin` and `user` are staff signing in to the console; `system` is the marketplace apps (customers placing
 * and paying orders, suppliers accepting and serving them), calling the API with a service token.
 */
export const ROLES = ['admin', 'user', 'system'] as const;
export type Role = (typeof ROLES)[number];

const STAFF: readonly Role[] = ['admin', 'user'];
const ADMIN: readonly Role[] = ['admin'];
/** Done by customers and suppliers in the marketplace apps. */
const APPS: readonly Role[] = ['system'];
const STAFF_OR_APPS: readonly Role[] = ['admin', 'user', 'system'];
/** Only ever a consequence of another command (a refund sent credits the wallet), never asked for directly. */
const NOBODY: readonly Role[] = [];

export const POLICY = {
  // Suppliers: audit, service status, display, ranking and profile edits are day-to-day staff work; enabling and
  // closing a supplier (and so its account) is an admin decision.
  'supplier.read': STAFF,
  'supplier.create': STAFF,
  'supplier.approve': STAFF,
  'supplier.reject': STAFF,
  'supplier.resubmit': STAFF,
  'supplier.enable': ADMIN,
  'supplier.close': ADMIN,
  'supplier.takeOrders': STAFF,
  'supplier.rest': STAFF,
  // A supplier starts and finishes serving when its order does (order.start / order.finish), never on its own.
  'supplier.startService': NOBODY,
  'supplier.finishService': NOBODY,
  'supplier.show': STAFF,
  'supplier.hide': STAFF,
  'supplier.rank': STAFF,
  'supplier.edit': STAFF,
  // Projects: catalogue work is open to staff; closing takes a project off the catalogue (admin), as enabling
  // puts it back.
  'project.read': STAFF,
  'project.create': STAFF,
  'project.show': STAFF,
  'project.hide': STAFF,
  'project.enable': ADMIN,
  'project.close': ADMIN,
  'project.rank': STAFF,
  'project.edit': STAFF,
  // Service cities, commission and global settings are platform settings: everyone reads, admins change.
  'serviceCity.read': STAFF,
  'serviceCity.create': ADMIN,
  'serviceCity.enable': ADMIN,
  'serviceCity.close': ADMIN,
  'serviceCity.rank': ADMIN,
  'serviceCity.rename': ADMIN,
  'serviceCity.delete': ADMIN,
  'commission.read': STAFF,
  'commission.setDefault': ADMIN,
  'commission.setOverride': ADMIN,
  'commission.removeOverride': ADMIN,
  'settings.read': STAFF,
  'settings.update': ADMIN,
  // Customer accounts sign up in the apps and pay from their wallet there; staff close and reopen an account, and
  // an admin corrects a balance (with a reason).
  'customer.read': STAFF,
  'customer.create': APPS,
  'customer.enable': ADMIN,
  'customer.close': ADMIN,
  'customer.topUp': APPS,
  'customer.adjust': ADMIN,
  'customer.charge': NOBODY,
  'customer.credit': NOBODY,
  // Service orders: customers place and pay, suppliers accept or refuse, start and finish; staff assign and cancel.
  'order.read': STAFF,
  'order.create': APPS,
  'order.pay': APPS,
  'order.assign': STAFF,
  'order.accept': APPS,
  'order.refuse': APPS,
  'order.start': APPS,
  'order.finish': APPS,
  'order.cancel': STAFF,
  'order.reserveRefund': NOBODY,
  'order.releaseRefund': NOBODY,
  'order.refund': NOBODY,
  // Renewals: customers ask and pay; the supplier (or staff for them) confirms or declines.
  'renewal.read': STAFF,
  'renewal.create': APPS,
  'renewal.pay': APPS,
  'renewal.confirm': STAFF_OR_APPS,
  'renewal.decline': STAFF_OR_APPS,
  'renewal.reserveRefund': NOBODY,
  'renewal.releaseRefund': NOBODY,
  'renewal.refund': NOBODY,
  // Refunds: asked for by the customer or by staff; granted or rejected by an admin; sent by staff (by default
  // not the one who granted it: the four-eyes rule of the refund lifecycle).
  'refund.read': STAFF,
  'refund.create': STAFF_OR_APPS,
  'refund.grant': ADMIN,
  'refund.reject': ADMIN,
  'refund.send': STAFF,
  // Activities (marketing campaigns): staff write, publish and run them; their state follows the clock.
  'activity.read': STAFF,
  'activity.create': STAFF,
  'activity.edit': STAFF,
  'activity.publish': STAFF,
  'activity.withdraw': STAFF,
  'activity.end': STAFF,
  'activity.enable': STAFF,
  'activity.close': STAFF,
  // Follow a service city's rename (serviceCity.rename) and a project's (project.edit), never on their own.
  'activity.followCityRename': NOBODY,
  'activity.followProjectRename': NOBODY,
  // Notices: staff write system and help notices, an admin audits them before they go out; the apps mark them read.
  // Order notices are written by the system itself (server/modules/notices/orderNotices.ts), never through the API.
  'notice.read': STAFF,
  'notice.create': STAFF,
  'notice.edit': STAFF,
  'notice.approve': ADMIN,
  'notice.reject': ADMIN,
  'notice.enable': STAFF,
  'notice.close': STAFF,
  'notice.markRead': APPS,
  // Feedback: customers and suppliers send it and write again in the apps (which read the answers); staff answer
  // and resolve it.
  'feedback.read': STAFF_OR_APPS,
  'feedback.create': APPS,
  'feedback.addMessage': APPS,
  'feedback.reply': STAFF,
  'feedback.resolve': STAFF,
  // Promotion channels: an admin creates them with the step form and takes them offline or back; staff read them.
  'channel.read': STAFF,
  'channel.create': ADMIN,
  'channel.takeOffline': ADMIN,
  'channel.bringOnline': ADMIN,
  // Real-name certification: every member asks for and withdraws their own (a member reads only their own
  // requests); an administrator, never the applicant (the lifecycle's rule), certifies or rejects.
  'certification.read': STAFF,
  'certification.readAll': ADMIN,
  'certification.create': STAFF,
  'certification.withdraw': STAFF,
  'certification.approve': ADMIN,
  'certification.reject': ADMIN,
  // Media parameters (the group form): staff read them, an admin saves them.
  'mediaSettings.read': STAFF,
  'mediaSettings.save': ADMIN,
  // The user-info page (/user/info): a member's own activity in the log and the staff list (no secrets).
  'userInfo.read': STAFF,
} as const satisfies Record<string, readonly Role[]>;

export type PolicyAction = keyof typeof POLICY;

/** Whether `role` may do `action`; unknown actions and roles may not. */
export function mayRole(role: string | null | undefined, action: string): boolean {
  const roles = (POLICY as Record<string, readonly string[]>)[action];
  return !!role && !!roles && roles.includes(role);
}

/**
 * Why `role` may not do `action`, as an i18n key: an admin's decision, something the marketplace apps do, or
 * something that only happens as a consequence of another command.
 */
export function policyReason(action: string): 'policy.adminOnly' | 'policy.appsOnly' | 'policy.never' {
  const roles = (POLICY as Record<string, readonly string[]>)[action] ?? [];
  if (roles.includes('admin')) return 'policy.adminOnly';
  if (roles.includes('system')) return 'policy.appsOnly';
  return 'policy.never';
}
