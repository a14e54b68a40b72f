/**
 * For the apps' translation tests: the call sites of their `t(key, params)` and `translate(…)`,
 * read from the source, so a text's `{name}` without a value where it is shown fails a test
 * instead of reaching a screen as `{name}`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { placeholdersOf } from '../src/i18n';

const TRANSLATORS = new Set(['t', 'translate']);

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
 * Every placeholder without a value at a call site under `dir`: a call of `t` or `translate` whose
 * key is a string literal `templatesOf` knows (its texts in every language), with params written
 * out as an object literal, or none. Calls with a computed key or params are left out; `checked`
 * counts the calls read.
 */
export function missingParams(
  dir: string,
  templatesOf: (key: string) => readonly string[] | undefined,
): { checked: number; missing: string[] } {
  let checked = 0;
  const missing: string[] = [];
  for (const file of sourceFiles(dir)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && TRANSLATORS.has(node.expression.text)) {
        const at = node.arguments.findIndex((argument) => ts.isStringLiteralLike(argument) && templatesOf(argument.text));
        if (at >= 0) {
          const key = (node.arguments[at] as ts.StringLiteralLike).text;
          const given = givenNames(node.arguments[at + 1]);
          const needed = new Set(templatesOf(key)!.flatMap(placeholdersOf));
          if (given) checked += 1;
          for (const name of given ? needed : []) {
            if (!given!.includes(name)) {
              const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
              missing.push(`${relative(dir, file)}:${line} ${key} needs {${name}}`);
            }
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { checked, missing };
}
