#!/usr/bin/env node
/**
 * `npm run lint` step: every file a comment or a document cites is in the repository.
 *
 * It reads the comments of source files (.ts, .tsx, .js, .mjs, .sql, .scss, shell, nginx, YAML)
 * and the whole of every Markdown file, and checks
 * - each path from the repository root (`apps/...`, `packages/...`, `docs/...`, `e2e/...`, ...)
 *   names a file or folder that exists, unless .gitignore covers it (builds, screenshots);
 * - each other path or name with the extension of a file we write (.ts, .tsx, .mjs, .md, .sql,
 *   .scss: `constants.test.ts`, `cards/settleService.ts`, `../README.md`) exists beside the citing file,
 *   from the root, as the end of some file's path, or in an installed package; `app.json` or
 *   `common.js` are names of build outputs and vendors' files, not citations;
 * - a heading cited in quotes right after a Markdown file (`docs/product.md "Money"`) or an anchor
 *   (`README.md#money`) is a heading of that file;
 * - no text cites the product documents that are not in the repository: the product rules are in
 *   docs/product.md and docs/design.md.
 * Globs and placeholders (`<noun>`, `{a,b}`, `*`, `x.ts`) and URLs are not citations. Each failure
 * names the citing file and line. Takes about two seconds: only scripts that could cite are parsed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, posix } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const started = performance.now();
// Through require: importing TypeScript's one large CommonJS file as ESM costs a second of parsing.
const ts = createRequire(import.meta.url)('typescript');
const root = fileURLToPath(new URL('..', import.meta.url));

/** First segments of a path written from the repository root. */
const ROOTS = ['apps', 'packages', 'e2e', 'deploy', 'scripts', 'docs', 'patches', '.ci'];
/** Extensions that make a name (`settleService.ts`, `cards/settleService.ts`) a file citation: those of files we write. */
const SOURCE_EXTENSIONS = ['ts', 'tsx', 'mjs', 'md', 'sql', 'scss'];
/** Names that look like files and are not ours: a file the reader generates. */
const NOT_FILES = new Set(['maika-api.ts']);
const CODE = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs']);
const SLASH_COMMENTS = new Set(['.sql', '.scss', '.css']);
const HASH_COMMENTS = new Set(['.sh', '.yml', '.yaml', '.conf', '.service', '.example']);
/** Read only for the outside-document check: they have no comments. */
const PLAIN = new Set(['.json', '.html']);
const SKIP_FILES = new Set(['package-lock.json']);

/** How a file is read: its extension, '.sh' for the CI script, null for files that are not read. */
function kindOf(path) {
  if (path.startsWith('.ci/')) return '.sh';
  const ext = extname(path);
  const read = ext === '.md' || CODE.has(ext) || SLASH_COMMENTS.has(ext) || HASH_COMMENTS.has(ext) || PLAIN.has(ext);
  return read && !SKIP_FILES.has(posix.basename(path)) ? ext : null;
}
// Written without the names themselves, so this file does not trip its own check.
const OUTSIDE = ['SPEC', 'DESIGN', 'STYLE'];
const outsideDocument = new RegExp(`\\b(?:${OUTSIDE.join('|')})(?:\\.md\\b|\\s*§|'s\\b)`, 'g');

// ---------------------------------------------------------------------------------------------
// The repository's files: a walk that leaves out what .gitignore leaves out.

function ignoreRules() {
  const lines = readFileSync(join(root, '.gitignore'), 'utf8').split('\n');
  return lines
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const dirOnly = line.endsWith('/');
      const body = line.replace(/^\/|\/$/g, '');
      const source = body
        .split('')
        .map((ch) => (ch === '*' ? '[^/]*' : ch.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      return { anchored: body.includes('/'), dirOnly, pattern: new RegExp(`^${source}$`) };
    });
}
const rules = ignoreRules();

/** Whether .gitignore covers `path` (relative, posix) or a folder above it. */
function isIgnored(path) {
  const segments = path.replace(/\/$/, '').split('/');
  for (let i = 1; i <= segments.length; i++) {
    const prefix = segments.slice(0, i).join('/');
    const isLast = i === segments.length;
    for (const rule of rules) {
      // A folder rule (`dist/`) covers a cited name that is a folder, or that is not there at all: a
      // fresh clone has no build output yet, and only an existing file is not a folder.
      if (rule.dirOnly && isLast && !path.endsWith('/') && isFile(prefix)) continue;
      if (rule.anchored ? rule.pattern.test(prefix) : rule.pattern.test(segments[i - 1])) return true;
    }
  }
  return false;
}

function isFile(path) {
  try {
    return statSync(join(root, path)).isFile();
  } catch {
    return false;
  }
}

const files = [];
const directories = new Set(['']);
(function walk(dir) {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.name === '.git' || entry.name === 'node_modules') continue;
    if (entry.isDirectory()) {
      if (isIgnored(`${path}/`)) continue;
      directories.add(path);
      walk(path);
    } else if (entry.isFile() && !isIgnored(path)) {
      files.push(path);
    }
  }
})('');
const fileSet = new Set(files);

const exists = (path) => fileSet.has(path) || directories.has(path.replace(/\/$/, ''));
const endsAnyPath = (tail) => files.some((file) => file.endsWith(`/${tail}`));
/** `fastify/lib/logger-pino.js`: a file of an installed package. */
const inDependency = (path) => path.includes('/') && statSafe(join(root, 'node_modules', path));

function statSafe(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Comments

/** Start and end offsets of the literals of a script (strings, templates, regexes, JSX text). */
function literalRanges(path, text) {
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : path.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind);
  const ranges = [];
  const literalKinds = new Set([
    ts.SyntaxKind.StringLiteral,
    ts.SyntaxKind.NoSubstitutionTemplateLiteral,
    ts.SyntaxKind.TemplateHead,
    ts.SyntaxKind.TemplateMiddle,
    ts.SyntaxKind.TemplateTail,
    ts.SyntaxKind.RegularExpressionLiteral,
    ts.SyntaxKind.JsxText,
  ]);
  (function visit(node) {
    if (literalKinds.has(node.kind)) ranges.push([node.getStart(source), node.end]);
    ts.forEachChild(node, visit);
  })(source);
  return ranges.sort((a, b) => a[0] - b[0]);
}

/** Comments of a script: `//` and `/*` outside its literals always open one. */
function scriptComments(path, text) {
  const ranges = literalRanges(path, text);
  const comments = [];
  let r = 0;
  let i = text.startsWith('#!') ? text.indexOf('\n') : 0;
  while (i >= 0 && i < text.length) {
    i = text.indexOf('/', i);
    if (i < 0) break;
    while (r < ranges.length && ranges[r][1] <= i) r++;
    if (r < ranges.length && ranges[r][0] <= i) {
      i = ranges[r][1];
      continue;
    }
    if (text[i + 1] === '/' || text[i + 1] === '*') {
      const close = text[i + 1] === '/' ? text.indexOf('\n', i) : text.indexOf('*/', i + 2);
      const end = close < 0 ? text.length : close;
      comments.push([i, end]);
      i = end;
      continue;
    }
    i++;
  }
  return comments;
}

/** Comments opened by a marker, to the end of the line (and, for `/*`, to its close). */
function markedComments(text, lineMarker, block) {
  const comments = [];
  const marker = new RegExp(`(^|\\s)(${lineMarker}${block ? '|/\\*' : ''})`, 'g');
  for (let m; (m = marker.exec(text));) {
    const start = m.index + m[1].length;
    const close = m[2] === '/*' ? text.indexOf('*/', start + 2) : text.indexOf('\n', start);
    const end = close < 0 ? text.length : close;
    comments.push([start, end]);
    marker.lastIndex = end;
  }
  return comments;
}

/** Text that may hold a citation; a script without any is not parsed. */
const mayCite = new RegExp(
  `(?:^|[^\\w@./-])(?:${ROOTS.map((r) => r.replace('.', '\\.')).join('|')})/|README|[\\w-]\\.(?:${SOURCE_EXTENSIONS.join('|')})\\b`,
);

/** The parts of a file that can cite: [start, end] offsets. */
function citingParts(path, ext, text) {
  if (ext === '.md') return [[0, text.length]];
  if (CODE.has(ext)) return mayCite.test(text) ? scriptComments(path, text) : [];
  if (ext === '.sql') return markedComments(text, '--', true);
  if (ext === '.scss' || ext === '.css') return markedComments(text, '//', true);
  if (HASH_COMMENTS.has(ext)) return markedComments(text, '#', false);
  return [];
}

// ---------------------------------------------------------------------------------------------
// Citations

const headingsOf = new Map();
function headings(mdPath) {
  if (!headingsOf.has(mdPath)) {
    const text = readFileSync(join(root, mdPath), 'utf8');
    const titles = [...text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) => m[1].replace(/`/g, ''));
    headingsOf.set(mdPath, titles);
  }
  return headingsOf.get(mdPath);
}
const slug = (title) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

const token = /[\w@.\-/]+/g;
const sourceFile = new RegExp(`(?:^|/)[^/.][^/]*\\.(?:${SOURCE_EXTENSIONS.join('|')})$`);
/** `DATA_DIR/uploads`: a path under a setting, not in the repository. */
const underSetting = /^[A-Z][A-Z0-9_]+\//;
/** `x.ts`, `x.h5.ts`: a one-letter name stands for any file. */
const placeholder = /(?:^|\/)[a-z]\.[^/]+$/i;
const outsideName = new RegExp(`(?:^|/)(?:${OUTSIDE.join('|')})\\.md$`);
const rootPath = new RegExp(`^(?:${ROOTS.map((r) => r.replace('.', '\\.')).join('|')})/`);

/** The repository path a cited name stands for, or null when it is not a citation; undefined when missing. */
function resolve(name, citingDir) {
  if (name === 'README') return 'README.md';
  if (rootPath.test(name)) return exists(name) || isIgnored(name) ? name.replace(/\/$/, '') : undefined;
  if (!sourceFile.test(name) || NOT_FILES.has(name) || outsideName.test(name) || underSetting.test(name) || placeholder.test(name))
    return null;
  const beside = posix.normalize(posix.join(citingDir, name));
  if (fileSet.has(beside)) return beside;
  if (name.startsWith('./') || name.startsWith('../')) return isIgnored(beside) ? beside : undefined;
  if (fileSet.has(name)) return name;
  if (endsAnyPath(name) || isIgnored(name) || inDependency(name)) return name;
  return undefined;
}

const problems = [];
let checked = 0;
let scanned = 0;

function lineOf(text, offset) {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function checkPart(path, text, [start, end]) {
  const part = text.slice(start, end);
  const citingDir = posix.dirname(path);
  for (const m of part.matchAll(token)) {
    const name = m[0].replace(/[.-]+$/, '');
    const before = part[m.index - 1] ?? '';
    const after = part[m.index + name.length] ?? '';
    if (!name || name.startsWith('/') || name.startsWith('@') || /[>}*\]…$:~]/.test(before)) continue;
    if (/[<{*[…$]/.test(after)) continue;
    const target = resolve(name, citingDir);
    if (target === null) continue;
    checked++;
    const where = `${path}:${lineOf(text, start + m.index)}`;
    if (target === undefined) {
      problems.push(`${where}: cites ${name}, which is not in the repository`);
      continue;
    }
    if (!target.endsWith('.md') || !fileSet.has(target)) continue;
    const rest = part.slice(m.index + name.length, m.index + name.length + 240);
    const anchor = /^#([\w-]+)/.exec(rest);
    if (anchor && !headings(target).some((title) => slug(title) === anchor[1])) {
      problems.push(`${where}: cites ${name}#${anchor[1]}, which is no heading of ${target}`);
    }
    // A heading in quotes after the file, also across a comment's line break (` * `, `// `).
    const quoted = /^[\s§,:]*"([^"]{1,120})"/.exec(rest.replace(/\n\s*(?:\*(?!\/)|\/\/|--|#)?\s*/g, ' '));
    if (quoted && !headings(target).some((title) => title.toLowerCase() === quoted[1].toLowerCase())) {
      problems.push(`${where}: cites ${name} "${quoted[1]}", which is no heading of ${target} (${headings(target).join(' | ')})`);
    }
  }
}

for (const path of files) {
  const ext = kindOf(path);
  if (ext === null) continue;
  const text = readFileSync(join(root, path), 'utf8');
  scanned++;
  for (const m of text.matchAll(outsideDocument)) {
    problems.push(
      `${path}:${lineOf(text, m.index)}: cites "${m[0]}", a document outside the repository: cite docs/product.md or docs/design.md`,
    );
  }
  if (PLAIN.has(ext)) continue;
  for (const part of citingParts(path, ext, text)) checkPart(path, text, part);
}

const ms = Math.round(performance.now() - started);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} citation problem${problems.length === 1 ? '' : 's'} (${scanned} files, ${ms} ms)`);
  process.exit(1);
}
console.log(`citations: ${checked} in ${scanned} files, all in the repository (${ms} ms)`);
