import type { Locale } from './i18n';

/**
 * Schema messages are written once, in English, after the field name ("phone: must be …").
 * This table gives each its Chinese; a message missing here is shown in English rather than lost.
 */
const zhReasons: Readonly<Record<string, string>> = {
  'is required': '必填',
  'is too large': '太大了',
  'is too long': '太长了',
  'is not a valid URL': '不是有效的网址',
  'is not valid JSON': '不是有效的 JSON',
  'could not be read': '无法读取',
  'contains characters that are not allowed': '含有不允许的字符',
  'has the wrong format': '格式不正确',
  'send application/json (or multipart/form-data for uploads)': '请以 application/json 发送（上传文件用 multipart/form-data）',
  'send the image as multipart/form-data field "file"': '请以 multipart/form-data 的 file 字段上传图片',
  'upload the image first': '请先上传图片',
  'give at least one of nickname, gender, avatar': '请至少修改昵称、性别、头像中的一项',
  'give at least one of role, disabled, password': '请至少修改角色、停用状态、密码中的一项',
  'must be 0 to 10000 basis points': '必须在 0 到 10000 个基点之间',
  'must be 1 or more': '不能小于 1',
  'must be 1 to 10': '必须是 1 到 10',
  'must be 1 to 100': '必须是 1 到 100',
  'must be 1 to 6': '必须是 1 到 6',
  'must be 3 to 32 letters, digits, dot, dash or underscore': '须为 3 到 32 位字母、数字、点、短横线或下划线',
  'must be 4 to 16 letters or digits': '须为 4 到 16 位字母或数字',
  'must be a path returned by /api/file/upload': '须为上传接口返回的图片路径',
  'must be a positive id': '须为正整数编号',
  'must be a rate in basis points (a whole number, 9650 = 96.50%)': '须为以基点表示的费率（整数，9650 即 96.50%）',
  'must be a whole number of basis points (9650 = 96.50%)': '须为整数个基点（9650 即 96.50%）',
  'must be a whole number of fen': '须为整数（单位：分）',
  'must be an 11-digit mainland China mobile number': '请输入11位中国大陆手机号',
  'must be an ISO date-time': '须为 ISO 格式的日期时间',
  'must be an amount in fen (a whole number)': '须为以分为单位的整数金额',
  'must be at least 12 characters': '至少 12 个字符',
  'must be at most 20 characters': '最多 20 个字符',
  'must be at most 200,000 characters': '最多 200,000 个字符',
  'must be digits of a phone number': '须为手机号数字',
  'must be more than 0': '必须大于 0',
  'must be the 6-digit code from the text message': '请输入短信中的6位验证码',
  'must not be empty': '不能为空',
  'must not be negative': '不能为负数',
};

/** A validation reason in the reader's language. */
export function localizeReason(reason: string, locale: Locale): string {
  if (locale !== 'zh-CN') return reason;
  // Enum tables list their codes in the message: "must be one of: 0 (unknown), 1 (male)".
  const choices = /^must be one of: (.+)$/.exec(reason);
  if (choices) return `只能是以下之一：${choices[1]}`;
  return zhReasons[reason] ?? reason;
}
