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

  SmsTooSoon: 1101,
  SmsPhoneDailyLimit: 1102,
  SmsIpDailyLimit: 1103,
  SmsCodeWrong: 1104,
  SmsCodeExpired: 1105,
  SmsCodeLocked: 1106,
  SmsSendFailed: 1107,

  AccountFrozen: 1201,
  CancelBlockedByBalance: 1202,
  CancelBlockedByOpenItems: 1203,

  AdminNotLoggedIn: 1401,
  AdminForbidden: 1403,
  AdminLoginFailed: 1404,
  AdminDisabled: 1405,
  AdminUsernameTaken: 1406,
  AdminLastAdmin: 1407,

  Internal: 1500,
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
  [Code.Internal]: {
    'zh-CN': '服务器开小差了，请稍后再试',
    'en-US': 'Something went wrong on our side; please try again',
  },
};

export type MessageParams = Record<string, string | number>;

export function renderMessage(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The response envelope of every handled outcome. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
