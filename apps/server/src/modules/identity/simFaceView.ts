/** The face verification simulator's page: small, mobile-first, in the reader's language. */
import { renderText, type Locale, type TextKey } from '@maika/shared';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type PageText = 'title' | 'lead' | 'name' | 'pass' | 'fail' | 'passed' | 'failed' | 'decided' | 'back' | 'missing';

/** The page's words from the catalogue (`faceSim.*`), HTML-escaped for the reader's language. */
function say(locale: Locale, text: PageText): string {
  const key: TextKey = `faceSim.${text}`;
  return escapeHtml(renderText({ key }, locale));
}

function layout(locale: Locale, body: string): string {
  const title = say(locale, 'title');
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
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
<body><header>${title}</header><main><div class="card">${body}</div></main></body></html>`;
}

export function simFacePage(locale: Locale, certifyId: string, nameMasked: string): string {
  const action = `/sim/face/${encodeURIComponent(certifyId)}`;
  return layout(
    locale,
    `<div class="face">☺</div>
<p class="lead">${say(locale, 'lead')}</p>
<p class="name">${say(locale, 'name')}<b>${escapeHtml(nameMasked)}</b></p>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="passed"><button class="pass" type="submit">${say(locale, 'pass')}</button></form>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="failed"><button class="fail" type="submit">${say(locale, 'fail')}</button></form>`,
  );
}

export function simFaceDonePage(locale: Locale, outcome: 'passed' | 'failed', alreadyDecided: boolean): string {
  const headline = say(locale, alreadyDecided ? 'decided' : outcome);
  return layout(
    locale,
    `<div class="face">${outcome === 'passed' ? '✓' : '✕'}</div><p class="done">${headline}</p><p class="lead">${say(locale, 'back')}</p>`,
  );
}

export function simFaceMissingPage(locale: Locale): string {
  return layout(locale, `<div class="face">?</div><p class="lead">${say(locale, 'missing')}</p>`);
}
