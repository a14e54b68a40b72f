import { describe, expect, it } from 'vitest';
import { Code, codeMessages } from './codes';
import { renderMessage } from './i18n';

const paramsOf = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the code table', () => {
  it('asks for a colleague in Chinese with one 请, not two', () => {
    expect(codeMessages[Code.ApprovalSameOperator]['zh-CN']).toBe('该操作由您发起，需另一位不同的操作员批准；请同事在“待复核”中处理');
    for (const [code, text] of Object.entries(codeMessages)) expect(text['zh-CN'], code).not.toContain('请请');
  });

  it('gives every message the same placeholders in both languages', () => {
    for (const [code, text] of Object.entries(codeMessages)) expect(paramsOf(text['en-US']), code).toEqual(paramsOf(text['zh-CN']));
  });

  it('tells a locked-out operator how long to wait, or to use a recovery code', () => {
    const template = codeMessages[Code.AdminSecondFactorLocked];
    expect(renderMessage(template['zh-CN'], { minutes: 15 }, 'zh-CN')).toBe(
      '动态码连续错误次数过多，两步验证已暂时锁定：请15分钟后再试，或现在输入一个恢复码登录',
    );
    expect(renderMessage(template['en-US'], { minutes: 15 }, 'en-US')).toContain('try again in 15 min, or sign in with a recovery code');
  });
});
