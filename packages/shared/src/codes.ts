import { L, type LocalizedText } from './i18n';

/**
 * The one table of response codes. Every body is `{ code, msg, data }`; the client treats the
 * codes in `successCodes` as success and shows `msg` for every other code as is, so each error
 * message says what went wrong and what to do. `{name}` placeholders are filled from params.
 */
export const Code = {
  Ok: 200,
  OkWithNotice: 300,
  MiniProgramUnbound: 309,
  RealNameRequired: 333,
  VerificationPending: 338,
  NotLoggedIn: 995,
  TokenInvalid: 996,

  InvalidInput: 1001,
  NotFound: 1002,
  RateLimited: 1003,
  DeviceIdRequired: 1004,
  UploadRejected: 1005,
  UploadTooLarge: 1006,
  ConcurrentChange: 1007,
  UploadQuotaExceeded: 1008,

  SmsTooSoon: 1101,
  SmsPhoneDailyLimit: 1102,
  SmsIpDailyLimit: 1103,
  SmsCodeWrong: 1104,
  SmsCodeExpired: 1105,
  SmsCodeLocked: 1106,
  SmsSendFailed: 1107,
  SmsBudgetExhausted: 1108,

  AccountFrozen: 1201,
  CancelBlockedByBalance: 1202,
  CancelBlockedByOpenItems: 1203,

  RealNameAlreadyVerified: 1301,
  IdNumberTaken: 1302,
  FaceCertifyDailyLimit: 1303,
  FaceProviderFailed: 1304,
  PhoneTaken: 1310,
  PhoneUnchanged: 1311,
  ModifyVoucherInvalid: 1312,
  PhoneChangeTooOften: 1313,
  MiniProgramCodeInvalid: 1320,
  MiniProgramProviderFailed: 1321,
  MiniProgramBindingMissing: 1322,
  MiniProgramAlreadyLinked: 1323,
  MiniProgramNotOffered: 1324,

  AdminNotLoggedIn: 1401,
  AdminForbidden: 1403,
  AdminLoginFailed: 1404,
  AdminDisabled: 1405,
  AdminUsernameTaken: 1406,
  AdminLastAdmin: 1407,
  AdminOtpRequired: 1420,
  AdminOtpInvalid: 1421,
  AdminEnrolmentRequired: 1422,
  AdminEnrolmentNotStarted: 1423,
  AdminTwoFactorSelfReset: 1424,
  AdminSecondFactorLocked: 1425,
  AdminCurrentCodeRequired: 1426,
  AdminCurrentCodeInvalid: 1427,
  AdminSetupCodeInvalid: 1430,

  Internal: 1500,

  WithdrawalChannelDisabled: 1601,
  PayeeChannelMismatch: 1602,
  WithdrawalBelowMinimum: 1603,
  WithdrawalAboveMaximum: 1604,
  InsufficientBalance: 1605,
  WithdrawalAlreadyOpen: 1606,
  IdempotencyKeyReused: 1607,
  PayeeInUse: 1608,
  WithdrawalStateConflict: 1609,
  SecondApproverRequired: 1610,
  AdjustmentExceedsBalance: 1611,
  PayoutProviderUnavailable: 1612,
  WithdrawalNotApproved: 1613,
  ApprovalSameOperator: 1614,
  ApprovalNotPending: 1615,
  ApprovalAlreadyPending: 1616,
  WechatNotLinked: 1617,
  ApprovalAmountChanged: 1625,
  WithdrawalPayerFrozen: 1630,
  AdjustmentAccountCancelled: 1631,
  WithdrawalPaidAutomatically: 1640,
  ApprovalVouchedOperator: 1620,

  CardBatchRejected: 1701,
  CardTypeMaintenance: 1702,
  CardDailyCapReached: 1703,
  CardAlreadySubmitted: 1704,
  FaceValueUnavailable: 1705,
  CardAppealNotAllowed: 1706,
  OrderNotPhysical: 1707,
  OrderLogisticsMissing: 1708,
  CardStateConflict: 1709,
  ChannelSignatureInvalid: 1710,
  ChannelTimestampStale: 1711,
  ChannelNonceReplayed: 1712,
  ChannelUnknown: 1713,
  CardTwinLive: 1714,
  ShipmentAlreadyReceived: 1715,
  CardNotReceived: 1716,
  FaceValueNotOfCardType: 1717,
  RevealNotAllowed: 1718,
  RevealHourlyLimit: 1719,
  ShipmentTrackingLocked: 1750,

  FeedbackDailyLimit: 1801,
  FeedbackImageMissing: 1802,
  FeedbackAlreadyAnswered: 1803,

  UserStatusConflict: 1901,
  ExportTooLarge: 1902,
  CancelBlockedByPendingEarnings: 1905,

  UploadTooManyPixels: 1960,

  DeliveryNotResendable: 2001,
  MessageTemplateMissing: 2002,
  CardAppealWindowClosed: 2070,

  MerchantHeaderMissing: 2101,
  MerchantKeyUnknown: 2102,
  MerchantKeyRevoked: 2103,
  MerchantSuspended: 2104,
  MerchantTimestampSkewed: 2105,
  MerchantNonceReplayed: 2106,
  MerchantSignatureInvalid: 2107,
  MerchantBodyTooLarge: 2108,
  MerchantRateLimited: 2109,
  MerchantNotApproved: 2110,
  MerchantAlreadyApplied: 2111,
  MerchantStatusConflict: 2112,
  MerchantOrderNoReused: 2113,
  MerchantNotifyUrlRefused: 2114,
  MerchantKeyLimit: 2115,
  MerchantRateFaceValueUnknown: 2116,
  MerchantNoNotifyUrl: 2117,
  MerchantPhysicalNotOffered: 2118,
} as const;

export type Code = (typeof Code)[keyof typeof Code];

export const successCodes: readonly number[] = [
  Code.Ok,
  Code.OkWithNotice,
  Code.MiniProgramUnbound,
  Code.VerificationPending,
  Code.RealNameRequired,
];

export const isSuccessCode = (code: number): boolean => successCodes.includes(code);

export const codeMessages: Record<Code, LocalizedText> = {
  [Code.Ok]: L('成功', 'OK'),
  [Code.OkWithNotice]: L('操作成功', 'Done'),
  [Code.MiniProgramUnbound]: L('请先用手机号登录以绑定账号', 'Log in with your phone number once to link this account'),
  [Code.RealNameRequired]: L('请先完成实名认证', 'Please verify your real name first'),
  [Code.VerificationPending]: L('认证进行中，请稍候', 'Verification is in progress; please wait'),
  [Code.NotLoggedIn]: L('您还未登录，请先登录', 'You are not logged in, please log in first'),
  [Code.TokenInvalid]: L('登录凭证已失效，请重试', 'Your session token is no longer valid; please try again'),
  [Code.InvalidInput]: L('{field}：{reason}', '{field}: {reason}'),
  [Code.NotFound]: L('{thing}不存在或已删除', '{thing} was not found or has been removed'),
  [Code.RateLimited]: L('操作过于频繁，请{seconds}秒后再试', 'Too many attempts; try again in {seconds} s'),
  [Code.DeviceIdRequired]: L(
    '请求缺少设备标识 uuid，请刷新页面后重试',
    'The request has no device id (uuid header); reload the app and try again',
  ),
  [Code.UploadRejected]: L('只能上传 JPG、PNG、GIF 或 WebP 图片', 'Only JPG, PNG, GIF or WebP images can be uploaded'),
  [Code.UploadTooLarge]: L('图片不能超过{limitMb}MB，请压缩后再上传', 'Images must be at most {limitMb} MB; compress it and upload again'),
  [Code.ConcurrentChange]: L(
    '这条数据正被另一个操作同时修改，未做任何更改；请刷新后重试',
    'Another request changed this at the same moment, so nothing was changed; reload and try again',
  ),
  [Code.UploadQuotaExceeded]: L(
    '今日上传已达上限（最多{files}张、共{megabytes}MB），请明天再上传',
    "You have reached today's upload allowance ({files} images, {megabytes} MB in all); upload again tomorrow",
  ),
  [Code.SmsTooSoon]: L('验证码已发送，请{seconds}秒后再获取', 'A code was just sent; you can request another in {seconds} s'),
  [Code.SmsPhoneDailyLimit]: L(
    '该手机号今日获取验证码次数已达上限，请明天再试',
    'This phone has had too many codes today; try again tomorrow',
  ),
  [Code.SmsIpDailyLimit]: L(
    '当前网络今日获取验证码次数已达上限，请明天再试',
    'Too many codes were requested from this network today; try again tomorrow',
  ),
  [Code.SmsCodeWrong]: L('验证码错误，还可尝试{left}次', 'The code is wrong; {left} tries left'),
  [Code.SmsCodeExpired]: L('验证码已失效，请重新获取', 'The code has expired or was already used; request a new one'),
  [Code.SmsCodeLocked]: L('验证码错误次数过多，请重新获取', 'Too many wrong codes; request a new one'),
  [Code.SmsSendFailed]: L('短信发送失败，请稍后重试', 'The text message could not be sent; try again in a moment'),
  [Code.SmsBudgetExhausted]: L('短信服务繁忙，请稍后再获取验证码', 'The text message service is busy; request a code again in a while'),
  [Code.AccountFrozen]: L('账号已被冻结，请联系客服', 'This account is frozen; please contact customer service'),
  [Code.CancelBlockedByBalance]: L(
    '账户还有余额{amount}，请先提现再注销',
    'Your balance is {amount}; withdraw it before cancelling the account',
  ),
  [Code.CancelBlockedByOpenItems]: L(
    '还有未完成的{items}，请处理完成后再注销',
    'You still have unfinished {items}; finish them before cancelling the account',
  ),
  [Code.RealNameAlreadyVerified]: L('您已完成实名认证，无需重复认证', 'Your real name is already verified; there is nothing more to do'),
  [Code.IdNumberTaken]: L(
    '该身份证号已在其他账号完成实名认证，一个身份证只能认证一个账号；如有疑问请联系客服',
    'This ID number is already verified on another account (one ID per account); contact customer service if this is wrong',
  ),
  [Code.FaceCertifyDailyLimit]: L(
    '今日发起实名认证次数已达上限，请明天再试',
    'You have started too many verifications today; try again tomorrow',
  ),
  [Code.FaceProviderFailed]: L(
    '人脸认证服务暂时不可用（{reason}），请稍后重试',
    'The face verification service is unavailable ({reason}); try again in a moment',
  ),
  [Code.PhoneTaken]: L('该手机号已被其他账号使用，请换一个手机号', 'This phone number belongs to another account; use a different number'),
  [Code.PhoneUnchanged]: L(
    '新手机号与当前手机号相同，请输入另一个手机号',
    'The new number is the same as your current one; enter a different number',
  ),
  [Code.PhoneChangeTooOften]: L(
    '更换手机号操作过于频繁（每小时最多{limit}次），请{minutes}分钟后再试',
    'Too many phone-change attempts (at most {limit} an hour); try again in {minutes} min',
  ),
  [Code.ModifyVoucherInvalid]: L(
    '身份验证已过期或已使用，请重新验证当前手机号',
    'Your identity check has expired or was already used; verify your current phone again',
  ),
  [Code.MiniProgramCodeInvalid]: L(
    '小程序登录凭证无效或已过期，请重新打开小程序登录',
    'The mini-program login code is invalid or expired; reopen the mini-program and log in again',
  ),
  [Code.MiniProgramProviderFailed]: L(
    '小程序登录服务暂时不可用（{reason}），请稍后重试或使用手机号登录',
    'Mini-program login is unavailable ({reason}); try again in a moment or log in with your phone number',
  ),
  [Code.MiniProgramBindingMissing]: L(
    '小程序账号绑定已失效，请重新打开小程序登录后再绑定',
    'The mini-program link request has expired or came from another device; reopen the mini-program, log in there and try again',
  ),
  [Code.MiniProgramAlreadyLinked]: L(
    '该手机号已绑定其他小程序账号，请用原小程序账号登录或联系客服',
    'This phone number is already linked to another mini-program account; log in with that one or contact customer service',
  ),
  [Code.MiniProgramNotOffered]: L(
    '本站未开通小程序登录，请使用手机号验证码登录',
    'Mini-program login is not offered here; log in with your phone number and an SMS code',
  ),
  [Code.AdminNotLoggedIn]: L('请先登录管理后台', 'Please log in to the admin console'),
  [Code.AdminForbidden]: L('当前角色无权执行此操作', 'Your role is not allowed to do this'),
  [Code.AdminLoginFailed]: L('用户名或密码错误', 'Wrong username or password'),
  [Code.AdminDisabled]: L('该管理员账号已停用', 'This admin account is disabled'),
  [Code.AdminUsernameTaken]: L('用户名{username}已被使用，请换一个', 'The username {username} is taken; choose another'),
  [Code.AdminLastAdmin]: L(
    '这是最后一个可用的管理员账号，不能停用或改为其他角色；请先另建一个管理员',
    'This is the last active administrator; create another administrator before disabling it or changing its role',
  ),
  [Code.AdminOtpRequired]: L(
    '请输入身份验证器 App 中的 6 位动态码（或一个恢复码）',
    'Enter the 6-digit code from your authenticator app (or a recovery code)',
  ),
  [Code.AdminOtpInvalid]: L(
    '动态码或恢复码不正确或已使用，请输入身份验证器 App 中当前的 6 位动态码',
    'That code is wrong or was already used; enter the current 6-digit code from your authenticator app',
  ),
  [Code.AdminEnrolmentRequired]: L(
    '您的角色必须先开启两步验证：请用身份验证器 App 扫码并输入动态码',
    'Your role must set up two-factor login first: scan the QR code with an authenticator app and enter its code',
  ),
  [Code.AdminEnrolmentNotStarted]: L(
    '请先生成二维码，再输入身份验证器 App 中的动态码',
    'Show the QR code first, then enter the code your authenticator app displays',
  ),
  [Code.AdminTwoFactorSelfReset]: L(
    '不能重置自己的两步验证，请让另一位管理员操作',
    'You cannot reset your own two-factor login; ask another administrator',
  ),
  [Code.AdminSecondFactorLocked]: L(
    '动态码连续错误次数过多，两步验证已暂时锁定：请{minutes}分钟后再试，或现在输入一个恢复码登录',
    'Too many wrong codes in a row, so two-factor login is locked for now: try again in {minutes} min, or sign in with a recovery code now',
  ),
  [Code.AdminCurrentCodeRequired]: L(
    '两步验证已开启：重新绑定前，请同时输入原身份验证器 App 中当前的动态码（或一个恢复码）',
    'Two-factor login is already on: to set it up again, also enter the code your current authenticator app shows (or a recovery code)',
  ),
  [Code.AdminCurrentCodeInvalid]: L(
    '原动态码或恢复码不正确或已使用，请输入原身份验证器 App 中当前的 6 位动态码，或一个未用过的恢复码',
    'The current code is wrong or was already used; enter the 6-digit code your current authenticator app shows now, or an unused recovery code',
  ),
  [Code.AdminSetupCodeInvalid]: L(
    '设置链接无效、已使用或已过期；请让管理员重新生成一个',
    'This set-up link is wrong, used or expired; ask an administrator for a new one',
  ),
  [Code.Internal]: L('服务器开小差了，请稍后再试', 'Something went wrong on our side; please try again'),
  [Code.WithdrawalChannelDisabled]: L(
    '该提现方式暂时关闭，请选择其他提现方式',
    'This way of withdrawing is switched off for now; choose another one',
  ),
  [Code.PayeeChannelMismatch]: L(
    '所选收款账户与提现方式不符，请重新选择收款账户',
    'The chosen payee does not belong to this way of withdrawing; choose the payee again',
  ),
  [Code.WithdrawalBelowMinimum]: L(
    '该方式单笔提现不能少于{min}，请提高金额',
    'A withdrawal this way must be at least {min}; enter a larger amount',
  ),
  [Code.WithdrawalAboveMaximum]: L(
    '该方式单笔提现不能超过{max}，请降低金额或分次提现',
    'A withdrawal this way can be at most {max}; enter a smaller amount or withdraw in parts',
  ),
  [Code.InsufficientBalance]: L(
    '可提现余额为{available}，不足以支付提现金额与手续费{fee}，请降低金额',
    'Your available balance is {available}, not enough for this amount plus the {fee} fee; enter a smaller amount',
  ),
  [Code.WithdrawalAlreadyOpen]: L(
    '您有一笔提现正在处理，请等它完成后再提现',
    'You have a withdrawal in progress; wait for it to finish before withdrawing again',
  ),
  [Code.IdempotencyKeyReused]: L(
    '该请求编号已用于另一笔不同的操作，请刷新页面后重新提交',
    'This request id was already used for a different request; reload the page and submit again',
  ),
  [Code.PayeeInUse]: L(
    '该收款账户有正在处理的提现，请等提现完成后再删除',
    'A withdrawal in progress uses this payee; delete it after the withdrawal finishes',
  ),
  [Code.WithdrawalStateConflict]: L(
    '该提现当前为“{status}”，不能{action}；请刷新后查看最新状态',
    'This withdrawal is "{status}", so it cannot be {action}; reload to see its current state',
  ),
  [Code.SecondApproverRequired]: L(
    '大额提现需两位不同的财务审批，您已审批过，请由另一位财务审批',
    'Large withdrawals need two different finance approvers and you have already approved; ask another finance account',
  ),
  [Code.AdjustmentExceedsBalance]: L(
    '调整后余额将为负数（当前可用余额{available}），请减小调整金额',
    'This adjustment would make the balance negative (available now: {available}); use a smaller amount',
  ),
  [Code.PayoutProviderUnavailable]: L(
    '该提现方式的打款服务未配置，请联系管理员或改为线下打款',
    'No payout service is configured for this channel; contact an administrator or pay offline',
  ),
  [Code.WithdrawalNotApproved]: L(
    '该提现还未完成审批（需{required}位财务审批），请先审批再打款',
    'This withdrawal is not approved yet ({required} finance approvals needed); approve it before paying',
  ),
  [Code.WithdrawalPaidAutomatically]: L(
    '该提现由{channel}自动打款，不能标记线下打款或线下打款失败；打款失败后可重新打款，未打款前可拒绝',
    'This withdrawal is paid automatically through {channel}, so it cannot be marked paid or failed offline; reject it before it is paid, or pay it again once it has failed',
  ),
  [Code.WithdrawalPayerFrozen]: L(
    '该用户已被冻结，提现暂停：解冻前不能审批、标记线下已付或重新打款（驳回可将资金退回用户余额）',
    'This user is frozen, so the withdrawal is on hold: it cannot be approved, marked paid offline or retried until the user is unfrozen (rejecting it returns the money to their balance)',
  ),
  [Code.AdjustmentAccountCancelled]: L(
    '该用户已注销账号，不能再向其入账；如需补偿，请通过客服联系本人',
    'This user has cancelled their account, so nothing can be credited to it; reach the person through customer service to settle it',
  ),
  [Code.ApprovalSameOperator]: L(
    '该操作由您发起，需另一位不同的操作员批准；请同事在“待复核”中处理',
    'You asked for this, so a second, different operator must approve it; ask a colleague to decide it under Second approvals',
  ),
  [Code.ApprovalVouchedOperator]: L(
    '您的账号与发起人{name}在最近{days}天内由对方创建、重置或改过角色（或反之），不能批准其申请；请由另一位操作员处理',
    'Your account and that of {name}, who asked, were created, reset or given their role by one another in the last {days} days, so you cannot approve this; ask another operator',
  ),
  [Code.ApprovalNotPending]: L(
    '该复核申请已{status}，不能再处理；请刷新后查看',
    'This request was already {status} and cannot be decided again; reload to see it',
  ),
  [Code.ApprovalAlreadyPending]: L(
    '该卡已有待复核的申请（实际面值{value}），请先在“待复核”中批准或驳回它',
    'This card already has a request waiting for a second reviewer (actual face value {value}); approve or decline it under Second approvals first',
  ),
  [Code.ApprovalAmountChanged]: L(
    '该申请提交时结算{asked}（费率{askedRate}），按现在的费率应结算{now}（费率{nowRate}），与批准的金额不符，未做任何更改；请驳回该申请，请发起人重新提交',
    'This request was for {asked} (rate {askedRate}), but at the rates of now the card settles {now} (rate {nowRate}), not the amount you would approve; nothing was changed. Decline it and ask the first operator to request again',
  ),
  [Code.WechatNotLinked]: L(
    '微信提现需要先关联微信：请在微信中打开“卖卡”小程序，用本手机号登录一次，然后再来提现',
    'WeChat withdrawals need your WeChat linked: open the Maika mini-program in WeChat once and log in with this phone number, then withdraw',
  ),
  [Code.CardBatchRejected]: L(
    '有{count}行需要修改，未提交任何卡：{summary}',
    '{count} lines need fixing, no card was submitted: {summary}',
  ),
  [Code.CardTypeMaintenance]: L('{name}回收通道维护中，暂停提交：{note}', '{name} is under maintenance and cannot be sold now: {note}'),
  [Code.CardDailyCapReached]: L(
    '{name}每人每天最多提交{cap}张，今天还可提交{left}张；请减少张数或明天再提交',
    'You can sell at most {cap} {name} cards a day and have {left} left today; submit fewer or come back tomorrow',
  ),
  [Code.CardAlreadySubmitted]: L(
    '其中有卡已被提交过，未提交任何卡；请刷新后检查卡号卡密再提交',
    'One of these cards was already submitted, so nothing was submitted; check the cards and submit again',
  ),
  [Code.FaceValueUnavailable]: L(
    '该卡种暂不回收此面值，请选择其他面值',
    'This face value is not bought for this card type now; choose another face value',
  ),
  [Code.CardAppealNotAllowed]: L(
    '该卡当前为“{status}”，不能申诉；只有已驳回、且未申诉过的卡可以申诉一次',
    'This card is "{status}", so it cannot be appealed; only a rejected card can be appealed, once',
  ),
  [Code.OrderNotPhysical]: L('该订单是电子卡，无需邮寄和填写物流', 'This order is for electronic cards; there is nothing to mail or track'),
  [Code.OrderLogisticsMissing]: L(
    '该订单还未填写物流信息，请先填写快递公司和运单号',
    'No shipment is recorded for this order yet; enter the carrier and tracking number first',
  ),
  [Code.CardStateConflict]: L(
    '该卡当前为“{status}”，不能{action}；请刷新后查看最新状态',
    'This card is "{status}", so it cannot be {action}; reload to see its current state',
  ),
  [Code.ChannelSignatureInvalid]: L(
    '回调签名无效，请检查渠道密钥和签名算法',
    'The callback signature is invalid; check the channel secret and the signing method',
  ),
  [Code.ChannelTimestampStale]: L(
    '回调时间戳超出{seconds}秒有效期，请校准时钟后重发',
    'The callback timestamp is more than {seconds} s off; fix the clock and send it again',
  ),
  [Code.ChannelNonceReplayed]: L(
    '该回调随机串已使用过，请用新的随机串重发',
    'This callback nonce was already used; send it again with a new nonce',
  ),
  [Code.ChannelUnknown]: L('未知的卡渠道{channel}，请检查回调地址', 'Unknown card channel {channel}; check the callback URL'),
  [Code.CardTwinLive]: L(
    '这张卡已在另一笔提交中处理，不能在此申诉',
    'This card is already being handled in another submission, so it cannot be appealed here',
  ),
  [Code.ShipmentAlreadyReceived]: L(
    '该订单的实体卡已签收，物流信息不能再修改，也无需再次签收',
    'The physical cards of this order were already received; the shipment can no longer be changed or received again',
  ),
  [Code.CardNotReceived]: L(
    '这张实体卡还未寄到；请先在“实体卡签收”中把它的订单标记为已签收，再审核',
    'This physical card has not arrived yet; mark its order received under "Mailed cards" before reviewing it',
  ),
  [Code.FaceValueNotOfCardType]: L(
    '实际面值{value}不是该卡种的面值；请从这些面值中选择：{values}',
    'The actual face value {value} is not a face value of this card type; choose one of: {values}',
  ),
  [Code.RevealNotAllowed]: L(
    '该卡当前为“{status}”，不能查看卡密；只有异常、未激活或申诉中、等待人工处理的卡可以查看',
    'This card is "{status}", so its secrets cannot be shown; only abnormal, not activated or appealed cards awaiting a human decision can be revealed',
  ),
  [Code.RevealHourlyLimit]: L(
    '每位审核员每小时最多查看{limit}次卡密，您已达上限；请稍后再查看',
    'A reviewer may reveal at most {limit} card secrets an hour and you have reached it; try again later',
  ),
  [Code.ShipmentTrackingLocked]: L(
    '平台已签收这笔订单的卡，快递单号不能再修改；如单号有误，请联系客服',
    'We have already received the cards of this order, so the tracking number can no longer be changed; if it is wrong, contact customer service',
  ),
  [Code.FeedbackDailyLimit]: L(
    '每天最多提交{limit}条反馈，今天已达上限；请明天再提交，急事请联系在线客服',
    'You can send at most {limit} feedback messages a day and have reached it; send it tomorrow, or contact customer service if it is urgent',
  ),
  [Code.FeedbackImageMissing]: L(
    '第{index}张图片未找到，可能上传未成功；请删除后重新上传',
    'Image {index} was not found, perhaps its upload failed; remove it and upload it again',
  ),
  [Code.FeedbackAlreadyAnswered]: L(
    '该反馈已处理（{status}），不能再次回复；请刷新后查看',
    'This feedback was already answered ({status}) and cannot be answered again; reload to see it',
  ),
  [Code.UserStatusConflict]: L(
    '该用户当前为“{status}”，不能{action}；请刷新后查看最新状态',
    'This user is "{status}", so the account cannot be {action}; reload to see its current state',
  ),
  [Code.DeliveryNotResendable]: L(
    '只能重发发送失败的消息，这条消息当前为“{status}”；请刷新后查看',
    'Only a failed delivery can be sent again; this one is "{status}". Reload to see it',
  ),
  [Code.MessageTemplateMissing]: L(
    '开启{channel}前，请填写“{type}”的模板 ID',
    'Fill in the template id for "{type}" before turning {channel} on',
  ),
  [Code.CardAppealWindowClosed]: L(
    '该卡的申诉期已于{until}结束；驳回后{days}天内可以申诉',
    'The time to appeal this card ended on {until}; a card can be appealed within {days} days of its rejection',
  ),
  [Code.CancelBlockedByPendingEarnings]: L(
    '还有可能入账的{items}，请等待处理完成或联系客服后再注销',
    'Money may still be credited for {items}; wait until they are settled, or contact customer service, before cancelling the account',
  ),
  [Code.ExportTooLarge]: L(
    '符合条件的记录有{count}条，超过单次导出上限{max}条；请缩小日期范围或增加筛选条件后再导出',
    '{count} records match, more than the {max} one export can hold; narrow the dates or add filters and export again',
  ),
  [Code.UploadTooManyPixels]: L(
    '图片尺寸为{width}×{height}像素，超过{megapixels}百万像素的上限；请缩小尺寸后再上传',
    'The image is {width} × {height} pixels, more than the {megapixels} megapixels allowed; scale it down and upload again',
  ),
  [Code.MerchantHeaderMissing]: L(
    '请求头{header}缺失或格式不对：{rule}；请按商户接入文档签名后重发',
    'The {header} header is missing or malformed: {rule}. Sign the request as the merchant API documentation says and send it again',
  ),
  [Code.MerchantKeyUnknown]: L(
    '密钥 ID {keyId} 不存在；请在 X-Maika-Key 中填写“商户接入”页面上显示的密钥 ID',
    'There is no API key {keyId}; put the key id shown on the Merchant API page in X-Maika-Key',
  ),
  [Code.MerchantKeyRevoked]: L(
    '密钥 {keyId} 已被吊销；请在“商户接入”页面新建密钥，并改用新密钥签名',
    'The API key {keyId} was revoked; create a new key on the Merchant API page and sign with it',
  ),
  [Code.MerchantSuspended]: L(
    '您的商户接口权限已被暂停，暂时不能调用接口；请联系客服了解原因',
    'Your merchant API access is suspended, so no call is accepted for now; contact customer service to learn why',
  ),
  [Code.MerchantTimestampSkewed]: L(
    'X-Maika-Timestamp 与服务器时间相差{offset}秒，超过{limit}秒的上限；请校准服务器时钟（NTP）后用当前时间重新签名',
    'X-Maika-Timestamp is {offset} s away from our clock, more than the {limit} s allowed; sync your clock (NTP) and sign again with the current time',
  ),
  [Code.MerchantNonceReplayed]: L(
    '该密钥最近已使用过这个 X-Maika-Nonce；每个请求请生成新的随机串，重试时也要重新签名',
    'This X-Maika-Nonce was already used with this key; make a fresh random nonce for every request, retries included, and sign again',
  ),
  [Code.MerchantSignatureInvalid]: L(
    '签名不正确：请用密钥对“方法\\n路径及查询串\\n时间戳\\n随机串\\n请求体 SHA-256 十六进制”做 HMAC-SHA256，取小写十六进制；请求体须与发送的字节完全一致',
    'The signature does not match: HMAC-SHA256 with your secret over "METHOD\\nPATH_WITH_QUERY\\nTIMESTAMP\\nNONCE\\nhex SHA-256 of the body", in lowercase hex, over exactly the bytes you send',
  ),
  [Code.MerchantBodyTooLarge]: L(
    '请求体超过{limitKb}KB的上限；请拆成多个订单提交（每单最多1000张卡）',
    'The request body is larger than the {limitKb} KB allowed; split it into several orders (at most 1000 cards each)',
  ),
  [Code.MerchantRateLimited]: L(
    '该密钥的请求过于频繁（每分钟最多{limit}次），请{seconds}秒后再试',
    'Too many requests with this key (at most {limit} a minute); try again in {seconds} s',
  ),
  [Code.MerchantNotApproved]: L(
    '您的商户申请当前为“{status}”，开通后才能管理密钥和回调地址',
    'Your merchant application is "{status}"; keys and the callback address can be managed once it is approved',
  ),
  [Code.MerchantAlreadyApplied]: L(
    '您已提交过商户申请，当前为“{status}”，无需重复申请',
    'You have already applied and your application is "{status}"; there is no need to apply again',
  ),
  [Code.MerchantStatusConflict]: L(
    '该商户当前为“{status}”，不能{action}；请刷新后查看最新状态',
    'This merchant is "{status}", so it cannot be {action}; reload to see its current state',
  ),
  [Code.MerchantOrderNoReused]: L(
    '商户订单号{merchantOrderNo}已用于另一笔内容不同的订单；新订单请换一个商户订单号，重试原订单请发送完全相同的请求体',
    'The merchant order number {merchantOrderNo} was already used for a different order; use a new number for a new order, or send exactly the same body to retry the first one',
  ),
  [Code.MerchantNotifyUrlRefused]: L(
    '回调地址不可用：{reason}；请填写可从公网访问的 https 地址',
    'The callback address cannot be used: {reason}. Give an https address reachable from the internet',
  ),
  [Code.MerchantKeyLimit]: L(
    '您已有{limit}个有效密钥，达到上限；请先吊销不再使用的密钥',
    'You already have {limit} active keys, the most allowed; revoke one you no longer use first',
  ),
  [Code.MerchantRateFaceValueUnknown]: L(
    '卡种{goodsId}没有面值{value}，或该卡种是实体卡；请从商户费率列表中选择',
    'Card type {goodsId} has no face value {value}, or is mailed as physical cards; choose a row of the merchant rate list',
  ),
  [Code.MerchantNoNotifyUrl]: L(
    '该订单没有回调地址；请先在“商户接入”页面设置回调地址，再重新发送',
    'This order has no callback address; set one on the Merchant API page first, then resend',
  ),
  [Code.MerchantPhysicalNotOffered]: L(
    '{name}是需要邮寄的实体卡，商户接口不收；请在 App 中提交',
    '{name} is a physical card that must be mailed, which the merchant API does not take; sell it in the app',
  ),
};

/** The response envelope of every handled outcome. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
