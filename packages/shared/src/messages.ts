/**
 * Texts the server keeps or returns as data rather than as an error code: a stored reason is a
 * key and its params, rendered for each reader in their language by `renderMessage` (i18n.ts),
 * the same renderer as the code table's in codes.ts.
 */
import { L, renderMessage, type Locale, type LocalizedText, type MessageParams } from './i18n';

/** Why a payout did not reach the payee, as the payee reads it: what happened and what to do. */
const payoutReasons = {
  'payout.failed': L('打款失败，金额已退回余额', 'The payout failed; the amount is back in your balance'),
  'payout.notConfirmed': L(
    '收款人未在24小时内确认收款，金额已退回余额',
    'The payee did not confirm receipt within 24 hours; the amount is back in your balance',
  ),
  'payout.simulatedFailed': L('模拟打款失败', 'The simulated payout failed'),
  'payout.invalidAmount': L('提现金额无效，请重新提现', 'The amount is not valid; withdraw again'),

  'payout.alipay.platformAccount': L(
    '平台付款账户暂时无法付款，请稍后重试或联系客服',
    "The platform's paying account cannot pay right now; try again later or contact customer service",
  ),
  'payout.alipay.platformProduct': L(
    '平台支付宝转账暂不可用，请改用其他收款方式或联系客服',
    "The platform's Alipay transfers are unavailable; choose another payout method or contact customer service",
  ),
  'payout.alipay.singleLimit': L(
    '超过支付宝单笔转账限额，请减少提现金额后重试',
    'The amount is above the Alipay single-transfer limit; withdraw a smaller amount',
  ),
  'payout.alipay.dailyLimit': L(
    '已超过支付宝当日转账限额，请明天再提现',
    "Today's Alipay transfer limit is reached; withdraw again tomorrow",
  ),
  'payout.alipay.payeeNotExist': L(
    '收款支付宝账户不存在，请核对账户后重新提现',
    'The Alipay account does not exist; check the account and withdraw again',
  ),
  'payout.alipay.payeeNameMismatch': L(
    '支付宝账户与实名姓名不一致，请使用本人实名的支付宝账户',
    'The Alipay account does not match your real name; use an Alipay account in your own name',
  ),
  'payout.alipay.payeeAccountStatus': L(
    '收款支付宝账户状态异常，请在支付宝中查看或改用其他账户',
    'The Alipay account cannot receive money; check it in Alipay or use another account',
  ),
  'payout.alipay.payeePhoneShared': L(
    '该手机号对应多个支付宝账户，请改用邮箱账户或其他收款方式',
    'This phone number belongs to several Alipay accounts; use the email login or another payout method',
  ),
  'payout.alipay.identityTheft': L(
    '收款账户存在身份冒用风险，请在支付宝中完成身份核验后再提现',
    'Alipay suspects the account is used by someone else; verify your identity in Alipay and withdraw again',
  ),
  'payout.alipay.payeeNotCertified': L(
    '收款支付宝账户未实名认证，请完成实名认证后再提现',
    'The Alipay account is not real-name verified; verify it in Alipay and withdraw again',
  ),
  'payout.alipay.payeeIdentityIncomplete': L(
    '收款支付宝账户身份信息不完整，请在支付宝中完善后再提现',
    "The Alipay account's identity details are incomplete; complete them in Alipay and withdraw again",
  ),
  'payout.alipay.payeeBlocked': L(
    '收款支付宝账户已被限制收款，请改用其他收款方式',
    'The Alipay account may not receive money; choose another payout method',
  ),
  'payout.alipay.belowMinimum': L('提现金额低于支付宝最低转账金额 0.10 元', 'The amount is below the Alipay minimum transfer of 0.10 yuan'),
  'payout.alipay.invalidParameter': L(
    '转账信息有误，请核对收款账户后重试或联系客服',
    'The transfer details were not accepted; check the payee account or contact customer service',
  ),
  'payout.alipay.memoRequired': L('大额转账需填写转账理由，请联系客服', 'A large transfer needs a stated reason; contact customer service'),
  'payout.alipay.transferFailedWithDetail': L(
    '支付宝转账失败：{detail}，请核对收款账户后重新提现',
    'Alipay could not complete the transfer ({detail}); check the payee account and withdraw again',
  ),
  'payout.alipay.transferFailed': L(
    '支付宝转账失败，请核对收款账户后重新提现',
    'Alipay could not complete the transfer; check the payee account and withdraw again',
  ),
  'payout.alipay.refused': L('支付宝拒绝了转账：{said}', 'Alipay refused the transfer: {said}'),
  'payout.alipay.invalidOutBizNo': L(
    '提现单号不被支付宝接受，请联系客服',
    'The withdrawal number is not accepted by Alipay; contact customer service',
  ),
  'payout.alipay.payeeMissing': L('请填写支付宝账户和实名姓名后再提现', 'Enter the Alipay account and your real name, then withdraw'),

  'payout.wechat.accountFrozen': L(
    '收款微信账户已被冻结，请解除冻结或改用其他收款方式',
    'The receiving WeChat account is frozen; unfreeze it or choose another payout method',
  ),
  'payout.wechat.accountNotExist': L(
    '收款微信账户不存在，请重新绑定微信后再提现',
    'The receiving WeChat account does not exist; bind WeChat again and withdraw',
  ),
  'payout.wechat.monthlyLimitRule': L(
    '已超过本月微信收款限额，请下月再提现或改用其他收款方式',
    "This month's WeChat receiving limit is reached; withdraw next month or choose another payout method",
  ),
  'payout.wechat.monthlyLimit': L(
    '微信账户本月收款受限，请改用其他收款方式',
    'Your WeChat account cannot receive more this month; choose another payout method',
  ),
  'payout.wechat.dailyCount': L(
    '已超过今日微信收款次数，请明天再提现',
    "Today's WeChat receiving count is used up; withdraw again tomorrow",
  ),
  'payout.wechat.dailyQuota': L(
    '已超过今日微信收款额度，请明天再提现',
    "Today's WeChat receiving limit is reached; withdraw again tomorrow",
  ),
  'payout.wechat.idCardMismatch': L(
    '收款人身份证校验不通过，请核对实名信息',
    "The payee's ID number did not match; check your real-name details",
  ),
  'payout.wechat.cancelled': L('转账已撤销，金额已退回余额', 'The transfer was withdrawn; the amount is back in your balance'),
  'payout.wechat.merchantRejected': L('平台已驳回本次转账，请联系客服', 'The platform rejected this transfer; contact customer service'),
  'payout.wechat.merchantNotConfirmed': L(
    '平台未及时确认本次转账，请重新提现',
    'The platform did not confirm this transfer in time; withdraw again',
  ),
  'payout.wechat.nameMismatch': L(
    '收款人姓名与微信实名不一致，请使用本人实名的微信收款',
    "The payee's name does not match the WeChat real name; use a WeChat account in your own name",
  ),
  'payout.wechat.openidInvalid': L(
    '收款微信账户无效，请重新绑定微信后再提现',
    'The receiving WeChat account is not valid here; bind WeChat again and withdraw',
  ),
  'payout.wechat.otherFailure': L(
    '微信支付未能完成转账，请稍后重试或联系客服',
    'WeChat Pay could not complete the transfer; try again later or contact customer service',
  ),
  'payout.wechat.otherFailureWithCode': L(
    '微信支付未能完成转账，请稍后重试或联系客服（{code}）',
    'WeChat Pay could not complete the transfer; try again later or contact customer service ({code})',
  ),
  'payout.wechat.overdueClosed': L(
    '转账超时已关闭，金额已退回余额，请重新提现',
    'The transfer expired and was closed; the amount is back in your balance, withdraw again',
  ),
  'payout.wechat.payeeAccountAbnormal': L(
    '微信账户收款异常，请在微信支付中完善身份信息后再提现',
    'Your WeChat account cannot receive money; complete your identity details in WeChat Pay and withdraw again',
  ),
  'payout.wechat.payerAccountAbnormal': L(
    '平台付款账户暂时受限，请稍后重试或联系客服',
    "The platform's paying account is restricted; try again later or contact customer service",
  ),
  'payout.wechat.productUnavailable': L(
    '平台微信转账功能暂不可用，请改用其他收款方式或联系客服',
    "The platform's WeChat transfers are unavailable; choose another payout method or contact customer service",
  ),
  'payout.wechat.realNameQuota': L(
    '微信账户收款受限，请在微信支付中查看详情',
    'Your WeChat account has reached a receiving limit; see the details in WeChat Pay',
  ),
  'payout.wechat.realNameUnverified': L(
    '收款微信账户未实名认证，请在微信中完成实名认证后再提现',
    'The receiving WeChat account is not real-name verified; verify it in WeChat and withdraw again',
  ),
  'payout.wechat.notConfigured': L(
    '平台微信转账未配置完成，请联系客服',
    "The platform's WeChat transfers are not set up; contact customer service",
  ),
  'payout.wechat.singleLimit': L(
    '超过微信单笔收款额度，请减少提现金额后重试',
    'The amount is above the WeChat single-transfer limit; withdraw a smaller amount',
  ),
  'payout.wechat.remarkFailed': L('转账备注设置失败，请重新提现', 'The transfer note could not be set; withdraw again'),
  'payout.wechat.risk': L(
    '本次转账存在风险被微信支付拦截，请改用其他收款方式',
    'WeChat Pay stopped this transfer as risky; choose another payout method',
  ),
  'payout.wechat.sceneUnavailable': L(
    '平台微信转账场景不可用，请联系客服',
    "The platform's WeChat transfer scene is unavailable; contact customer service",
  ),
  'payout.wechat.refused': L('微信支付拒绝了转账：{said}', 'WeChat Pay refused the transfer: {said}'),
  'payout.wechat.invalidOutBillNo': L(
    '提现单号格式不被微信支付接受，请联系客服',
    'The withdrawal number is not accepted by WeChat Pay; contact customer service',
  ),
  'payout.wechat.notBound': L(
    '未绑定微信，请先在微信中登录后再提现',
    'No WeChat account is bound; log in from WeChat first, then withdraw',
  ),
  'payout.wechat.nameRequired': L(
    '单笔 2000 元及以上需要实名信息，请先完成实名认证',
    'From 2,000 yuan the real name is required; verify your real name first',
  ),
} as const satisfies Record<`payout.${string}`, LocalizedText>;

/** Words put into a code's message, e.g. "already {status}". */
const words = {
  'approval.status.pending': L('待复核', 'pending'),
  'approval.status.approved': L('批准', 'approved'),
  'approval.status.declined': L('驳回', 'declined'),
  'user.action.freeze': L('冻结', 'frozen'),
  'user.action.unfreeze': L('解冻', 'unfrozen'),
  'card.action.approve': L('通过', 'approved'),
  'card.action.reject': L('驳回', 'rejected'),
  'card.action.notActivated': L('标记为未激活', 'marked not activated'),
  'card.action.abnormal': L('标记为异常', 'marked abnormal'),
  'card.action.freeze': L('冻结', 'frozen'),
  'card.action.unfreeze': L('解冻', 'unfrozen'),
  'card.action.decide': L('处理申诉', 'decided as an appeal'),
} as const satisfies Record<string, LocalizedText>;

/** What a reviewer is told when a decision waits for a second operator (the answer's msg, or a batch item's reason). */
const secondReview = {
  'card.secondApprovalRequested': L(
    '已提交复核：需另一位不同的操作员在“待复核”中批准后生效',
    'Recorded for a second approval: it takes effect once a different operator approves it under Second approvals',
  ),
  'card.awaitingSecondReviewer': L(
    '金额较大（单笔或24小时内累计），已提交复核，需另一位审核员在“待复核”中批准',
    'a large amount (on its own, or with what was passed without a second reviewer in 24 hours): recorded for a second reviewer, who approves it under Second approvals',
  ),
  'card.awaitingSecondReviewerChannel': L(
    '渠道曾判定该卡无效（如已使用）或未激活，已提交复核，需另一位审核员在“待复核”中批准',
    'the card channel rejected this card (used, for one) or found it not activated: recorded for a second reviewer, who approves it under Second approvals',
  ),
} as const satisfies Record<string, LocalizedText>;

/** How a refused batch of cards names its lines. */
const cardBatch = {
  'card.alreadySubmitted': L(
    '这张卡已被提交过，正在处理或已回收，不能重复提交',
    'This card was already submitted and is being processed or was bought; it cannot be submitted again',
  ),
  'card.batch.line': L('第{line}行', 'line {line}'),
  'card.batch.more': L('等{count}处', 'and {rest} more'),
  'card.batch.separator': L('；', '; '),
  'card.field.cardNo': L('卡号', 'card number'),
  'card.field.cardPwd': L('卡密', 'card PIN'),
  'card.allowed.digits': L('数字', 'digits'),
  'card.allowed.letters': L('字母', 'letters'),
  'card.allowed.digitsAndLetters': L('数字和字母', 'digits and letters'),
  'card.line.required': L('请输入{field}', 'Enter the {field}'),
  'card.line.invalidCharacters': L('{field}只能包含{allowed}，请删除：{chars}', 'The {field} may contain {allowed} only; remove: {chars}'),
  'card.line.invalidCharactersAndLength': L(
    '{field}只能包含{allowed}，请删除：{chars}；{length}',
    'The {field} may contain {allowed} only; remove: {chars}. {length}',
  ),
  'card.line.wrongLength': L('{field}应为{expected}位，当前为{actual}位', 'The {field} must be {expected} characters; it has {actual}'),
  'card.line.tooLong': L('{field}不能超过{max}位，当前为{actual}位', 'The {field} must be at most {max} characters; it has {actual}'),
  'card.line.notNeeded': L('该卡种只需卡密，请删除卡号', 'This card type takes the PIN only; remove the card number'),
  'card.line.duplicate': L('与第{line}行是同一张卡，请删除其中一行', 'Same card as line {line}; remove one of the two lines'),
  'card.aboveDeclared': L(
    '渠道报告面值{actual}，高于申报面值，待人工审核',
    'The supplier reports {actual}, more than declared: awaiting manual review',
  ),
} as const satisfies Record<`card.${string}`, LocalizedText>;

/**
 * Why a card supplier refused a card. Suppliers answer in Chinese; a reason in these words is kept
 * as its key (`supplierReason`) so each reader gets it in their language.
 */
const supplierReasons = {
  'card.supplier.used': L('卡密已被使用', 'This card PIN has already been used'),
  'card.supplier.notActivated': L('卡未激活', 'This card has not been activated yet'),
  'card.supplier.issuerAbnormal': L('发卡方返回异常', 'The card issuer gave no clear answer'),
} as const satisfies Record<`card.supplier.${string}`, LocalizedText>;

/** A user's default nickname, until they choose one: never stored, so each reader gets their language. */
const userTexts = {
  'user.defaultNickname': L('用户{digits}', 'User {digits}'),
} as const satisfies Record<`user.${string}`, LocalizedText>;

/** What a request's field must be, after its name (schemas' own words are in reasons.ts). */
const validation = {
  'validation.required': L('必填', 'is required'),
  'validation.type': L('应为{type}', 'must be {type}'),
  'validation.typeName.string': L('文本', 'text'),
  'validation.typeName.number': L('数字', 'a number'),
  'validation.typeName.int': L('整数', 'a whole number'),
  'validation.typeName.boolean': L('布尔值', 'true or false'),
  'validation.typeName.object': L('对象', 'an object'),
  'validation.typeName.array': L('数组', 'a list'),
  'validation.oneOf': L('只能是 {values} 之一', 'must be one of {values}'),
  'validation.unknownField': L('不认识的字段 {keys}', 'unknown field {keys}'),
  'validation.wrongFormat': L('格式不正确', 'has the wrong format'),
  'validation.minChars': L('至少{n}个字符', 'must be at least {n} characters'),
  'validation.maxChars': L('最多{n}个字符', 'must be at most {n} characters'),
  'validation.minItems': L('至少{n}项', 'must have at least {n} items'),
  'validation.maxItems': L('最多{n}项', 'must have at most {n} items'),
  'validation.min': L('不能小于{n}', 'must be at least {n}'),
  'validation.max': L('不能大于{n}', 'must be at most {n}'),
} as const satisfies Record<`validation.${string}`, LocalizedText>;

/** What was not found: `{thing}` of the NotFound message. */
const things = {
  'thing.card': L('该卡', 'This card'),
  'thing.order': L('该订单', 'This order'),
  'thing.cardType': L('该卡种', 'This card type'),
  'thing.category': L('该分类', 'This category'),
  'thing.faceValue': L('该面值', 'This face value'),
  'thing.user': L('用户', 'User'),
  'thing.payee': L('收款账户', 'Payee account'),
  'thing.withdrawalChannel': L('提现渠道', 'Withdrawal channel'),
  'thing.withdrawal': L('提现记录', 'Withdrawal'),
  'thing.admin': L('管理员', 'Admin account'),
  'thing.approvalRequest': L('复核申请', 'Approval request'),
  'thing.feedback': L('该反馈', 'This feedback'),
  'thing.image': L('该图片', 'This image'),
  'thing.verification': L('实名认证记录', 'The verification'),
  'thing.notice': L('公告', 'Announcement'),
  'thing.content': L('该内容', 'This content'),
  'thing.banner': L('轮播图', 'Banner'),
  'thing.broadcast': L('滚动播报', 'Ticker line'),
  'thing.faq': L('常见问题', 'FAQ entry'),
  'thing.messageDelivery': L('该消息发送记录', 'This message delivery'),
  'thing.route': L('接口 {route} ', 'The route {route}'),
  'thing.merchant': L('该商户', 'This merchant'),
  'thing.merchantKey': L('该密钥', 'This API key'),
  'thing.merchantOrder': L('该商户订单', 'This merchant order'),
} as const satisfies Record<`thing.${string}`, LocalizedText>;

/** Merchants: what a signature header must be (`{rule}`), and why a callback address is refused (`{reason}`). */
const merchantTexts = {
  'merchant.header.key': L('应为密钥 ID（mk_ 加 24 位十六进制）', 'it must be the key id, mk_ and 24 hex digits'),
  'merchant.header.timestamp': L('应为当前的 Unix 秒数（只含数字）', 'it must be the current Unix time in seconds, digits only'),
  'merchant.header.nonce': L('应为 16 到 64 位字母、数字、_ 或 -', 'it must be 16 to 64 letters, digits, _ or -'),
  'merchant.header.signature': L('应为 64 位小写十六进制', 'it must be 64 lowercase hex digits'),
  'merchant.notifyUrl.invalid': L('不是有效的网址', 'it is not a valid web address'),
  'merchant.notifyUrl.notHttps': L('必须以 https:// 开头', 'it must start with https://'),
  'merchant.notifyUrl.credentials': L('不能包含用户名或密码', 'it must not carry a user name or password'),
  'merchant.notifyUrl.unresolved': L('域名 {host} 无法解析', 'the host name {host} does not resolve'),
  'merchant.notifyUrl.private': L(
    '它指向 {address}，属于内网、本机、链路本地或保留地址',
    'it leads to {address}, a private, loopback, link-local or reserved address',
  ),
  'merchant.notApplied': L('未申请', 'not applied'),
  'merchant.action.approve': L('开通', 'approved'),
  'merchant.action.refuse': L('拒绝', 'refused'),
  'merchant.action.suspend': L('暂停', 'suspended'),
  'merchant.action.reinstate': L('恢复', 'reinstated'),
} as const satisfies Record<`merchant.${string}`, LocalizedText>;

/** Why we settled a real-name verification ourselves (the provider's own reasons are kept as it said them). */
const faceReasons = {
  'face.faceMismatch': L('人脸与身份证信息不一致，请本人重新认证', 'The face did not match the ID; the holder should try again'),
  'face.superseded': L('已重新发起认证，本次认证作废', 'A newer verification replaced this one'),
  'face.abandoned': L('认证超时未完成，请重新发起', 'The verification was not finished in time; start a new one'),
  'face.idTaken': L('该身份证号已在其他账号完成实名认证', 'This ID number is already verified on another account'),
} as const satisfies Record<`face.${string}`, LocalizedText>;

/** What still keeps an account open: `{items}` of the refused cancellation. */
const closureItems = {
  'closure.cardsUnderReview': L('审核中的卡（{count}张）', 'cards under review ({count})'),
  'closure.withdrawals': L('提现', 'withdrawals'),
  'closure.cardsNotActivated': L('未激活的卡（{count}张）', 'cards not activated ({count})'),
  'closure.cardsAbnormal': L('异常的卡（{count}张）', 'abnormal cards ({count})'),
  'closure.cardsAwaitingCredit': L('待入账或结算已冻结的卡（{count}张）', 'cards whose settlement is pending or frozen ({count})'),
  'closure.pendingApprovals': L('待复核的操作（{count}项）', 'operations awaiting a second approval ({count})'),
} as const satisfies Record<`closure.${string}`, LocalizedText>;

/** What an operator tried to do to a withdrawal: `{action}` of its state conflict ("cannot be {action}"). */
const withdrawalActions = {
  'withdrawal.action.start': L('开始打款', 'started'),
  'withdrawal.action.paid': L('标记为成功', 'marked paid'),
  'withdrawal.action.failed': L('标记为失败', 'marked failed'),
  'withdrawal.action.awaitConfirmation': L('转为等待确认', 'set to await confirmation'),
  'withdrawal.action.retry': L('重新打款', 'retried'),
  'withdrawal.action.offlinePaid': L('标记为线下已付', 'marked paid offline'),
  'withdrawal.action.offlineFailed': L('标记为线下失败', 'marked failed offline'),
  'withdrawal.action.reject': L('驳回', 'rejected'),
} as const satisfies Record<`withdrawal.action.${string}`, LocalizedText>;

/**
 * Why a message was not sent on a channel, when the reason is ours rather than the vendor's: kept
 * as a delivery's answer (by key) for support, who reads it in their language.
 */
const deliveryReasons = {
  'delivery.accountCancelled': L('账户已注销，未发送', 'Not sent: the account was cancelled'),
  'delivery.turnedOff': L('用户已关闭此类消息的该渠道，未发送', 'Not sent: the user turned this channel off for this message'),
  'delivery.unreachable': L(
    '用户已没有该渠道的手机号或小程序账号，未发送',
    'Not sent: the user no longer has a phone or mini-program account for this channel',
  ),
  'delivery.noConsent': L('用户没有剩余的订阅授权，未发送', 'Not sent: the user has no subscription consent left for this template'),
  'delivery.smsHourlyCap': L(
    '该用户本小时的通知短信已达上限，未发送',
    'Not sent: the user already got the most SMS notices allowed in an hour',
  ),
  'delivery.channelOff': L(
    '渠道已关闭或此类消息没有模板 ID，未发送；在消息渠道设置中补上后可重发',
    'Not sent: the channel is off or has no template id for this message; fix it in the channel settings, then resend',
  ),
  'delivery.outcomeUnknown': L(
    '发送中断，结果未知；确认用户没有收到后再重发',
    'Sending was interrupted and its outcome is unknown; resend only after checking the user did not get it',
  ),
} as const satisfies Record<`delivery.${string}`, LocalizedText>;

/** The simulated courier's track (a real tracking service's events come in its own words). */
const logisticsSim = {
  'logistics.sim.pickedUp': L('【{from}】快件已揽收', 'Picked up in {from}'),
  'logistics.sim.departed': L('快件已从【{from}转运中心】发出', 'Left the {from} sorting centre'),
  'logistics.sim.arrived': L('快件已到达【{to}转运中心】', 'Arrived at the {to} sorting centre'),
  'logistics.sim.outForDelivery': L('【{to}】快件派送中，派件员正在为您派件', 'Out for delivery in {to}'),
  'logistics.sim.delivered': L('快件已签收，签收人：前台代收', 'Delivered; signed for at the front desk'),
  'logistics.city.shenzhen': L('深圳', 'Shenzhen'),
  'logistics.city.guangzhou': L('广州', 'Guangzhou'),
  'logistics.city.shanghai': L('上海', 'Shanghai'),
  'logistics.city.hangzhou': L('杭州', 'Hangzhou'),
  'logistics.city.beijing': L('北京', 'Beijing'),
  'logistics.city.chengdu': L('成都', 'Chengdu'),
  'logistics.city.wuhan': L('武汉', 'Wuhan'),
  'logistics.city.nanjing': L('南京', 'Nanjing'),
} as const satisfies Record<`logistics.${string}`, LocalizedText>;

/** The face-verification simulator's page (development and tests only). */
const faceSimPage = {
  'faceSim.title': L('人脸认证（模拟）', 'Face verification (simulated)'),
  'faceSim.lead': L(
    '这是开发与测试用的模拟认证页，不会采集人脸。',
    'A simulated verification page for development and testing; no face is captured.',
  ),
  'faceSim.name': L('认证姓名', 'Name'),
  'faceSim.pass': L('认证通过', 'Pass'),
  'faceSim.fail': L('认证不通过', 'Fail'),
  'faceSim.passed': L('已模拟认证通过', 'Verification passed (simulated)'),
  'faceSim.failed': L('已模拟认证不通过', 'Verification failed (simulated)'),
  'faceSim.decided': L('本次认证已有结果', 'This verification already has a result'),
  'faceSim.back': L('请返回卖卡 App 查看认证结果。', 'Go back to the Maika app to see the result.'),
  'faceSim.missing': L(
    '认证记录不存在，请回到 App 重新发起实名认证。',
    'This verification does not exist; go back to the app and start a new one.',
  ),
} as const satisfies Record<`faceSim.${string}`, LocalizedText>;

/** Column headers and yes/no cells of the console's CSV exports, in the operator's language. */
const exportTexts = {
  'export.yes': L('是', 'yes'),
  'export.no': L('否', 'no'),
  'export.card.id': L('卡ID', 'Card id'),
  'export.card.orderNo': L('订单号', 'Order no.'),
  'export.card.userId': L('用户ID', 'User id'),
  'export.card.phone': L('手机号', 'Phone'),
  'export.card.goodsName': L('卡种', 'Card type'),
  'export.card.cardNoMasked': L('卡号（脱敏）', 'Card no. (masked)'),
  'export.card.declaredValue': L('申报面值（元）', 'Declared value (yuan)'),
  'export.card.actualValue': L('实际面值（元）', 'Actual value (yuan)'),
  'export.card.settlement': L('结算金额（元）', 'Settlement (yuan)'),
  'export.card.status': L('状态', 'Status'),
  'export.card.settlementStatus': L('结算状态', 'Settlement'),
  'export.card.rejectReason': L('驳回原因', 'Reject reason'),
  'export.card.submittedAt': L('提交时间', 'Submitted at'),
  'export.card.reviewedAt': L('审核时间', 'Reviewed at'),
  'export.withdrawal.id': L('提现ID', 'Withdrawal id'),
  'export.withdrawal.orderNo': L('提现单号', 'Order no.'),
  'export.withdrawal.userId': L('用户ID', 'User id'),
  'export.withdrawal.phone': L('手机号', 'Phone'),
  'export.withdrawal.channel': L('渠道', 'Channel'),
  'export.withdrawal.payeeName': L('收款人（脱敏）', 'Payee (masked)'),
  'export.withdrawal.payeeAccount': L('收款账号（脱敏）', 'Account (masked)'),
  'export.withdrawal.amount': L('提现金额（元）', 'Amount (yuan)'),
  'export.withdrawal.fee': L('手续费（元）', 'Fee (yuan)'),
  'export.withdrawal.status': L('状态', 'Status'),
  'export.withdrawal.failReason': L('失败原因', 'Failure reason'),
  'export.withdrawal.requestedAt': L('申请时间', 'Requested at'),
  'export.withdrawal.paidAt': L('打款时间', 'Paid at'),
  'export.user.id': L('用户ID', 'User id'),
  'export.user.phone': L('手机号', 'Phone'),
  'export.user.nickname': L('昵称', 'Nickname'),
  'export.user.status': L('状态', 'Status'),
  'export.user.verified': L('已实名', 'Verified'),
  'export.user.referrerId': L('推荐人ID', 'Referrer id'),
  'export.user.available': L('可用余额（元）', 'Available (yuan)'),
  'export.user.joinedAt': L('注册时间', 'Joined at'),
} as const satisfies Record<`export.${string}`, LocalizedText>;

export const textCatalogue = {
  ...payoutReasons,
  ...words,
  ...secondReview,
  ...things,
  ...faceReasons,
  ...cardBatch,
  ...supplierReasons,
  ...userTexts,
  ...validation,
  ...logisticsSim,
  ...faceSimPage,
  ...exportTexts,
  ...closureItems,
  ...withdrawalActions,
  ...deliveryReasons,
  ...merchantTexts,
} as const;

/** A catalogue text in both languages, its params filled: for a param of a code's message. */
export function bothLanguages(ref: TextRef): LocalizedText {
  return { 'zh-CN': renderText(ref, 'zh-CN'), 'en-US': renderText(ref, 'en-US') };
}

export type TextKey = keyof typeof textCatalogue;
export type PayoutReasonKey = keyof typeof payoutReasons;

/** A catalogue text by reference: what a service returns or stores instead of words. */
export interface TextRef<K extends TextKey = TextKey> {
  key: K;
  params?: MessageParams;
}

export const payoutReasonKeys = Object.keys(payoutReasons) as PayoutReasonKey[];

export function isTextKey(value: unknown): value is TextKey {
  return typeof value === 'string' && Object.hasOwn(textCatalogue, value);
}

export function renderText(ref: TextRef, locale: Locale): string {
  return renderMessage(textCatalogue[ref.key][locale], ref.params, locale);
}

/** A text as stored or passed between services: what a person typed, or a catalogue reference. */
export type StoredText = string | TextRef;

/** A supplier's reason as stored: our key when it is in the words of one we know, else as said. */
export function supplierReason(said: string): StoredText {
  const known = (Object.keys(supplierReasons) as (keyof typeof supplierReasons)[]).find(
    (key) => supplierReasons[key]['zh-CN'] === said.trim(),
  );
  return known ? { key: known } : said;
}

/** A user's nickname for a reader: the one they chose, else the default from the last four digits of their phone. */
export function nicknameIn(user: { nickname: string | null; phone: string | null }, locale: Locale): string {
  return user.nickname ?? renderText({ key: 'user.defaultNickname', params: { digits: user.phone?.slice(-4) ?? '' } }, locale);
}

export function renderStoredText(text: StoredText, locale: Locale): string {
  return typeof text === 'string' ? text : renderText(text, locale);
}
