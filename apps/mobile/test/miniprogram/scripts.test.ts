/** The script check itself, on small sources: what it lets through and what it stops. */
import { describe, expect, it } from 'vitest';
import { scriptProblems } from './scripts';

describe('the mini-program script check', () => {
  it('stops BigInt literals and ES2020 syntax', () => {
    expect(scriptProblems('var a = 100n;', 'money.js')).toEqual([expect.stringContaining('money.js: not ES2019')]);
    expect(scriptProblems('var a = b ?? 0;', 'a.js')).toEqual([expect.stringContaining('not ES2019')]);
    expect(scriptProblems('var a = b?.c;', 'a.js')).toEqual([expect.stringContaining('not ES2019')]);
  });

  it('stops a BigInt call that runs whether or not the client has BigInt', () => {
    expect(scriptProblems('var ranges = [BigInt("1")];', 'vendors.js')).toEqual([expect.stringContaining('uses BigInt unguarded')]);
    expect(scriptProblems('var x = typeof BigInt === "function" ? 0 : BigInt(1);', 'a.js')).toHaveLength(1);
  });

  it('lets through BigInt behind a typeof check, in the shapes a minifier leaves', () => {
    expect(scriptProblems('var a = "function"==typeof BigInt?BigInt("1"):"1";', 'a.js')).toEqual([]);
    expect(scriptProblems('var b = typeof BigInt === "function" && BigInt(2);', 'a.js')).toEqual([]);
    expect(scriptProblems('if (typeof BigInt == "function") { use(BigInt(3)); }', 'a.js')).toEqual([]);
    expect(scriptProblems('var ok = async function () { const { a, ...rest } = await b; return rest; };', 'a.js')).toEqual([]);
  });
});
