/**
 * WeChat's own compilers, wcc (WXML) and wcsc (WXSS), as the miniprogram-compiler package ships
 * them. Its wxssToJs hides wcsc's error output, so wcsc is called through the package's own runner,
 * which hands the error back.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

type WcscRunner = (root: string, files: string[], options: { maxBuffer?: number }) => Record<string, string> | Error;
type WccRunner = (root: string, files: string[], wxsFiles: string[], options: { maxBuffer?: number }) => string;

const wcsc = require('miniprogram-compiler/src/wcsc.js') as WcscRunner;
const wcc = require('miniprogram-compiler/src/wcc.js') as WccRunner;

const maxBuffer = 64 * 1024 * 1024;

/** wcsc's error for the given .wxss files (paths relative to root, with extension), or null when they compile. */
export function wcscError(root: string, wxssFiles: string[]): string | null {
  const result = wcsc(
    root,
    wxssFiles.map((file) => file.replace(/\.wxss$/, '')),
    { maxBuffer },
  );
  return result instanceof Error ? result.message : null;
}

/** A page's template renderer: page data in, WeChat's virtual tree out. */
export type TemplateRenderer = (data: Record<string, unknown>) => { tag?: string; children?: unknown[] };

/** Compiles the given .wxml files with wcc (throws wcc's error) and answers the renderer of each. */
export function compileWxml(root: string, wxmlFiles: string[], wxsFiles: string[]): (file: string) => TemplateRenderer | undefined {
  const code = wcc(
    root,
    wxmlFiles.map((file) => file.replace(/\.wxml$/, '')),
    wxsFiles,
    { maxBuffer },
  );
  // wcc emits a script that defines $gwx; running it is what the WeChat client does with it, in a
  // scope where `global` and `window` are the client's globals.
  const globals = {};
  const gwx = new Function('global', 'window', `${code}; return $gwx;`)(globals, globals) as (file: string) => TemplateRenderer | undefined;
  return (file) => gwx(file);
}
