import { defaultLocale, type Locale, type LocalizedText } from './i18n';

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

export const codeMessages: Record<Code, { 'zh-CN': string; 'en-US': string }> = {
  [Code.Ok]: { 'zh-CN': '成功', 'en-US': 'OK' },
  [Code.OkWithNotice]: { 'zh-CN': '操作成功', 'en-US': 'Done' },
  [Code.MiniProgramUnbound]: {
    'zh-CN': '请先用手机号登录以绑定账号',
    'en-US': 'Log in with your phone number once to link this account',
  },
  [Code.RealNameRequired]: {
    'zh-CN': '请先完成实名认证',
    'en-US': 'Please verify your real name first',
  },
  [Code.VerificationPending]: {
    'zh-CN': '认证进行中，请稍候',
    'en-US': 'Verification is in progress; please wait',
  },
  [Code.NotLoggedIn]: {
    'zh-CN': '您还未登录，请先登录',
    'en-US': 'You are not logged in, please log in first',
  },
  [Code.TokenInvalid]: {
    'zh-CN': '登录凭证已失效，请重试',
    'en-US': 'Your session token is no longer valid; please try again',
  },
  [Code.InvalidInput]: {
    'zh-CN': '{field}：{reason}',
    'en-US': '{field}: {reason}',
  },
  [Code.NotFound]: {
    'zh-CN': '{thing}不存在或已删除',
    'en-US': '{thing} was not found or has been removed',
  },
  [Code.RateLimited]: {
    'zh-CN': '操作过于频繁，请{seconds}秒后再试',
    'en-US': 'Too many attempts; try again in {seconds} s',
  },
  [Code.DeviceIdRequired]: {
    'zh-CN': '请求缺少设备标识 uuid，请刷新页面后重试',
    'en-US': 'The request has no device id (uuid header); reload the app and try again',
  },
  [Code.UploadRejected]: {
    'zh-CN': '只能上传 JPG、PNG、GIF 或 WebP 图片',
    'en-US': 'Only JPG, PNG, GIF or WebP images can be uploaded',
  },
  [Code.UploadTooLarge]: {
    'zh-CN': '图片不能超过{limitMb}MB，请压缩后再上传',
    'en-US': 'Images must be at most {limitMb} MB; compress it and upload again',
  },
  [Code.ConcurrentChange]: {
    'zh-CN': '这条数据正被另一个操作同时修改，未做任何更改；请刷新后重试',
    'en-US': 'Another request changed this at the same moment, so nothing was changed; reload and try again',
  },
  [Code.UploadQuotaExceeded]: {
    'zh-CN': '今日上传已达上限（最多{files}张、共{megabytes}MB），请明天再上传',
    'en-US': "You have reached today's upload allowance ({files} images, {megabytes} MB in all); upload again tomorrow",
  },
  [Code.SmsTooSoon]: {
    'zh-CN': '验证码已发送，请{seconds}秒后再获取',
    'en-US': 'A code was just sent; you can request another in {seconds} s',
  },
  [Code.SmsPhoneDailyLimit]: {
    'zh-CN': '该手机号今日获取验证码次数已达上限，请明天再试',
    'en-US': 'This phone has had too many codes today; try again tomorrow',
  },
  [Code.SmsIpDailyLimit]: {
    'zh-CN': '当前网络今日获取验证码次数已达上限，请明天再试',
    'en-US': 'Too many codes were requested from this network today; try again tomorrow',
  },
  [Code.SmsCodeWrong]: {
    'zh-CN': '验证码错误，还可尝试{left}次',
    'en-US': 'The code is wrong; {left} tries left',
  },
  [Code.SmsCodeExpired]: {
    'zh-CN': '验证码已失效，请重新获取',
    'en-US': 'The code has expired or was already used; request a new one',
  },
  [Code.SmsCodeLocked]: {
    'zh-CN': '验证码错误次数过多，请重新获取',
    'en-US': 'Too many wrong codes; request a new one',
  },
  [Code.SmsSendFailed]: {
    'zh-CN': '短信发送失败，请稍后重试',
    'en-US': 'The text message could not be sent; try again in a moment',
  },
  [Code.SmsBudgetExhausted]: {
    'zh-CN': '短信服务繁忙，请稍后再获取验证码',
    'en-US': 'The text message service is busy; request a code again in a while',
  },
  [Code.AccountFrozen]: {
    'zh-CN': '账号已被冻结，请联系客服',
    'en-US': 'This account is frozen; please contact customer service',
  },
  [Code.CancelBlockedByBalance]: {
    'zh-CN': '账户还有余额{amount}，请先提现再注销',
    'en-US': 'Your balance is {amount}; withdraw it before cancelling the account',
  },
  [Code.CancelBlockedByOpenItems]: {
    'zh-CN': '还有未完成的{items}，请处理完成后再注销',
    'en-US': 'You still have unfinished {items}; finish them before cancelling the account',
  },
  [Code.RealNameAlreadyVerified]: {
    'zh-CN': '您已完成实名认证，无需重复认证',
    'en-US': 'Your real name is already verified; there is nothing more to do',
  },
  [Code.IdNumberTaken]: {
    'zh-CN': '该身份证号已在其他账号完成实名认证，一个身份证只能认证一个账号；如有疑问请联系客服',
    'en-US': 'This ID number is already verified on another account (one ID per account); contact customer service if this is wrong',
  },
  [Code.FaceCertifyDailyLimit]: {
    'zh-CN': '今日发起实名认证次数已达上限，请明天再试',
    'en-US': 'You have started too many verifications today; try again tomorrow',
  },
  [Code.FaceProviderFailed]: {
    'zh-CN': '人脸认证服务暂时不可用（{reason}），请稍后重试',
    'en-US': 'The face verification service is unavailable ({reason}); try again in a moment',
  },
  [Code.PhoneTaken]: {
    'zh-CN': '该手机号已被其他账号使用，请换一个手机号',
    'en-US': 'This phone number belongs to another account; use a different number',
  },
  [Code.PhoneUnchanged]: {
    'zh-CN': '新手机号与当前手机号相同，请输入另一个手机号',
    'en-US': 'The new number is the same as your current one; enter a different number',
  },
  [Code.PhoneChangeTooOften]: {
    'zh-CN': '更换手机号操作过于频繁（每小时最多{limit}次），请{minutes}分钟后再试',
    'en-US': 'Too many phone-change attempts (at most {limit} an hour); try again in {minutes} min',
  },
  [Code.ModifyVoucherInvalid]: {
    'zh-CN': '身份验证已过期或已使用，请重新验证当前手机号',
    'en-US': 'Your identity check has expired or was already used; verify your current phone again',
  },
  [Code.MiniProgramCodeInvalid]: {
    'zh-CN': '小程序登录凭证无效或已过期，请重新打开小程序登录',
    'en-US': 'The mini-program login code is invalid or expired; reopen the mini-program and log in again',
  },
  [Code.MiniProgramProviderFailed]: {
    'zh-CN': '小程序登录服务暂时不可用（{reason}），请稍后重试或使用手机号登录',
    'en-US': 'Mini-program login is unavailable ({reason}); try again in a moment or log in with your phone number',
  },
  [Code.MiniProgramBindingMissing]: {
    'zh-CN': '小程序账号绑定已失效，请重新打开小程序登录后再绑定',
    'en-US': 'The mini-program link request has expired or came from another device; reopen the mini-program, log in there and try again',
  },
  [Code.MiniProgramAlreadyLinked]: {
    'zh-CN': '该手机号已绑定其他小程序账号，请用原小程序账号登录或联系客服',
    'en-US': 'This phone number is already linked to another mini-program account; log in with that one or contact customer service',
  },
  [Code.MiniProgramNotOffered]: {
    'zh-CN': '本站未开通小程序登录，请使用手机号验证码登录',
    'en-US': 'Mini-program login is not offered here; log in with your phone number and an SMS code',
  },
  [Code.AdminNotLoggedIn]: {
    'zh-CN': '请先登录管理后台',
    'en-US': 'Please log in to the admin console',
  },
  [Code.AdminForbidden]: {
    'zh-CN': '当前角色无权执行此操作',
    'en-US': 'Your role is not allowed to do this',
  },
  [Code.AdminLoginFailed]: {
    'zh-CN': '用户名或密码错误',
    'en-US': 'Wrong username or password',
  },
  [Code.AdminDisabled]: {
    'zh-CN': '该管理员账号已停用',
    'en-US': 'This admin account is disabled',
  },
  [Code.AdminUsernameTaken]: {
    'zh-CN': '用户名{username}已被使用，请换一个',
    'en-US': 'The username {username} is taken; choose another',
  },
  [Code.AdminLastAdmin]: {
    'zh-CN': '这是最后一个可用的管理员账号，不能停用或改为其他角色；请先另建一个管理员',
    'en-US': 'This is the last active administrator; create another administrator before disabling it or changing its role',
  },
  [Code.AdminOtpRequired]: {
    'zh-CN': '请输入身份验证器 App 中的 6 位动态码（或一个恢复码）',
    'en-US': 'Enter the 6-digit code from your authenticator app (or a recovery code)',
  },
  [Code.AdminOtpInvalid]: {
    'zh-CN': '动态码或恢复码不正确或已使用，请输入身份验证器 App 中当前的 6 位动态码',
    'en-US': 'That code is wrong or was already used; enter the current 6-digit code from your authenticator app',
  },
  [Code.AdminEnrolmentRequired]: {
    'zh-CN': '您的角色必须先开启两步验证：请用身份验证器 App 扫码并输入动态码',
    'en-US': 'Your role must set up two-factor login first: scan the QR code with an authenticator app and enter its code',
  },
  [Code.AdminEnrolmentNotStarted]: {
    'zh-CN': '请先生成二维码，再输入身份验证器 App 中的动态码',
    'en-US': 'Show the QR code first, then enter the code your authenticator app displays',
  },
  [Code.AdminTwoFactorSelfReset]: {
    'zh-CN': '不能重置自己的两步验证，请让另一位管理员操作',
    'en-US': 'You cannot reset your own two-factor login; ask another administrator',
  },
  [Code.AdminSecondFactorLocked]: {
    'zh-CN': '动态码连续错误次数过多，两步验证已暂时锁定：请{minutes}分钟后再试，或现在输入一个恢复码登录',
    'en-US':
      'Too many wrong codes in a row, so two-factor login is locked for now: try again in {minutes} min, or sign in with a recovery code now',
  },
  [Code.AdminCurrentCodeRequired]: {
    'zh-CN': '两步验证已开启：重新绑定前，请同时输入原身份验证器 App 中当前的动态码（或一个恢复码）',
    'en-US':
      'Two-factor login is already on: to set it up again, also enter the code your current authenticator app shows (or a recovery code)',
  },
  [Code.AdminCurrentCodeInvalid]: {
    'zh-CN': '原动态码或恢复码不正确或已使用，请输入原身份验证器 App 中当前的 6 位动态码，或一个未用过的恢复码',
    'en-US':
      'The current code is wrong or was already used; enter the 6-digit code your current authenticator app shows now, or an unused recovery code',
  },
  [Code.AdminSetupCodeInvalid]: {
    'zh-CN': '设置链接无效、已使用或已过期；请让管理员重新生成一个',
    'en-US': 'This set-up link is wrong, used or expired; ask an administrator for a new one',
  },
  [Code.Internal]: {
    'zh-CN': '服务器开小差了，请稍后再试',
    'en-US': 'Something went wrong on our side; please try again',
  },
  [Code.WithdrawalChannelDisabled]: {
    'zh-CN': '该提现方式暂时关闭，请选择其他提现方式',
    'en-US': 'This way of withdrawing is switched off for now; choose another one',
  },
  [Code.PayeeChannelMismatch]: {
    'zh-CN': '所选收款账户与提现方式不符，请重新选择收款账户',
    'en-US': 'The chosen payee does not belong to this way of withdrawing; choose the payee again',
  },
  [Code.WithdrawalBelowMinimum]: {
    'zh-CN': '该方式单笔提现不能少于{min}，请提高金额',
    'en-US': 'A withdrawal this way must be at least {min}; enter a larger amount',
  },
  [Code.WithdrawalAboveMaximum]: {
    'zh-CN': '该方式单笔提现不能超过{max}，请降低金额或分次提现',
    'en-US': 'A withdrawal this way can be at most {max}; enter a smaller amount or withdraw in parts',
  },
  [Code.InsufficientBalance]: {
    'zh-CN': '可提现余额为{available}，不足以支付提现金额与手续费{fee}，请降低金额',
    'en-US': 'Your available balance is {available}, not enough for this amount plus the {fee} fee; enter a smaller amount',
  },
  [Code.WithdrawalAlreadyOpen]: {
    'zh-CN': '您有一笔提现正在处理，请等它完成后再提现',
    'en-US': 'You have a withdrawal in progress; wait for it to finish before withdrawing again',
  },
  [Code.IdempotencyKeyReused]: {
    'zh-CN': '该请求编号已用于另一笔不同的操作，请刷新页面后重新提交',
    'en-US': 'This request id was already used for a different request; reload the page and submit again',
  },
  [Code.PayeeInUse]: {
    'zh-CN': '该收款账户有正在处理的提现，请等提现完成后再删除',
    'en-US': 'A withdrawal in progress uses this payee; delete it after the withdrawal finishes',
  },
  [Code.WithdrawalStateConflict]: {
    'zh-CN': '该提现当前为“{status}”，不能{action}；请刷新后查看最新状态',
    'en-US': 'This withdrawal is "{status}", so it cannot be {action}; reload to see its current state',
  },
  [Code.SecondApproverRequired]: {
    'zh-CN': '大额提现需两位不同的财务审批，您已审批过，请由另一位财务审批',
    'en-US': 'Large withdrawals need two different finance approvers and you have already approved; ask another finance account',
  },
  [Code.AdjustmentExceedsBalance]: {
    'zh-CN': '调整后余额将为负数（当前可用余额{available}），请减小调整金额',
    'en-US': 'This adjustment would make the balance negative (available now: {available}); use a smaller amount',
  },
  [Code.PayoutProviderUnavailable]: {
    'zh-CN': '该提现方式的打款服务未配置，请联系管理员或改为线下打款',
    'en-US': 'No payout service is configured for this channel; contact an administrator or pay offline',
  },
  [Code.WithdrawalNotApproved]: {
    'zh-CN': '该提现还未完成审批（需{required}位财务审批），请先审批再打款',
    'en-US': 'This withdrawal is not approved yet ({required} finance approvals needed); approve it before paying',
  },
  [Code.WithdrawalPaidAutomatically]: {
    'zh-CN': '该提现由{channel}自动打款，不能标记线下打款或线下打款失败；打款失败后可重新打款，未打款前可拒绝',
    'en-US':
      'This withdrawal is paid automatically through {channel}, so it cannot be marked paid or failed offline; reject it before it is paid, or pay it again once it has failed',
  },
  [Code.WithdrawalPayerFrozen]: {
    'zh-CN': '该用户已被冻结，提现暂停：解冻前不能审批、标记线下已付或重新打款（驳回可将资金退回用户余额）',
    'en-US':
      'This user is frozen, so the withdrawal is on hold: it cannot be approved, marked paid offline or retried until the user is unfrozen (rejecting it returns the money to their balance)',
  },
  [Code.AdjustmentAccountCancelled]: {
    'zh-CN': '该用户已注销账号，不能再向其入账；如需补偿，请通过客服联系本人',
    'en-US':
      'This user has cancelled their account, so nothing can be credited to it; reach the person through customer service to settle it',
  },
  [Code.ApprovalSameOperator]: {
    'zh-CN': '该操作由您发起，需另一位不同的操作员批准；请同事在“待复核”中处理',
    'en-US': 'You asked for this, so a second, different operator must approve it; ask a colleague to decide it under Second approvals',
  },
  [Code.ApprovalVouchedOperator]: {
    'zh-CN': '您的账号与发起人{name}在最近{days}天内由对方创建、重置或改过角色（或反之），不能批准其申请；请由另一位操作员处理',
    'en-US':
      'Your account and that of {name}, who asked, were created, reset or given their role by one another in the last {days} days, so you cannot approve this; ask another operator',
  },
  [Code.ApprovalNotPending]: {
    'zh-CN': '该复核申请已{status}，不能再处理；请刷新后查看',
    'en-US': 'This request was already {status} and cannot be decided again; reload to see it',
  },
  [Code.ApprovalAlreadyPending]: {
    'zh-CN': '该卡已有待复核的申请（实际面值{value}），请先在“待复核”中批准或驳回它',
    'en-US':
      'This card already has a request waiting for a second reviewer (actual face value {value}); approve or decline it under Second approvals first',
  },
  [Code.ApprovalAmountChanged]: {
    'zh-CN':
      '该申请提交时结算{asked}（费率{askedRate}），按现在的费率应结算{now}（费率{nowRate}），与批准的金额不符，未做任何更改；请驳回该申请，请发起人重新提交',
    'en-US':
      'This request was for {asked} (rate {askedRate}), but at the rates of now the card settles {now} (rate {nowRate}), not the amount you would approve; nothing was changed. Decline it and ask the first operator to request again',
  },
  [Code.WechatNotLinked]: {
    'zh-CN': '微信提现需要先关联微信：请在微信中打开“卖卡”小程序，用本手机号登录一次，然后再来提现',
    'en-US':
      'WeChat withdrawals need your WeChat linked: open the Maika mini-program in WeChat once and log in with this phone number, then withdraw',
  },
  [Code.CardBatchRejected]: {
    'zh-CN': '有{count}行需要修改，未提交任何卡：{summary}',
    'en-US': '{count} lines need fixing, no card was submitted: {summary}',
  },
  [Code.CardTypeMaintenance]: {
    'zh-CN': '{name}回收通道维护中，暂停提交：{note}',
    'en-US': '{name} is under maintenance and cannot be sold now: {note}',
  },
  [Code.CardDailyCapReached]: {
    'zh-CN': '{name}每人每天最多提交{cap}张，今天还可提交{left}张；请减少张数或明天再提交',
    'en-US': 'You can sell at most {cap} {name} cards a day and have {left} left today; submit fewer or come back tomorrow',
  },
  [Code.CardAlreadySubmitted]: {
    'zh-CN': '其中有卡已被提交过，未提交任何卡；请刷新后检查卡号卡密再提交',
    'en-US': 'One of these cards was already submitted, so nothing was submitted; check the cards and submit again',
  },
  [Code.FaceValueUnavailable]: {
    'zh-CN': '该卡种暂不回收此面值，请选择其他面值',
    'en-US': 'This face value is not bought for this card type now; choose another face value',
  },
  [Code.CardAppealNotAllowed]: {
    'zh-CN': '该卡当前为“{status}”，不能申诉；只有已驳回、且未申诉过的卡可以申诉一次',
    'en-US': 'This card is "{status}", so it cannot be appealed; only a rejected card can be appealed, once',
  },
  [Code.OrderNotPhysical]: {
    'zh-CN': '该订单是电子卡，无需邮寄和填写物流',
    'en-US': 'This order is for electronic cards; there is nothing to mail or track',
  },
  [Code.OrderLogisticsMissing]: {
    'zh-CN': '该订单还未填写物流信息，请先填写快递公司和运单号',
    'en-US': 'No shipment is recorded for this order yet; enter the carrier and tracking number first',
  },
  [Code.CardStateConflict]: {
    'zh-CN': '该卡当前为“{status}”，不能{action}；请刷新后查看最新状态',
    'en-US': 'This card is "{status}", so it cannot be {action}; reload to see its current state',
  },
  [Code.ChannelSignatureInvalid]: {
    'zh-CN': '回调签名无效，请检查渠道密钥和签名算法',
    'en-US': 'The callback signature is invalid; check the channel secret and the signing method',
  },
  [Code.ChannelTimestampStale]: {
    'zh-CN': '回调时间戳超出{seconds}秒有效期，请校准时钟后重发',
    'en-US': 'The callback timestamp is more than {seconds} s off; fix the clock and send it again',
  },
  [Code.ChannelNonceReplayed]: {
    'zh-CN': '该回调随机串已使用过，请用新的随机串重发',
    'en-US': 'This callback nonce was already used; send it again with a new nonce',
  },
  [Code.ChannelUnknown]: {
    'zh-CN': '未知的卡渠道{channel}，请检查回调地址',
    'en-US': 'Unknown card channel {channel}; check the callback URL',
  },
  [Code.CardTwinLive]: {
    'zh-CN': '这张卡已在另一笔提交中处理，不能在此申诉',
    'en-US': 'This card is already being handled in another submission, so it cannot be appealed here',
  },
  [Code.ShipmentAlreadyReceived]: {
    'zh-CN': '该订单的实体卡已签收，物流信息不能再修改，也无需再次签收',
    'en-US': 'The physical cards of this order were already received; the shipment can no longer be changed or received again',
  },
  [Code.CardNotReceived]: {
    'zh-CN': '这张实体卡还未寄到；请先在“实体卡签收”中把它的订单标记为已签收，再审核',
    'en-US': 'This physical card has not arrived yet; mark its order received under "Mailed cards" before reviewing it',
  },
  [Code.FaceValueNotOfCardType]: {
    'zh-CN': '实际面值{value}不是该卡种的面值；请从这些面值中选择：{values}',
    'en-US': 'The actual face value {value} is not a face value of this card type; choose one of: {values}',
  },
  [Code.RevealNotAllowed]: {
    'zh-CN': '该卡当前为“{status}”，不能查看卡密；只有异常、未激活或申诉中、等待人工处理的卡可以查看',
    'en-US':
      'This card is "{status}", so its secrets cannot be shown; only abnormal, not activated or appealed cards awaiting a human decision can be revealed',
  },
  [Code.RevealHourlyLimit]: {
    'zh-CN': '每位审核员每小时最多查看{limit}次卡密，您已达上限；请稍后再查看',
    'en-US': 'A reviewer may reveal at most {limit} card secrets an hour and you have reached it; try again later',
  },
  [Code.ShipmentTrackingLocked]: {
    'zh-CN': '平台已签收这笔订单的卡，快递单号不能再修改；如单号有误，请联系客服',
    'en-US':
      'We have already received the cards of this order, so the tracking number can no longer be changed; if it is wrong, contact customer service',
  },
  [Code.FeedbackDailyLimit]: {
    'zh-CN': '每天最多提交{limit}条反馈，今天已达上限；请明天再提交，急事请联系在线客服',
    'en-US':
      'You can send at most {limit} feedback messages a day and have reached it; send it tomorrow, or contact customer service if it is urgent',
  },
  [Code.FeedbackImageMissing]: {
    'zh-CN': '第{index}张图片未找到，可能上传未成功；请删除后重新上传',
    'en-US': 'Image {index} was not found, perhaps its upload failed; remove it and upload it again',
  },
  [Code.FeedbackAlreadyAnswered]: {
    'zh-CN': '该反馈已处理（{status}），不能再次回复；请刷新后查看',
    'en-US': 'This feedback was already answered ({status}) and cannot be answered again; reload to see it',
  },
  [Code.UserStatusConflict]: {
    'zh-CN': '该用户当前为“{status}”，不能{action}；请刷新后查看最新状态',
    'en-US': 'This user is "{status}", so the account cannot be {action}; reload to see its current state',
  },
  [Code.CancelBlockedByPendingEarnings]: {
    'zh-CN': '还有可能入账的{items}，请等待处理完成或联系客服后再注销',
    'en-US':
      'Money may still be credited for {items}; wait until they are settled, or contact customer service, before cancelling the account',
  },
  [Code.ExportTooLarge]: {
    'zh-CN': '符合条件的记录有{count}条，超过单次导出上限{max}条；请缩小日期范围或增加筛选条件后再导出',
    'en-US': '{count} records match, more than the {max} one export can hold; narrow the dates or add filters and export again',
  },
  [Code.UploadTooManyPixels]: {
    'zh-CN': '图片尺寸为{width}×{height}像素，超过{megapixels}百万像素的上限；请缩小尺寸后再上传',
    'en-US': 'The image is {width} × {height} pixels, more than the {megapixels} megapixels allowed; scale it down and upload again',
  },
};

/** A param in both languages (an enum label, the name of a thing) is rendered in the reader's. */
export type MessageParam = string | number | LocalizedText;
export type MessageParams = Record<string, MessageParam>;

export function renderMessage(template: string, params: MessageParams = {}, locale: Locale = defaultLocale): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const value = params[name]!;
    return typeof value === 'object' ? value[locale] : String(value);
  });
}

/** The response envelope of every handled outcome. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
