import { FeedbackCategory, feedbackCategoryTable, FeedbackStatus, feedbackStatusTable, labelOf } from '@maika/shared';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminToken, openFresh, settleOnScreen } from './support/appUser';
import { screenshot } from './support/browser';
import {
  eventually,
  field,
  logIn,
  phoneJourney,
  routeHref,
  routeNamed,
  routeUrlPattern,
  shownPage,
  toastsShown,
  zhCN,
  type MobileServer,
} from './support/mobileApp';

/**
 * Feedback through the H5 app against the real server process: a user describes a problem with two
 * pictures, sees it pending, support answers it in the back office, and the user reads the answer.
 */

/** A small solid-colour PNG, built byte by byte so the test needs no image files. */
function solidPng(width: number, height: number, [r, g, b]: readonly [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // 8 bits per channel
  header.writeUInt8(2, 9); // truecolour RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Support answering as the back office does. */
async function replyAsSupport(server: MobileServer, feedbackId: number, body: { reply: string; status: number }) {
  return server.api(`/api/admin/feedback/${feedbackId}/reply`, { admin: await adminToken(server), body });
}

const categoryLabel = labelOf(feedbackCategoryTable, FeedbackCategory.WithdrawalFlow, 'zh-CN');

describe('sending feedback and reading the answer', () => {
  const journey = phoneJourney();
  let server: MobileServer;
  let page: Page;
  beforeEach(() => {
    ({ server, page } = journey);
  });

  const submitButton = (page: Page) => shownPage(page).locator('.taro-button-core').filter({ hasText: zhCN['feedback.submit'] });

  it('sends a description with two pictures, shows it pending, then shows the reply support gave', async () => {
    const phone = '13912348801';
    const issued = page.waitForResponse((response) => response.url().includes('/api/Authentication/smsLogin'));
    issued.catch(() => undefined);
    await logIn(page, server, phone);
    const userToken = ((await (await issued).json()) as { data: { token: string } }).data.token;

    await openFresh(page, routeHref(server, routeNamed('feedback')));
    const form = shownPage(page);
    await form.locator('.feedback__category').first().waitFor();
    await settleOnScreen(page);
    await screenshot(page, 'mobile/feedback');

    // Sending with nothing chosen says what is missing; what was typed stays.
    const description = '提现页面一直显示处理中，已经两个小时了';
    await field(form, zhCN['feedback.content.placeholder']).fill(description);
    await submitButton(page).tap();
    await eventually(() => form.locator('.feedback__problem').innerText()).toBe(zhCN['feedback.error.category']);
    expect(await field(form, zhCN['feedback.content.placeholder']).inputValue()).toBe(description);
    expect(await form.locator('.feedback__count').innerText()).toBe(`${description.length}/140`);
    await screenshot(page, 'mobile/feedback-error');

    await form.locator('.feedback__category').filter({ hasText: categoryLabel }).tap();
    await eventually(() => form.locator('.feedback__category--chosen').innerText()).toBe(categoryLabel);
    await field(form, zhCN['feedback.contact.placeholder']).fill('wx_seller_01');

    // Two pictures through the browser's file chooser; each uploads on its own.
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), form.locator('.image-picker__add').tap()]);
    await chooser.setFiles([
      { name: 'screen-1.png', mimeType: 'image/png', buffer: solidPng(48, 32, [14, 178, 233]) },
      { name: 'screen-2.png', mimeType: 'image/png', buffer: solidPng(32, 48, [240, 96, 26]) },
    ]);
    await eventually(() => form.locator('.image-picker__tile[data-state="done"]').count()).toBe(2);
    expect(await form.locator('.image-picker__add').innerText()).toContain('2/9');
    await settleOnScreen(page);
    await screenshot(page, 'mobile/feedback-filled');

    const sent = page.waitForResponse((response) => response.url().includes('/api/feedback/add'));
    await submitButton(page).tap();
    const added = (await (await sent).json()) as { code: number; msg: string; data: { id: number } };
    expect(added.code, added.msg).toBe(200);

    // On to the records: the new feedback, pending, with its two pictures.
    await page.waitForURL(routeUrlPattern(routeNamed('feedbackRecord')));
    const records = shownPage(page);
    const record = records.locator('.feedback-record').first();
    await eventually(() => record.getAttribute('data-status')).toBe(String(FeedbackStatus.Pending));
    expect(await record.innerText()).toContain(description);
    expect(await record.innerText()).toContain(categoryLabel);
    expect(await record.locator('.feedback-record__image').count()).toBe(2);
    // The pictures load through their signed addresses: feedback images are not public files.
    const loaded = () =>
      record
        .locator('.feedback-record__image img')
        .evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length);
    await eventually(loaded).toBe(2);
    const stored = await server.api('/api/feedback/records', { token: userToken });
    expect(stored.data.list[0]).toMatchObject({ id: added.data.id, contact: 'wx_seller_01', status: FeedbackStatus.Pending });
    expect(stored.data.list[0].images).toHaveLength(2);
    const shown = await fetch(`${server.url}${stored.data.list[0].imageUrls[0]}`);
    expect(shown.headers.get('cache-control')).toBe('private, no-store');
    expect((await fetch(`${server.url}${stored.data.list[0].images[0]}`)).headers.get('content-type')).not.toMatch(/^image\//);

    // Support answers in the back office.
    const reply = '已为您加急处理，款项将在 30 分钟内到账。';
    const answered = await replyAsSupport(server, added.data.id, { reply, status: FeedbackStatus.Accepted });
    expect(answered.code, answered.msg).toBe(200);

    await page.reload();
    const answeredRecord = shownPage(page).locator('.feedback-record').first();
    await eventually(() => answeredRecord.getAttribute('data-status')).toBe(String(FeedbackStatus.Accepted));
    expect(await answeredRecord.locator('.feedback-record__reply-text').innerText()).toBe(reply);
    expect(await answeredRecord.locator('.feedback-record__status').innerText()).toBe(
      labelOf(feedbackStatusTable, FeedbackStatus.Accepted, 'zh-CN'),
    );
    await settleOnScreen(page);
    await screenshot(page, 'mobile/feedbackRecord-reply');
  });
  it('on a phone, asks for the camera or the album before the picker opens, and a cancel changes nothing', async () => {
    await logIn(page, server, '13912348802');
    // The picker asks only on a phone, which it tells from the browser's user agent.
    await page.addInitScript(() =>
      Object.defineProperty(navigator, 'userAgent', {
        get: () => 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      }),
    );
    await openFresh(page, routeHref(server, routeNamed('feedback')));
    const form = shownPage(page);
    await form.locator('.feedback__category').first().waitFor();
    await settleOnScreen(page);

    const sheet = page.locator('.taro__actionSheet');
    await form.locator('.image-picker__add').tap();
    await eventually(() => sheet.locator('.taro-actionsheet__cell').allInnerTexts()).toEqual(['拍摄', '从相册选择']);
    expect(await sheet.locator('.taro-actionsheet__cancel').innerText()).toBe(zhCN['common.cancel']);
    // The picture once the sheet has slid all the way in.
    const slid = () => sheet.locator('.taro-actionsheet__sheet').evaluate((el) => getComputedStyle(el).transform);
    await eventually(slid).toBe('matrix(1, 0, 0, 1, 0, 0)');
    await screenshot(page, 'mobile/feedback-picker-sheet');

    await sheet.locator('.taro-actionsheet__cancel').tap();
    await eventually(() => sheet.count()).toBe(0);
    expect(await form.locator('.image-picker__tile[data-state]').count()).toBe(0);
    expect(await toastsShown(page)).toEqual([]);

    await form.locator('.image-picker__add').tap();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), sheet.getByText('从相册选择').tap()]);
    expect(await chooser.element().getAttribute('capture')).toBeNull();
    await chooser.setFiles([{ name: 'screen.png', mimeType: 'image/png', buffer: solidPng(40, 40, [14, 178, 233]) }]);
    await eventually(() => form.locator('.image-picker__tile[data-state="done"]').count()).toBe(1);
  });
});
