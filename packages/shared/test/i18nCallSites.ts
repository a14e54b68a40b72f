/**
 * For the translation tests: the call sites of the apps' `t(key, params)` and `translate(…)` and
 * of the server's `new AppError(Code.X, params)`, read from the source, so a text's `{name}`
 * without a value where it is shown fails a test instead of reaching a screen as `{name}`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { placeholdersOf } from '../src/i18n';

const TRANSLATORS = new Set(['t', 'translate']);

/** A text used at a call site: its key and the argument giving its params. */
export interface TextUse {
  key: string;
  params: ts.Expression | undefined;
}

/** `t(key, params)`, `translate(key, params, …)`, `translate(locale, key, params)`: the first string argument that is a key. */
export const translatorCall =
  (isKey: (key: string) => boolean) =>
  (node: ts.Node): TextUse | undefined => {
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || !TRANSLATORS.has(node.expression.text)) return undefined;
    const at = node.arguments.findIndex((argument) => ts.isStringLiteralLike(argument) && isKey(argument.text));
    return at < 0 ? undefined : { key: (node.arguments[at] as ts.StringLiteralLike).text, params: node.arguments[at + 1] };
  };

/** `new AppError(Code.X, params)`: the key is the code's name. */
export function appErrorCall(node: ts.Node): TextUse | undefined {
  if (!ts.isNewExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'AppError') return undefined;
  const [code, params] = node.arguments ?? [];
  if (!code || !ts.isPropertyAccessExpression(code) || !ts.isIdentifier(code.expression) || code.expression.text !== 'Code')
    return undefined;
  return { key: code.name.text, params };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The param names an argument gives: none for no argument, undefined when it cannot be read from the source (a variable, a spread). */
function givenNames(argument: ts.Expression | undefined): string[] | undefined {
  if (!argument || argument.kind === ts.SyntaxKind.UndefinedKeyword || (ts.isIdentifier(argument) && argument.text === 'undefined'))
    return [];
  if (!ts.isObjectLiteralExpression(argument)) return undefined;
  const names: string[] = [];
  for (const property of argument.properties) {
    if (ts.isShorthandPropertyAssignment(property)) names.push(property.name.text);
    else if (ts.isPropertyAssignment(property) && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)))
      names.push(property.name.text);
    else return undefined;
  }
  return names;
}

/**
 * Every placeholder without a value at a call site under `dir`: a use `useOf` finds whose key
 * `templatesOf` knows (its texts in every language), with params written out as an object
 * literal, or none. Uses with a computed key or params are left out; `checked` counts those read.
 */
export function missingParams(
  dir: string,
  templatesOf: (key: string) => readonly string[] | undefined,
  useOf: (node: ts.Node) => TextUse | undefined = translatorCall((key) => templatesOf(key) !== undefined),
): { checked: number; missing: string[] } {
  let checked = 0;
  const missing: string[] = [];
  for (const file of sourceFiles(dir)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      const use = useOf(node);
      const templates = use && templatesOf(use.key);
      const given = use && templates ? givenNames(use.params) : undefined;
      if (use && templates && given) {
        checked += 1;
        for (const name of new Set(templates.flatMap(placeholdersOf))) {
          if (given.includes(name)) continue;
          const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          missing.push(`${relative(dir, file)}:${line} ${use.key} needs {${name}}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { checked, missing };
}
