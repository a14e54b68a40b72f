/**
 * The settings page's own texts (personInfo). Only that page shows them, so they ship with
 * its code, in its subpackage on the mini-programs; the page adds them when its code loads
 * (addPageMessages in i18n/messages.ts).
 */
const zhCN = {
  'personInfo.profile': '个人资料',
  'personInfo.avatar': '头像',
  'personInfo.avatar.change': '更换头像',
  'personInfo.avatar.updated': '头像已更新',
  'personInfo.nickname': '昵称',
  'personInfo.nickname.title': '修改昵称',
  'personInfo.nickname.placeholder': '1～20个字符',
  'personInfo.nickname.empty': '昵称不能为空',
  'personInfo.nickname.tooLong': '昵称最多20个字符',
  'personInfo.gender': '性别',
  'personInfo.gender.pickerTitle': '选择性别',
  'personInfo.phone': '手机号',
  'personInfo.saved': '已保存',
  'personInfo.account': '账号',
  'personInfo.cancelAccount': '注销账号',
  'personInfo.cancelAccount.title': '确定注销账号？',
  'personInfo.cancelAccount.content': '注销后将无法再登录此账号，账号资料不可恢复。账户有余额或未完成的订单、提现时不能注销。',
  'personInfo.cancelAccount.confirm': '确认注销',
  'personInfo.cancelAccount.keep': '再想想',
  'personInfo.cancelAccount.done': '账号已注销',
  'personInfo.realName': '实名认证',
  'personInfo.realName.none': '未认证',
  'personInfo.version.value': '{version}（{build}）',
} as const;

/** Typed against the Chinese texts, so a missing or extra key fails the build. */
const enUS: Readonly<Record<keyof typeof zhCN, string>> = {
  'personInfo.profile': 'Profile',
  'personInfo.avatar': 'Avatar',
  'personInfo.avatar.change': 'Change avatar',
  'personInfo.avatar.updated': 'Avatar updated',
  'personInfo.nickname': 'Nickname',
  'personInfo.nickname.title': 'Change nickname',
  'personInfo.nickname.placeholder': '1 to 20 characters',
  'personInfo.nickname.empty': 'The nickname cannot be empty',
  'personInfo.nickname.tooLong': 'The nickname can be at most 20 characters',
  'personInfo.gender': 'Gender',
  'personInfo.gender.pickerTitle': 'Choose your gender',
  'personInfo.phone': 'Phone',
  'personInfo.saved': 'Saved',
  'personInfo.account': 'Account',
  'personInfo.cancelAccount': 'Close account',
  'personInfo.cancelAccount.title': 'Close your account?',
  'personInfo.cancelAccount.content':
    'You will not be able to log in to this account again, and its profile cannot be restored. An account with a balance or unfinished orders or withdrawals cannot be closed.',
  'personInfo.cancelAccount.confirm': 'Confirm',
  'personInfo.cancelAccount.keep': 'Keep it',
  'personInfo.cancelAccount.done': 'Your account has been closed',
  'personInfo.realName': 'Real name',
  'personInfo.realName.none': 'Not verified',
  'personInfo.version.value': '{version} (build {build})',
};

export const personInfoMessages = { 'zh-CN': zhCN, 'en-US': enUS } as const;
