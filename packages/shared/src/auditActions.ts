/**
 * Every action the audit log records, as the server names it (`withdrawal.approve`), with the
 * label the console shows for it. The server's audit action type is the keys of this table, so
 * an audited route cannot name an action the console has no label for. The order is the
 * console's filter list.
 */
import { L, type LocalizedText } from './i18n';

export const auditActionLabels = {
  'admin.login': L('登录', 'Signed in'),
  'admin.logout': L('退出', 'Signed out'),
  'admin.twoFactor.setup': L('生成两步验证密钥', 'Started two-factor setup'),
  'admin.twoFactor.enable': L('开启两步验证', 'Turned on two-factor'),
  'admin.twoFactor.reset': L('重置两步验证', 'Reset two-factor'),
  'admin.create': L('新建管理员', 'Created operator'),
  'admin.resetPassword': L('重置密码', 'Reset password'),
  'admin.setup': L('通过设置链接设置密码', 'Chose password (set-up link)'),
  'admin.update': L('修改管理员', 'Changed operator'),
  'card.reveal': L('查看卡密', 'Revealed card'),
  'approval.approve': L('批准复核', 'Approved request'),
  'approval.decline': L('驳回复核', 'Declined request'),
  'card.approve': L('卡密通过', 'Approved card'),
  'card.reject': L('卡密驳回', 'Rejected card'),
  'card.notActivated': L('标记未激活', 'Not activated'),
  'card.abnormal': L('标记异常', 'Marked abnormal'),
  'card.freeze': L('冻结结算', 'Froze credit'),
  'card.unfreeze': L('解冻结算', 'Released credit'),
  'card.bulkApprove': L('批量通过', 'Bulk approve'),
  'card.bulkReject': L('批量驳回', 'Bulk reject'),
  'card.appealDecide': L('处理申诉', 'Decided appeal'),
  'withdrawal.approve': L('提现审批', 'Approved withdrawal'),
  'withdrawal.reject': L('提现拒绝', 'Rejected withdrawal'),
  'withdrawal.offlinePaid': L('线下打款', 'Paid offline'),
  'withdrawal.offlineFailed': L('线下打款失败', 'Offline payment failed'),
  'withdrawal.retry': L('重新打款', 'Paid again'),
  'ledger.adjust': L('余额调整', 'Adjusted balance'),
  'feedback.reply': L('回复反馈', 'Answered feedback'),
  'shipment.received': L('实体卡签收', 'Marked received'),
  'content.richText.save': L('保存富文本', 'Saved rich text'),
  'settings.rebateRate': L('修改返佣比例', 'Changed rebate rate'),
  'settings.payoutLimits': L('修改打款限额', 'Changed payout limits'),
  'user.freeze': L('冻结用户', 'Froze user'),
  'user.unfreeze': L('解冻用户', 'Unfroze user'),
  'withdrawalChannel.update': L('修改提现渠道', 'Changed channel'),
  'content.foundation.save': L('保存基础设置', 'Saved site settings'),
  'content.upload': L('上传图片', 'Uploaded image'),
  'content.banners.create': L('新建轮播图', 'Added banner'),
  'content.banners.update': L('修改轮播图', 'Changed banner'),
  'content.banners.delete': L('删除轮播图', 'Deleted banner'),
  'content.notices.create': L('新建公告', 'Added announcement'),
  'content.notices.update': L('修改公告', 'Changed announcement'),
  'content.notices.delete': L('删除公告', 'Deleted announcement'),
  'content.broadcasts.create': L('新建播报', 'Added ticker line'),
  'content.broadcasts.update': L('修改播报', 'Changed ticker line'),
  'content.broadcasts.delete': L('删除播报', 'Deleted ticker line'),
  'content.faq.create': L('新建问题', 'Added FAQ'),
  'content.faq.update': L('修改问题', 'Changed FAQ'),
  'content.faq.delete': L('删除问题', 'Deleted FAQ'),
  'export.cards': L('导出卡密', 'Exported cards'),
  'export.withdrawals': L('导出提现', 'Exported withdrawals'),
  'export.users': L('导出用户', 'Exported users'),
  'catalogue.category.create': L('新建分类', 'Added category'),
  'catalogue.category.update': L('修改分类', 'Changed category'),
  'catalogue.cardType.create': L('新建卡种', 'Added card type'),
  'catalogue.cardType.update': L('修改卡种', 'Changed card type'),
  'catalogue.faceValue.save': L('保存面值', 'Saved face value'),
  'catalogue.faceValue.update': L('修改面值', 'Changed face value'),
  'message.resend': L('重发消息', 'Resent message'),
  'messageChannel.update': L('修改消息渠道', 'Changed message channel'),
  'merchant.approve': L('开通商户', 'Approved merchant'),
  'merchant.refuse': L('拒绝商户申请', 'Refused merchant'),
  'merchant.suspend': L('暂停商户', 'Suspended merchant'),
  'merchant.reinstate': L('恢复商户', 'Reinstated merchant'),
  'merchant.rates': L('修改商户费率', 'Changed merchant rates'),
  'merchant.resendCallback': L('重发商户回调', 'Resent merchant callback'),
} as const satisfies Record<string, LocalizedText>;

export type AuditAction = keyof typeof auditActionLabels;

export const auditActions = Object.keys(auditActionLabels) as AuditAction[];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && Object.hasOwn(auditActionLabels, value);
}
