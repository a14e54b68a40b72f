/**
 * Security headers on every answer (API, H5 app, admin console, files) through helmet, with a
 * Content-Security-Policy both apps run under: scripts only from our origin plus the H5 page's
 * own inline bootstrap script, admitted by its hash; styles inline too, because Ant Design and
 * NutUI set styles at run time.
 */
import helmet, { type HelmetOptions } from 'helmet';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppInstance } from './appInstance';
import { h5Index } from './static';

/** CSP source expressions for the inline scripts of a built page, so nothing else inline runs. */
export function inlineScriptHashes(html: string): string[] {
  const bodies = [...html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!);
  return bodies.filter((b) => b.length > 0).map((b) => `'sha256-${createHash('sha256').update(b, 'utf8').digest('base64')}'`);
}

export function contentSecurityPolicy(scriptHashes: string[]) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      scriptSrc: ["'self'", ...scriptHashes],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Banners and logos may sit on an object store or CDN; data: and blob: are QR codes and previews.
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      // blob: is the page's own picked photos: Taro's H5 uploadFile reads them back before sending.
      connectSrc: ["'self'", 'blob:'],
      formAction: ["'self'"],
      // Nothing of ours is meant to be framed: no clickjacking of the pay-out or review buttons.
      frameAncestors: ["'none'"],
    },
  };
}

type HeaderStep = { name: string; value: string | null };

/**
 * What helmet's middleware does to an answer with these options, worked out once: with no
 * function in the options nothing depends on the request, and building helmet's middleware for
 * every request (as @fastify/helmet does) cost a tenth of a public call's CPU.
 */
export function helmetSteps(options: HelmetOptions): HeaderStep[] {
  const steps: HeaderStep[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => steps.push({ name, value: String(value) }),
    removeHeader: (name: string) => steps.push({ name, value: null }),
  };
  let failure: unknown;
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
    finished = true;
  });
  if (failure || !finished) throw new Error('security headers: helmet did not finish on its own', { cause: failure });
  return steps;
}

export function registerSecurityHeaders(app: AppInstance): void {
  const hashes = existsSync(h5Index) ? inlineScriptHashes(readFileSync(h5Index, 'utf8')) : [];
  const steps = helmetSteps({
    contentSecurityPolicy: contentSecurityPolicy(hashes),
    // The admin console's development server (another port of the same host) shows our images.
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Only a real HTTPS deployment may pin browsers to HTTPS; on plain HTTP it would lock them out.
    strictTransportSecurity: app.deps.config.NODE_ENV === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // On the raw answer, as helmet itself writes them: a route's own header (the docs' CSP) still wins.
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const step of steps) {
      if (step.value === null) raw.removeHeader(step.name);
      else raw.setHeader(step.name, step.value);
    }
    done();
  });
}
