import { describe, expect, it } from 'vitest';
import { auditActionLabels, auditActions, isAuditAction } from './auditActions';

describe('the audit action table', () => {
  it('labels every action in both languages, no two alike in one language', () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const labels = auditActions.map((action) => auditActionLabels[action][locale]);
      for (const [i, label] of labels.entries()) expect(label.trim(), auditActions[i]).not.toBe('');
      expect(new Set(labels).size, locale).toBe(labels.length);
    }
  });

  it('knows its own actions only', () => {
    expect(isAuditAction('withdrawal.approve')).toBe(true);
    expect(isAuditAction('withdrawal_approve')).toBe(false);
    expect(isAuditAction('toString')).toBe(false);
  });
});
