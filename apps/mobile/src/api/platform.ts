/**
 * What the request layer needs from the platform it runs on, and how to read the platform's
 * failures. http.ts provides it over Taro; tests provide Taro's H5 network code and spies.
 */
import { PlatformErrorCode } from '@maika/shared';
import type { CredentialCache } from '../storage/cache';

/** One HTTP exchange as the transport performs it. */
export interface WireRequest {
  /** Absolute, or host-relative on H5; a GET carries its query in the URL already. */
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** JSON body of a POST. */
  body?: Record<string, unknown>;
  timeoutMs: number;
  /** 'json': the body is parsed; 'text': handed on as a string. */
  responseType: 'json' | 'text';
}

/** A multipart upload of one local file. */
export interface WireUpload {
  url: string;
  headers: Record<string, string>;
  filePath: string;
  fieldName: string;
  timeoutMs: number;
}

export interface WireResponse {
  status: number;
  /** Parsed JSON, text, or (from uploads on mini-programs) JSON still as a string. */
  body: unknown;
}

export interface LoginDialog {
  title: string;
  content: string;
  confirmText: string;
  cancelText: string;
}

/** Everything the layer needs from the platform. */
export interface ApiPlatform {
  send(request: WireRequest): Promise<WireResponse>;
  upload(upload: WireUpload): Promise<WireResponse>;
  showLoading(text: string): void;
  hideLoading(): void;
  showToast(text: string): void;
  /** A two-button modal; true when the user confirms. */
  confirm(dialog: LoginDialog): Promise<boolean>;
  storage: CredentialCache;
  /** Bytes from a CSPRNG, or null where the platform has none. */
  randomBytes(length: number): Promise<Uint8Array | null>;
}

/**
 * The PlatformErrorCode of a failed platform call. WeChat reports `errno` (5, 600003, 602001),
 * Alipay `error` (13 time-out), H5 an AbortError when Taro's own timer fires; `elapsedMs` tells
 * that time-out from an abort.
 */
export function platformErrorCode(failure: unknown, elapsedMs: number, timeoutMs: number): number {
  const { errno, errCode, error, errMsg, errorMessage, name, message } = (failure ?? {}) as Record<string, unknown>;
  const code = [errno, errCode].find((value) => typeof value === 'number');
  if (code === PlatformErrorCode.timeout || code === PlatformErrorCode.abort || code === PlatformErrorCode.networkFailure) {
    return code;
  }
  const text = [errMsg, errorMessage, message].filter((part) => typeof part === 'string').join(' ');
  if (error === 13 || /time-?out/i.test(text)) return PlatformErrorCode.timeout;
  if (name === 'AbortError' || /abort/i.test(text)) {
    return elapsedMs >= timeoutMs - 50 ? PlatformErrorCode.timeout : PlatformErrorCode.abort;
  }
  return PlatformErrorCode.networkFailure;
}
