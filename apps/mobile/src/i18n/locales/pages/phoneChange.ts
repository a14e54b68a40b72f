/**
 * The change phone page's own texts (updatePhoneNum). Only that page shows them, so they
 * ship with its code, in its subpackage on the mini-programs; the page adds them when its code
 * loads (addPageMessages in i18n/messages.ts).
 */
const zhCN = {
  'phoneChange.loginFirst': '登录后即可更换手机号',
  'phoneChange.step1': '验证当前手机号',
  'phoneChange.step2': '绑定新手机号',
  'phoneChange.current.heading': '验证当前手机号',
  'phoneChange.current.body': '为保障账号安全，请先用当前手机号接收验证码',
  'phoneChange.current.label': '当前手机号',
  'phoneChange.new.heading': '绑定新手机号',
  'phoneChange.new.body': '更换成功后，请使用新手机号登录',
  'phoneChange.new.label': '新手机号',
  'phoneChange.new.placeholder': '请输入新的11位手机号',
  'phoneChange.code.sent': '验证码已发送至 {phone}',
  'phoneChange.next': '下一步',
  'phoneChange.submit': '确认更换',
  'phoneChange.success': '手机号已更换',
  'phoneChange.error.voucher': '身份验证已失效，请重新获取当前手机号的验证码',
} as const;

/** Typed against the Chinese texts, so a missing or extra key fails the build. */
const enUS: Readonly<Record<keyof typeof zhCN, string>> = {
  'phoneChange.loginFirst': 'Log in to change your phone number',
  'phoneChange.step1': 'Current phone',
  'phoneChange.step2': 'New phone',
  'phoneChange.current.heading': 'Confirm your current phone',
  'phoneChange.current.body': 'To keep your account safe, first get a code on the phone you use now',
  'phoneChange.current.label': 'Current phone',
  'phoneChange.new.heading': 'Link your new phone',
  'phoneChange.new.body': 'After the change, log in with the new number',
  'phoneChange.new.label': 'New phone',
  'phoneChange.new.placeholder': 'New 11-digit phone number',
  'phoneChange.code.sent': 'Code sent to {phone}',
  'phoneChange.next': 'Next',
  'phoneChange.submit': 'Change phone',
  'phoneChange.success': 'Phone number changed',
  'phoneChange.error.voucher': 'Your check has expired; get a new code on your current phone',
};

export const phoneChangeMessages = { 'zh-CN': zhCN, 'en-US': enUS } as const;
