import { describe, expect, it } from 'vitest';
import queryString from './queryString.h5';

/** What query-string 9.5.1 answered for each input (recorded from the package Taro's router ships with). */
const recorded: [string, boolean, Record<string, unknown>][] = [
  ['', true, {}],
  ['', false, {}],
  ['?', true, {}],
  ['?', false, {}],
  ['?a=1&b=2', true, { a: '1', b: '2' }],
  ['?a=1&b=2', false, { a: '1', b: '2' }],
  ['#x=1', true, { x: '1' }],
  ['#x=1', false, { x: '1' }],
  ['?b=2&a=1', true, { a: '1', b: '2' }],
  ['?b=2&a=1', false, { a: '1', b: '2' }],
  ['a=1&a=2&a', true, { a: ['1', '2', null] }],
  ['a=1&a=2&a', false, { a: ['1', '2', null] }],
  ['a+b=c+d', true, { 'a b': 'c d' }],
  ['a+b=c+d', false, { 'a+b': 'c+d' }],
  ['a=%E5%8D%A1', true, { a: '卡' }],
  ['a=%E5%8D%A1', false, { a: '%E5%8D%A1' }],
  ['a=%E5%8D', true, { a: '%E5%8D' }],
  ['a=%E5%8D', false, { a: '%E5%8D' }],
  ['a=%zz', true, { a: '%zz' }],
  ['a=%zz', false, { a: '%zz' }],
  ['&&a=1&&', true, { a: '1' }],
  ['&&a=1&&', false, { a: '1' }],
  ['=x', true, { '': 'x' }],
  ['=x', false, { '': 'x' }],
  ['a==b', true, { a: '=b' }],
  ['a==b', false, { a: '=b' }],
  ['  ?a=1 ', true, { a: '1' }],
  ['  ?a=1 ', false, { a: '1' }],
  ['a=1&a=&a', true, { a: ['1', '', null] }],
  ['a=1&a=&a', false, { a: ['1', '', null] }],
  ['k=%2B+1', true, { k: '+ 1' }],
  ['k=%2B+1', false, { k: '%2B+1' }],
  ['o=%7B%22a%22%3A1%7D', true, { o: '{"a":1}' }],
  ['o=%7B%22a%22%3A1%7D', false, { o: '%7B%22a%22%3A1%7D' }],
];

describe("the router's query-string stand-in", () => {
  it.each(recorded)('parses %j (decode %s) as query-string does', (query, decode, expected) => {
    const parsed = queryString.parse(query, { decode });
    expect({ ...parsed }).toEqual(expected);
    expect(Object.keys(parsed)).toEqual(Object.keys(expected));
  });

  it('answers an empty object without a prototype for anything but text', () => {
    const parsed = queryString.parse(undefined);
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(Object.keys(parsed)).toEqual([]);
  });
});
