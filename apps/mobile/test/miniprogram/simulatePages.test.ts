/**
 * Every page of the WeChat build rendered by WeChat's component test tool, miniprogram-simulate,
 * against the real server: the build's own scripts and templates, with wx.request going over HTTP
 * to a server process with the demo data.
 */
import { maskCardNumber } from '@maika/shared';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '@/routes';
import { newDataDir, startServerProcess, waitUntilHealthy, type ServerProcess } from '../../../../e2e/support/serverProcess';
import { builtDir } from './build';
import { bootMiniProgram, type MiniProgram, type SimulatedPage } from './simulate';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
interface Category {
  id: number;
  name: string;
  cardTypes: { id: number; name: string; physical: boolean }[];
}

let server: ServerProcess;
let dataDir = '';
let mini: MiniProgram;
const phone = '13912340451';
/** Another user than the login test's, so each test has its own SMS code and sending interval. */
const sellerPhone = '13912340452';
/** The seller of the consent test, with a phone of their own for the same reason. */
const consentPhone = '13912340453';

async function api<T = any>(path: string, options: { token?: string; body?: unknown } = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = { uuid: 'miniprogram-simulate-runner' };
  if (options.token) headers.token = options.token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return (await response.json()) as Envelope<T>;
}

const waitFor = <T>(check: () => T) => vi.waitFor(check, { timeout: 30_000, interval: 100 });

/** The rendered element with `className`; the tool prefixes a page's classes with its tag, `main--`. */
function element(page: SimulatedPage, className: string, index = 0): Element {
  const found = page.dom.querySelectorAll(`.main--${className}`)[index];
  if (!found) throw new Error(`no .${className} #${index} on the page:\n${page.text()}`);
  return found;
}

const texts = (page: SimulatedPage, className: string) =>
  [...page.dom.querySelectorAll(`.main--${className}`)].map((found) => found.textContent);

/** Fires `type` on a rendered element as WeChat hands it to the handler Taro's template binds (`eh`). */
function fire(page: SimulatedPage, target: Element, type: 'tap' | 'input', detail: Record<string, unknown> = {}) {
  const sid = target.getAttribute('data-sid');
  if (!sid) throw new Error(`the element has no data-sid to route the ${type} event:\n${target.outerHTML}`);
  const node = { id: '', dataset: { sid }, offsetLeft: 0, offsetTop: 0 };
  page.instance.eh({ type, timeStamp: Date.now(), target: node, currentTarget: node, detail, touches: [], changedTouches: [] });
}

/** The login token the app keeps in wx storage once logged in (storage/cache.ts). */
function storedToken(): string | undefined {
  const token = mini.storage.get('loginToken');
  return typeof token === 'string' && token !== '' ? token : undefined;
}

/**
 * Logs `loginPhone` in as a user does, on the login page with the code from the SMS outbox, so the
 * app itself holds the session; answers with the session token it stored.
 */
async function logInOnTheLoginPage(loginPhone: string): Promise<string> {
  const tokenBefore = storedToken();
  const page = mini.open('pages/login/login');
  await waitFor(() => element(page, 'sms-field__input', 1));
  fire(page, element(page, 'sms-field__input', 0), 'input', { value: loginPhone });
  fire(page, element(page, 'sms-field__send'), 'tap');
  const code = await waitFor(async () => {
    const outbox = await api<{ code: string; purpose: string }[]>(`/api/dev/smsOutbox?phone=${loginPhone}`);
    const sent = outbox.data.find((message) => message.purpose === 'login');
    expect(sent, 'a login code in the SMS outbox').toBeDefined();
    return sent!.code;
  });
  fire(page, element(page, 'sms-field__input', 1), 'input', { value: code });
  fire(page, element(page, 'login__check'), 'tap');
  await waitFor(() => expect(element(page, 'login__check').getAttribute('class')).toContain('main--login__check--on'));
  fire(page, element(page, 'login__submit'), 'tap');
  const token = await waitFor(() => {
    const stored = storedToken();
    expect(stored, 'a new session token in wx storage').toBeDefined();
    expect(stored, 'a new session token in wx storage').not.toBe(tokenBefore);
    return stored!;
  });
  page.unload();
  return token;
}

beforeAll(async () => {
  const dist = builtDir('weapp');
  dataDir = newDataDir();
  server = await startServerProcess({ DATA_DIR: dataDir });
  await waitUntilHealthy(server);
  mini = bootMiniProgram(dist, server.url);
}, 1_200_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the WeChat build in miniprogram-simulate against the real server', () => {
  let catalogue: Category[] = [];
  beforeAll(async () => {
    catalogue = (await api<Category[]>('/api/goods/getClassList')).data;
    expect(catalogue.length, 'the demo data has categories').toBeGreaterThan(0);
  });

  it('home shows every category the server has', async () => {
    const page = mini.open('pages/home/home');
    await waitFor(() => {
      for (const category of catalogue) expect(page.text()).toContain(category.name);
    });
    page.unload();
    expect(mini.errors).toEqual([]);
  });

  it('goodsClass lists the card types of the first category the server has', async () => {
    const page = mini.open('pages/goodsClass/goodsClass');
    const first = catalogue[0]!;
    await waitFor(() => {
      expect(element(page, 'goods-class__panel-title').textContent).toBe(first.name);
      expect(texts(page, 'card-type-row__name')).toEqual(first.cardTypes.map((cardType) => cardType.name));
    });
    page.unload();
    expect(mini.errors).toEqual([]);
  });

  it('the login page completes an SMS login with the code from the SMS outbox', async () => {
    const token = await logInOnTheLoginPage(phone);
    // The token is the server's session of this phone: its profile shows the phone, masked.
    const profile = await api<unknown>('/api/user/getInfo', { token });
    expect(profile.code, profile.msg).toBe(200);
    expect(JSON.stringify(profile.data)).toContain(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(mini.errors).toEqual([]);
  });

  it('the order page lists a card the logged-in user sold, and opening the order asks for its cards', async () => {
    const token = await logInOnTheLoginPage(sellerPhone);
    const cardType = catalogue.flatMap((category) => category.cardTypes).find((type) => !type.physical)!;
    const detail = await api<any>(`/api/goods/getGoodsDetail?id=${cardType.id}`);
    const cardNo = '7'.repeat(detail.data.cardNoRule.length ?? 16);
    const submitted = await api<{ orderNo: string }>('/api/order/submit', {
      token,
      body: {
        goodsId: cardType.id,
        faceValueFen: detail.data.faceValues[0].faceValueFen,
        cards: [{ cardNo, cardPwd: '3'.repeat(detail.data.pwdRule.length ?? 8) }],
        idempotencyKey: 'miniprogram-simulate-order-0001',
        agree: true,
      },
    });
    expect(submitted.code, submitted.msg).toBe(200);

    const page = mini.open('pages/order/order');
    await waitFor(() => {
      expect(texts(page, 'orders__name')).toEqual([cardType.name]);
    });
    // The list carries each order's counts, not its cards: those come with the order's detail.
    expect(texts(page, 'orders__card-no')).toEqual([]);
    fire(page, element(page, 'orders__toggle'), 'tap');
    await waitFor(() => {
      expect(texts(page, 'orders__card-no')).toEqual([maskCardNumber(cardNo)]);
    });
    expect(mini.requests.some((request) => request.path.startsWith('/api/order/detail?'))).toBe(true);
    page.unload();
    expect(mini.errors).toEqual([]);
  });

  it('asks consent to the card-message templates the server names inside the submit tap, stores the accepted ones, and submits also after a refusal', async () => {
    const token = await logInOnTheLoginPage(consentPhone);
    const templates = await api<{ submit: string[]; withdraw: string[] }>('/api/message/subscribeTemplates?platform=weapp', { token });
    expect(templates.code, templates.msg).toBe(200);
    expect(templates.data.submit.length, 'the demo turns the WeChat channel on with card-message templates').toBeGreaterThan(0);
    const cardType = catalogue.flatMap((category) => category.cardTypes).find((type) => !type.physical)!;
    const detail = await api<any>(`/api/goods/getGoodsDetail?id=${cardType.id}`);
    const templatesPath = '/api/message/subscribeTemplates?platform=weapp';
    const page = mini.open('pages/submitCard/submitCard', { id: String(cardType.id) });

    /** Fills one card, agrees, taps submit; answers with the consent requests the tap made synchronously, inside the tap. */
    const submitCard = async (seed: string) => {
      const cardPwd = await waitFor(() => element(page, 'submit-card__input--cardPwd'));
      if (detail.data.needsCardNo) {
        fire(page, element(page, 'submit-card__input--cardNo'), 'input', { value: seed.repeat(detail.data.cardNoRule.length ?? 16) });
      }
      fire(page, cardPwd, 'input', { value: seed.repeat(detail.data.pwdRule.length ?? 8) });
      fire(page, element(page, 'submit-card__check'), 'tap');
      await waitFor(() => expect(element(page, 'submit-card__check').getAttribute('class')).toContain('main--submit-card__check--on'));
      const asksBefore = mini.subscribeAsks.length;
      fire(page, element(page, 'submit-card__submit'), 'tap');
      // Nothing awaited in between: WeChat shows the request only when it starts in the tap.
      return mini.subscribeAsks.slice(asksBefore);
    };
    const posted = (path: string) => mini.requests.filter((request) => request.method === 'POST' && request.path === path);

    // The ids are fetched with the page, before any tap.
    await waitFor(() => expect(mini.requests.find((request) => request.path === templatesPath)?.answer).toBeDefined());
    expect(await submitCard('6')).toEqual([templates.data.submit]);
    await waitFor(() => expect(page.text()).toContain('提交成功'));
    const [consent] = posted('/api/message/subscribe');
    expect(consent?.body).toEqual({ platform: 'weapp', accepted: templates.data.submit });
    await waitFor(() => expect(consent?.answer).toMatchObject({ code: 200, data: { stored: templates.data.submit.length } }));
    // The consent went out before the submission it was asked for.
    expect(mini.requests.indexOf(consent!)).toBeLessThan(mini.requests.indexOf(posted('/api/order/submit')[0]!));

    // Refused: nothing is stored, and the cards are submitted all the same.
    mini.subscribeAnswer = 'reject';
    fire(page, element(page, 'submit-result__more'), 'tap');
    expect(await submitCard('5')).toEqual([templates.data.submit]);
    await waitFor(() => expect(posted('/api/order/submit')).toHaveLength(2));
    await waitFor(() => expect(page.text()).toContain('提交成功'));
    expect(posted('/api/message/subscribe')).toHaveLength(1);
    mini.subscribeAnswer = 'accept';
    page.unload();
    expect(mini.errors).toEqual([]);
  });

  it("offers WeChat's own customer-service chat on the My page, as the demo settings turn it on, and no phone row there", async () => {
    const site = await api<{ weappContact: boolean }>('/api/Basis/getFoundation');
    expect(site.data.weappContact).toBe(true);
    const page = mini.open('pages/person/person');
    const contact = await waitFor(() => element(page, 'person__contact'));
    expect(contact.outerHTML).toMatch(/contact/);
    expect(contact.textContent).toContain('在线客服');
    expect(page.dom.querySelectorAll('.main--person__service-phone')).toHaveLength(0);
    page.unload();
    expect(mini.errors).toEqual([]);
  });

  it('renders every page and the custom tab bar without an error', async () => {
    expect(routes.length).toBeGreaterThanOrEqual(30);
    for (const route of routes) {
      const page = mini.open(route.path);
      await waitFor(() => expect(page.text().trim(), route.path).not.toBe(''));
      page.unload();
      expect(mini.errors, route.path).toEqual([]);
    }
    const tabBar = mini.tabBar();
    await waitFor(() => {
      for (const text of ['首页', '订单', '我的']) expect(tabBar.text()).toContain(text);
    });
    tabBar.unload();
    expect(mini.errors).toEqual([]);
  });
});
