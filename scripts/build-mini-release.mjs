#!/usr/bin/env node
/**
 * Release build of a mini-program: `node scripts/build-mini-release.mjs weapp|alipay`
 * (`npm run build:weapp:release`, `npm run build:alipay:release`). A release must call the API over
 * https on a host the vendor's console allows, and be uploaded under the real app id, so both are
 * required from the environment and every missing or bad one is reported at once; development
 * builds (`npm run build:mobile`) keep their local defaults.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildMobileTarget } from './build-mobile.mjs';

const projectFile = (relative) => fileURLToPath(new URL(`../apps/mobile/${relative}`, import.meta.url));

/** Per target: the app id variable, its documented shape, and the project file the vendor's tools open. */
export const releaseTargets = {
  weapp: {
    vendor: 'WeChat',
    appIdVariable: 'WECHAT_MINI_APP_ID',
    appIdPattern: /^wx[0-9a-f]{16}$/,
    appIdShape: '"wx" and 16 hex digits, as in the WeChat mini-program console (开发管理 → 开发设置)',
  },
  alipay: {
    vendor: 'Alipay',
    appIdVariable: 'ALIPAY_MINI_APP_ID',
    appIdPattern: /^20\d{14}$/,
    appIdShape: '16 digits starting with 20, as in the Alipay open platform console',
  },
};

const hostsNeverAllowed =
  /^(localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1\]|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+)$/;

/** Every reason the environment cannot make a release of `target`; empty when it can. */
export function releaseProblems(target, env) {
  const spec = releaseTargets[target];
  if (!spec) return [`unknown target "${target}": expected weapp or alipay`];
  const problems = [];
  const host = env.TARO_APP_API_HOST?.trim() ?? '';
  if (!host) {
    problems.push(
      `TARO_APP_API_HOST is not set: give the API's https address, e.g. https://api.example.com, on the ${spec.vendor} console's list of request domains`,
    );
  } else {
    let url = null;
    try {
      url = new URL(host);
    } catch {
      problems.push(`TARO_APP_API_HOST "${host}" is not a URL: give it as https://api.example.com`);
    }
    if (url && url.protocol !== 'https:') {
      problems.push(`TARO_APP_API_HOST "${host}" must use https: ${spec.vendor} refuses plain http requests in a released mini-program`);
    } else if (url && hostsNeverAllowed.test(url.hostname)) {
      problems.push(`TARO_APP_API_HOST "${host}" is a local or private address: phones cannot reach it; give the public https host`);
    } else if (url && (url.pathname !== '/' || url.search || url.hash || host.endsWith('/'))) {
      problems.push(`TARO_APP_API_HOST "${host}" must be the origin only (https://host[:port]), without a path or a trailing slash`);
    }
  }
  const appId = env[spec.appIdVariable]?.trim() ?? '';
  if (!appId) problems.push(`${spec.appIdVariable} is not set: give the app id, ${spec.appIdShape}`);
  else if (!spec.appIdPattern.test(appId)) problems.push(`${spec.appIdVariable} "${appId}" is not an app id: expected ${spec.appIdShape}`);
  return problems;
}

/**
 * WeChat's developer tools and miniprogram-ci read the app id from project.config.json in the
 * build (Taro copies apps/mobile's there): the release gets the real one and minification on.
 * Alipay's tools take the app id when the project is bound or uploaded, not from a file.
 */
function stampProjectFile(target, appId) {
  if (target !== 'weapp') return;
  const file = projectFile('dist/weapp/project.config.json');
  const project = JSON.parse(readFileSync(file, 'utf8'));
  project.appid = appId;
  project.setting = { ...project.setting, urlCheck: true, minified: true, minifyWXSS: true, minifyWXML: true };
  writeFileSync(file, `${JSON.stringify(project, null, 2)}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const target = process.argv[2] ?? '';
  const problems = releaseProblems(target, process.env);
  if (problems.length) {
    console.error(`Refusing to build the ${target} release:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    process.exit(1);
  }
  const failure = await buildMobileTarget(target);
  if (failure) {
    console.error(`mobile build failed: ${failure}`);
    process.exit(1);
  }
  stampProjectFile(target, process.env[releaseTargets[target].appIdVariable].trim());
  const { appIdVariable } = releaseTargets[target];
  console.log(
    `${target} release for ${process.env[appIdVariable].trim()}, calling ${process.env.TARO_APP_API_HOST.trim()}, is in apps/mobile/dist/${target}`,
  );
}
