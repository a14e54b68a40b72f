/**
 * How a build's own output reaches the person who started it. `npm run build:*` shows it all;
 * `npm start` on a fresh clone writes it to a log file and shows one progress line instead, since
 * the compilers print hundreds of lines a newcomer has no use for unless the build fails.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { dirname, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where `npm start` keeps the full output of the builds it runs. */
export const buildLogDir = fileURLToPath(new URL('../.maika/', import.meta.url));

/** Runs the build with its output shown as it comes. */
export function runShown(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: 'inherit' });
    child.once('error', (e) => resolve({ status: null, signal: String(e) }));
    child.once('close', (status, signal) => resolve({ status, signal }));
  });
}

// Colour and cursor codes, which would garble the progress line.
const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');

/**
 * A runner that writes the build's output to `logFile` and shows `label` with a progress line:
 * on a terminal one line rewritten in place (seconds so far and the build's latest line),
 * elsewhere nothing until the end, so a captured log stays short. When the build fails, its whole
 * output is printed, then where the log is.
 */
export function runLogged(label, logFile, { out = process.stdout, err = process.stderr } = {}) {
  return (command, args, options) =>
    new Promise((resolve) => {
      mkdirSync(dirname(logFile), { recursive: true });
      const log = createWriteStream(logFile);
      const shownLog = logFile.startsWith(process.cwd() + sep) ? relative(process.cwd(), logFile) : logFile;
      out.write(`${label} (full output in ${shownLog})\n`);
      const started = Date.now();
      let latest = '';
      const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
      const take = (chunk) => {
        log.write(chunk);
        const lines = String(chunk)
          .replace(ansi, '')
          .split(/[\r\n]+/)
          .map((line) => line.trim())
          .filter(Boolean);
        if (lines.length) latest = lines[lines.length - 1];
      };
      child.stdout.on('data', take);
      child.stderr.on('data', take);
      const width = Math.max(40, (out.columns ?? 100) - 1);
      const progress = out.isTTY
        ? setInterval(() => {
            const line = `  ${Math.round((Date.now() - started) / 1000)} s  ${latest}`;
            out.write(`\r${line.slice(0, width).padEnd(width)}`);
          }, 500)
        : undefined;
      let finished = false;
      const finish = (status, signal) => {
        if (finished) return; // a failed spawn reports both 'error' and 'close'
        finished = true;
        if (progress) {
          clearInterval(progress);
          out.write(`\r${' '.repeat(width)}\r`);
        }
        log.end(() => {
          if (status !== 0) {
            err.write(readFileSync(logFile, 'utf8'));
            err.write(`\n(the build's output above is also in ${shownLog})\n`);
          }
          resolve({ status, signal });
        });
      };
      child.once('error', (e) => {
        log.write(`${String(e)}\n`);
        finish(null, String(e));
      });
      child.once('close', finish);
    });
}

/** The log file `npm start` writes for one build, e.g. .maika/build-h5.log. */
export function buildLogFile(name) {
  return `${buildLogDir}build-${name}.log`;
}
