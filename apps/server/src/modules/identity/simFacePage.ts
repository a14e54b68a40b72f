/** The face verification simulator's page: small, mobile-first, in the reader's language. */
import type { Locale } from '@maika/shared';

const texts = {
  'zh-CN': {
    title: '人脸认证（模拟）',
    lead: '这是开发与测试用的模拟认证页，不会采集人脸。',
    name: '认证姓名',
    pass: '认证通过',
    fail: '认证不通过',
    passed: '已模拟认证通过',
    failed: '已模拟认证不通过',
    decided: '本次认证已有结果',
    back: '请返回卖卡 App 查看认证结果。',
    missing: '认证记录不存在，请回到 App 重新发起实名认证。',
  },
  'en-US': {
    title: 'Face verification (simulated)',
    lead: 'A simulated verification page for development and testing; no face is captured.',
    name: 'Name',
    pass: 'Pass',
    fail: 'Fail',
    passed: 'Verification passed (simulated)',
    failed: 'Verification failed (simulated)',
    decided: 'This verification already has a result',
    back: 'Go back to the Maika app to see the result.',
    missing: 'This verification does not exist; go back to the app and start a new one.',
  },
} as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(locale: Locale, body: string): string {
  const t = texts[locale];
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<style>
  body { margin: 0; font-family: -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; background: #f5f6f8; color: #1f2329; }
  header { background: #0eb2e9; color: #fff; padding: 16px; font-size: 18px; text-align: center; }
  main { padding: 20px 16px; max-width: 480px; margin: 0 auto; }
  .card { background: #fff; border-radius: 12px; padding: 20px; box-shadow: 0 1px 4px rgba(0,0,0,.06); text-align: center; }
  .face { width: 96px; height: 96px; margin: 8px auto 16px; border-radius: 50%; border: 3px dashed #0eb2e9; display: flex; align-items: center; justify-content: center; font-size: 44px; }
  .lead { color: #646a73; font-size: 14px; line-height: 1.5; }
  .name { margin: 16px 0 24px; font-size: 16px; }
  .name b { font-size: 20px; margin-left: 8px; }
  button { display: block; width: 100%; padding: 14px; margin-top: 12px; border: 0; border-radius: 24px; font-size: 16px; }
  .pass { background: #0eb2e9; color: #fff; }
  .fail { background: #fff; color: #f54a45; border: 1px solid #f54a45; }
  .done { font-size: 20px; margin: 8px 0 12px; }
</style></head>
<body><header>${t.title}</header><main><div class="card">${body}</div></main></body></html>`;
}

export function simFacePage(locale: Locale, certifyId: string, nameMasked: string): string {
  const t = texts[locale];
  const action = `/sim/face/${encodeURIComponent(certifyId)}`;
  return layout(
    locale,
    `<div class="face">☺</div>
<p class="lead">${t.lead}</p>
<p class="name">${t.name}<b>${escapeHtml(nameMasked)}</b></p>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="passed"><button class="pass" type="submit">${t.pass}</button></form>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="failed"><button class="fail" type="submit">${t.fail}</button></form>`,
  );
}

export function simFaceDonePage(locale: Locale, outcome: 'passed' | 'failed', alreadyDecided: boolean): string {
  const t = texts[locale];
  const headline = alreadyDecided ? t.decided : outcome === 'passed' ? t.passed : t.failed;
  return layout(
    locale,
    `<div class="face">${outcome === 'passed' ? '✓' : '✕'}</div><p class="done">${headline}</p><p class="lead">${t.back}</p>`,
  );
}

export function simFaceMissingPage(locale: Locale): string {
  return layout(locale, `<div class="face">?</div><p class="lead">${texts[locale].missing}</p>`);
}
