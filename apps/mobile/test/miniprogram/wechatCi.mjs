#!/usr/bin/env node
/**
 * WeChat's own CI tool (miniprogram-ci) over a weapp build, offline: the compile that `upload()` runs
 * (which checks app.json and every page JSON against WeChat's schema), the code-quality scan and the
 * code analysis. Usage: `node wechatCi.mjs <project dir>`. Prints one line `RESULT <json>` and exits.
 *
 * Run as its own process because the tool leaves a file watcher running that would keep a test
 * worker alive; this script exits explicitly once it has its answers.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ci from 'miniprogram-ci';

const projectPath = path.resolve(process.argv[2] ?? '');

/** Any well-formed key: nothing here talks to WeChat, but the project will not load without one. */
const dummyKey = [
  '-----BEGIN RSA PRIVATE KEY-----',
  'MIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf9Cnzj4p4WGeKLs1Pt8Qu',
  '-----END RSA PRIVATE KEY-----',
  '',
].join('\n');

const errorText = (error) => (error instanceof Error ? error.message : String(error));

async function main() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'maika-wechat-ci-'));
  const privateKeyPath = path.join(scratch, 'private.key');
  writeFileSync(privateKeyPath, dummyKey);
  const result = { compiled: null, compileError: null, quality: null, qualityError: null, analysed: null, analyseError: null };
  try {
    const project = new ci.Project({ appid: 'touristappid', type: 'miniProgram', projectPath, privateKeyPath });
    // The default attributes of an app, instead of asking WeChat's servers for this appid's.
    project.attr = async () => ci.DefaultProjectAttr;
    try {
      const compiled = await ci.getCompiledResult({ project, setting: { es6: false }, onProgressUpdate: () => {} });
      result.compiled = Object.keys(compiled).sort();
    } catch (error) {
      result.compileError = errorText(error);
    }
    try {
      result.quality = (await ci.checkCodeQuality(project)).map(({ name, success, text, detail }) => ({ name, success, text, detail }));
    } catch (error) {
      result.qualityError = errorText(error);
    }
    try {
      const analysis = await ci.analyseCode(project, { silent: true });
      result.analysed = analysis ? analysis.files.map((file) => file.path).sort() : null;
    } catch (error) {
      result.analyseError = errorText(error);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(`RESULT ${JSON.stringify(result)}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(errorText(error));
    process.exit(1);
  },
);
