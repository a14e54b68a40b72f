/**
 * What the mini-program platforms can run: WeChat ("es6": false) and Alipay run the bundle as it is,
 * on clients whose engines may stop at ES2019 and have no BigInt. One unparsable token stops the
 * whole file (common.js holds most of the app), so every script of a build must parse as ES2019
 * (which rejects BigInt literals, `??`, `?.` and the other ES2020 syntax) and may touch the BigInt
 * global only behind a `typeof BigInt === 'function'` check.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, type Node } from 'acorn';
import { ancestor } from 'acorn-walk';
import { filesUnder } from './build';

export const scriptEcmaVersion = 2019;

type AnyNode = Node & Record<string, unknown>;

/** `typeof BigInt === 'function'`, either way round and with == or ===. */
function isBigIntCheck(node: AnyNode | undefined): boolean {
  if (node?.type !== 'BinaryExpression' || (node.operator !== '==' && node.operator !== '===')) return false;
  const isTypeof = (side: AnyNode) =>
    side.type === 'UnaryExpression' &&
    side.operator === 'typeof' &&
    (side.argument as AnyNode).type === 'Identifier' &&
    (side.argument as AnyNode).name === 'BigInt';
  const isFunction = (side: AnyNode) => side.type === 'Literal' && side.value === 'function';
  const [left, right] = [node.left as AnyNode, node.right as AnyNode];
  return (isTypeof(left) && isFunction(right)) || (isTypeof(right) && isFunction(left));
}

/**
 * A BigInt reference that cannot run where BigInt is missing: the operand of `typeof`, or inside
 * the branch taken only when `typeof BigInt === 'function'` (a conditional, `&&` or `if`).
 */
function bigIntGuarded(ancestors: Node[]): boolean {
  const chain = ancestors as AnyNode[];
  const reference = chain[chain.length - 1];
  const parent = chain[chain.length - 2];
  if (parent?.type === 'UnaryExpression' && parent.operator === 'typeof') return true;
  for (let index = chain.length - 2; index >= 0; index -= 1) {
    const node = chain[index]!;
    const child = chain[index + 1] ?? reference;
    if (
      (node.type === 'ConditionalExpression' || node.type === 'IfStatement') &&
      node.consequent === child &&
      isBigIntCheck(node.test as AnyNode)
    )
      return true;
    if (node.type === 'LogicalExpression' && node.operator === '&&' && node.right === child && isBigIntCheck(node.left as AnyNode))
      return true;
  }
  return false;
}

/** The problems of one script's source, each with where it is. */
export function scriptProblems(source: string, name: string): string[] {
  let program: Node;
  try {
    program = parse(source, { ecmaVersion: scriptEcmaVersion, sourceType: 'script' });
  } catch (error) {
    const { pos } = error as { pos?: number };
    const near = pos === undefined ? '' : `, near ${JSON.stringify(source.slice(Math.max(0, pos - 40), pos + 20))}`;
    return [`${name}: not ES${scriptEcmaVersion}: ${(error as Error).message}${near}`];
  }
  const problems: string[] = [];
  ancestor(program, {
    Identifier(node, _state, ancestors) {
      if ((node as Node & { name: string }).name !== 'BigInt' || bigIntGuarded(ancestors)) return;
      problems.push(`${name}: uses BigInt unguarded near ${JSON.stringify(source.slice(Math.max(0, node.start - 40), node.end + 20))}`);
    },
  });
  return problems;
}

/** The problems of every .js file of a build. */
export function buildScriptProblems(dist: string): { scripts: number; problems: string[] } {
  const scripts = filesUnder(dist).filter((file) => file.endsWith('.js'));
  const problems = scripts.flatMap((file) => scriptProblems(readFileSync(path.join(dist, file), 'utf8'), file));
  return { scripts: scripts.length, problems };
}
