import { describe, expect, it } from 'vitest';
import { codeInput, loginProblem, phoneInput } from './loginForm';

describe('login form', () => {
  it('keeps the 11 digits of a pasted number', () => {
    expect(phoneInput('+86 138-1234-5678')).toBe('13812345678');
    expect(phoneInput('１３８１２３４５６７８')).toBe('13812345678');
    expect(phoneInput('1381234567899')).toBe('13812345678');
  });

  it('keeps digits of the code, at most 6', () => {
    expect(codeInput('12 34-567')).toBe('123456');
  });

  it('names the first problem in the order the form reads', () => {
    expect(loginProblem({ phone: '1381234567', code: '', agreed: false })).toBe('login.error.phone');
    expect(loginProblem({ phone: '13812345678', code: '12345', agreed: false })).toBe('login.error.code');
    expect(loginProblem({ phone: '13812345678', code: '123456', agreed: false })).toBe('login.error.agreement');
    expect(loginProblem({ phone: '13812345678', code: '123456', agreed: true })).toBeNull();
  });
});
