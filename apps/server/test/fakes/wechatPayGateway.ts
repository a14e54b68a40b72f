/**
 * A local stand-in for WeChat Pay API v3 transfer bills (商家转账), in 微信支付公钥 mode. It checks
 * each request's WECHATPAY2-SHA256-RSA2048 signature against the merchant's public key over the
 * bytes it received, decrypts user_name with the WeChat Pay private key, keeps bills by
 * out_bill_no as the real service does, and signs every answer with its own key. It shares no
 * code with the adapter, so a mistake in one is not mirrored in the other.
 */
import { constants, createSign, createVerify, privateDecrypt, randomBytes, type KeyObject } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { header, jsonObjectBody, startFakeGateway, type FakeGateway } from './gateway';

export type BillState = 'ACCEPTED' | 'PROCESSING' | 'WAIT_USER_CONFIRM' | 'TRANSFERING' | 'SUCCESS' | 'FAIL' | 'CANCELING' | 'CANCELLED';

export interface WechatPayGatewayOptions {
  mchId: string;
  appId: string;
  merchantSerialNo: string;
  /** Verifies the merchant's request signatures. */
  merchantPublicKey: KeyObject | string;
  /** The WeChat Pay key pair's private half: signs answers, decrypts user_name. */
  wechatPayPrivateKey: KeyObject | string;
  wechatPayPublicKeyId: string;
  /** Shifts the gateway's clock, to make a fresh request look stale. */
  clockOffsetMs?: number;
}

export interface WechatReceivedRequest {
  method: string;
  path: string;
  kind: 'create' | 'query' | 'cancel' | 'other';
  outBillNo?: string;
  userAgent?: string;
  wechatpaySerial?: string;
  contentType?: string;
  body: Record<string, unknown>;
  /** user_name as the gateway decrypted it. */
  userName?: string;
  /** The error code the gateway refused with before business handling, if any. */
  refusedWith?: string;
}

export interface WechatBill {
  outBillNo: string;
  transferBillNo: string;
  state: BillState;
  failReason?: string;
  packageInfo: string;
  createdAt: Date;
  updatedAt: Date;
  amountFen: number;
  remark: string;
  openid: string;
  userName?: string;
  /** What a repeated out_bill_no must match to be the same transfer. */
  fingerprint: string;
}

export interface WechatPayGateway extends FakeGateway<WechatReceivedRequest> {
  bills: Map<string, WechatBill>;
  /** The state a new bill enters; WAIT_USER_CONFIRM unless told otherwise. */
  decideNewBills(decide: (request: WechatReceivedRequest) => { state: BillState; failReason?: string }): void;
  /** Moves a bill on, as the user or WeChat Pay would. */
  setState(outBillNo: string, state: BillState, failReason?: string): void;
  /** The next request is carried out but its answer never arrives. */
  loseNextAnswer(): void;
  /** While on, answers carry a signature that does not verify. */
  tamperSignatures(on: boolean): void;
}

const WINDOW_S = 5 * 60;
const SCENE_REPORT_TYPES: Record<string, string[]> = { '1000': ['活动名称', '奖励说明'], '1010': ['回收商品名称'] };
const BILLS = '/v3/fund-app/mch-transfer/transfer-bills';

type Refusal = { status: number; code: string; message: string };

/** WeChat Pay writes times in RFC 3339 at Beijing time. */
function beijingTime(date: Date): string {
  return `${new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

function classify(method: string, path: string): Pick<WechatReceivedRequest, 'kind' | 'outBillNo'> {
  if (method === 'POST' && path === BILLS) return { kind: 'create' };
  const match = /^\/v3\/fund-app\/mch-transfer\/transfer-bills\/out-bill-no\/([^/?]+)(\/cancel)?$/.exec(path);
  if (!match) return { kind: 'other' };
  const outBillNo = decodeURIComponent(match[1]!);
  if (match[2] && method === 'POST') return { kind: 'cancel', outBillNo };
  return method === 'GET' && !match[2] ? { kind: 'query', outBillNo } : { kind: 'other' };
}

function authorizationRefusal(req: IncomingMessage, raw: Buffer, opts: WechatPayGatewayOptions): Refusal | undefined {
  const sign = (message: string): Refusal => ({ status: 401, code: 'SIGN_ERROR', message });
  const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header(req, 'authorization') ?? '');
  if (!match) return sign('Authorization 不合法');
  const params = Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  const { mchid, nonce_str: nonce, signature, timestamp, serial_no: serial } = params;
  if (!mchid || !nonce || !signature || !timestamp || !serial) return sign('Authorization 缺少必要参数');
  if (mchid !== opts.mchId) return sign('商户号与签名不匹配');
  if (serial !== opts.merchantSerialNo) return sign('商户证书序列号有误。请使用签名私钥匹配的证书序列号');
  const now = Math.floor((Date.now() + (opts.clockOffsetMs ?? 0)) / 1000);
  if (!/^\d+$/.test(timestamp) || Math.abs(Number(timestamp) - now) > WINDOW_S) return sign('请求时间戳已过期');
  const message = `${req.method}\n${req.url}\n${timestamp}\n${nonce}\n${raw.toString('utf8')}\n`;
  const ok = createVerify('RSA-SHA256').update(message, 'utf8').verify(opts.merchantPublicKey, signature, 'base64');
  return ok ? undefined : sign('错误的签名，验签失败');
}

/** API v3 reads every POST as JSON, an empty one (transfer cancel) included. */
function contentTypeRefusal(request: WechatReceivedRequest): Refusal | undefined {
  if (request.method !== 'POST' || /^application\/json\b/i.test(request.contentType ?? '')) return undefined;
  return { status: 400, code: 'INVALID_REQUEST', message: 'Http头Content-Type值必须为application/json' };
}

function decryptName(request: WechatReceivedRequest, opts: WechatPayGatewayOptions): Refusal | undefined {
  const cipher = request.body.user_name;
  if (cipher === undefined) return undefined;
  if (request.wechatpaySerial !== opts.wechatPayPublicKeyId)
    return { status: 400, code: 'PARAM_ERROR', message: '平台证书序列号Wechatpay-Serial错误' };
  try {
    const plain = privateDecrypt(
      { key: opts.wechatPayPrivateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
      Buffer.from(String(cipher), 'base64'),
    );
    request.userName = plain.toString('utf8');
    return undefined;
  } catch {
    return { status: 400, code: 'PARAM_ERROR', message: '请确认待处理的消息是否为加密后的密文' };
  }
}

function createRefusal(request: WechatReceivedRequest, opts: WechatPayGatewayOptions): Refusal | undefined {
  const body = request.body;
  const param = (message: string): Refusal => ({ status: 400, code: 'PARAM_ERROR', message });
  for (const field of [
    'appid',
    'out_bill_no',
    'transfer_scene_id',
    'openid',
    'transfer_amount',
    'transfer_remark',
    'transfer_scene_report_infos',
  ]) {
    if (body[field] === undefined) return param(`输入源“/body/${field}”映射到值字段“${field}”必填性规则校验失败，此字段为必填项`);
  }
  if (body.appid !== opts.appId) return { status: 400, code: 'INVALID_REQUEST', message: 'appid和mch_id不匹配，请检查后再试' };
  if (!/^[0-9A-Za-z]{1,32}$/.test(String(body.out_bill_no))) return param('商户单号只能由数字、大小写字母组成');
  if (!Number.isSafeInteger(body.transfer_amount) || (body.transfer_amount as number) <= 0) return param('转账金额不合法');
  if (typeof body.transfer_remark !== 'string' || Array.from(body.transfer_remark).length > 32) return param('转账备注不能超过32个字符');
  const wanted = SCENE_REPORT_TYPES[String(body.transfer_scene_id)];
  if (!wanted) return { status: 403, code: 'NO_AUTH', message: '商户未获得该转账场景的权限' };
  const infos = Array.isArray(body.transfer_scene_report_infos) ? (body.transfer_scene_report_infos as Array<Record<string, unknown>>) : [];
  const types = infos.map((info) => info.info_type);
  const contentsOk = infos.every(
    (info) => typeof info.info_content === 'string' && info.info_content.length > 0 && Array.from(info.info_content).length <= 32,
  );
  if (types.length !== wanted.length || !wanted.every((type) => types.includes(type)) || !contentsOk)
    return param('需传入转账场景报备信息,请检查');
  const nameRefusal = decryptName(request, opts);
  if (nameRefusal) return nameRefusal;
  if ((body.transfer_amount as number) >= 200_000 && !request.userName) return param('转账金额 >= 2,000元时，收款用户姓名必填');
  return undefined;
}

function createView(bill: WechatBill): Record<string, unknown> {
  return {
    out_bill_no: bill.outBillNo,
    transfer_bill_no: bill.transferBillNo,
    create_time: beijingTime(bill.createdAt),
    state: bill.state,
    ...(bill.failReason ? { fail_reason: bill.failReason } : {}),
    ...(bill.state === 'WAIT_USER_CONFIRM' ? { package_info: bill.packageInfo } : {}),
  };
}

function queryView(bill: WechatBill, opts: WechatPayGatewayOptions): Record<string, unknown> {
  return {
    mch_id: opts.mchId,
    out_bill_no: bill.outBillNo,
    transfer_bill_no: bill.transferBillNo,
    appid: opts.appId,
    state: bill.state,
    transfer_amount: bill.amountFen,
    transfer_remark: bill.remark,
    ...(bill.failReason ? { fail_reason: bill.failReason } : {}),
    openid: bill.openid,
    create_time: beijingTime(bill.createdAt),
    update_time: beijingTime(bill.updatedAt),
  };
}

function fingerprint(request: WechatReceivedRequest): string {
  const { user_name: _cipher, ...rest } = request.body;
  return JSON.stringify({ ...rest, userName: request.userName ?? null });
}

const FINAL: BillState[] = ['SUCCESS', 'FAIL', 'CANCELLED'];

export async function startWechatPayGateway(opts: WechatPayGatewayOptions): Promise<WechatPayGateway> {
  const bills = new Map<string, WechatBill>();
  let decide: (request: WechatReceivedRequest) => { state: BillState; failReason?: string } = () => ({ state: 'WAIT_USER_CONFIRM' });
  let tampered = false;
  let sequence = 0;
  const error = (status: number, code: string, message: string) => ({ status, body: { code, message } });

  function answerCreate(request: WechatReceivedRequest) {
    const outBillNo = String(request.body.out_bill_no);
    const existing = bills.get(outBillNo);
    if (existing) {
      // A repeat with the same details is the same transfer; with other details it is refused.
      return existing.fingerprint === fingerprint(request)
        ? { body: createView(existing) }
        : error(400, 'INVALID_REQUEST', '单号已存在但信息不一致，请查单后比较确认');
    }
    const now = new Date();
    const decided = decide(request);
    const bill: WechatBill = {
      outBillNo,
      transferBillNo: `1330000${Date.now()}${String(++sequence).padStart(6, '0')}`,
      state: decided.state,
      failReason: decided.failReason,
      packageInfo: randomBytes(48).toString('base64'),
      createdAt: now,
      updatedAt: now,
      amountFen: request.body.transfer_amount as number,
      remark: String(request.body.transfer_remark),
      openid: String(request.body.openid),
      userName: request.userName,
      fingerprint: fingerprint(request),
    };
    bills.set(outBillNo, bill);
    return { body: createView(bill) };
  }

  function answerCancel(bill: WechatBill) {
    if (FINAL.includes(bill.state)) return error(400, 'INVALID_REQUEST', '当前转账单状态不支持撤销');
    bill.state = 'CANCELLED';
    bill.updatedAt = new Date();
    return {
      body: {
        out_bill_no: bill.outBillNo,
        transfer_bill_no: bill.transferBillNo,
        state: bill.state,
        update_time: beijingTime(bill.updatedAt),
      },
    };
  }

  const behaviour = {
    receive(req: IncomingMessage, raw: Buffer): WechatReceivedRequest {
      const method = req.method ?? 'GET';
      const path = req.url ?? '/';
      return {
        method,
        path,
        ...classify(method, path),
        userAgent: header(req, 'user-agent'),
        wechatpaySerial: header(req, 'wechatpay-serial'),
        contentType: header(req, 'content-type'),
        body: jsonObjectBody(raw),
      };
    },
    refuse(req: IncomingMessage, raw: Buffer, request: WechatReceivedRequest) {
      const refusal: Refusal | undefined =
        authorizationRefusal(req, raw, opts) ??
        (request.userAgent ? undefined : { status: 400, code: 'INVALID_REQUEST', message: '请求中缺少User-Agent' }) ??
        contentTypeRefusal(request) ??
        (request.kind === 'create' ? createRefusal(request, opts) : undefined);
      if (!refusal) return undefined;
      request.refusedWith = refusal.code;
      return error(refusal.status, refusal.code, refusal.message);
    },
    answer(request: WechatReceivedRequest) {
      if (request.kind === 'create') return answerCreate(request);
      const bill = request.outBillNo ? bills.get(request.outBillNo) : undefined;
      if (request.kind === 'other' || !bill) return error(404, 'NOT_FOUND', '记录不存在');
      return request.kind === 'query' ? { body: queryView(bill, opts) } : answerCancel(bill);
    },
    responseHeaders(status: number, text: string): Record<string, string> {
      // A request whose signature failed gets an unsigned answer, as from the real service.
      if (status === 401) return {};
      const timestamp = String(Math.floor((Date.now() + (opts.clockOffsetMs ?? 0)) / 1000));
      const nonce = randomBytes(16).toString('hex');
      const signed = `${timestamp}\n${nonce}\n${tampered ? `${text} ` : text}\n`;
      const signature = createSign('RSA-SHA256').update(signed, 'utf8').sign(opts.wechatPayPrivateKey, 'base64');
      return {
        'Wechatpay-Timestamp': timestamp,
        'Wechatpay-Nonce': nonce,
        'Wechatpay-Signature': signature,
        'Wechatpay-Serial': opts.wechatPayPublicKeyId,
        'Request-ID': nonce,
      };
    },
  };

  const gateway = await startFakeGateway<WechatReceivedRequest>(behaviour);
  return {
    ...gateway,
    bills,
    decideNewBills(next) {
      decide = next;
    },
    setState(outBillNo, state, failReason) {
      const bill = bills.get(outBillNo);
      if (!bill) throw new Error(`no bill ${outBillNo}`);
      Object.assign(bill, { state, failReason, updatedAt: new Date() });
    },
    loseNextAnswer() {
      gateway.respondWith((request) => {
        gateway.respondWith(() => undefined);
        behaviour.answer(request);
        return 'hang';
      });
    },
    tamperSignatures(on) {
      tampered = on;
    },
  };
}
