import { describe, expect, it } from 'vitest';
import { chromiumTool, nginxTool, requireSystemTool } from './systemTools';

describe('a system tool the tests need', () => {
  it('says in one line what to install when the tool is missing, with no stack to read through', () => {
    const missing = { ...nginxTool, path: '/nonexistent/sbin/nginx' };
    let thrown: unknown;
    try {
      requireSystemTool(missing);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    const error = thrown as Error;
    expect(error.message).toBe(
      'nginx is missing at /nonexistent/sbin/nginx: apt-get install nginx libnginx-mod-http-brotli-filter, or run bash .ci/run',
    );
    expect(error.stack).toBe(`Error: ${error.message}`);
    expect(error.stack!.split('\n')).toHaveLength(1);
  });

  it('names CHROMIUM_PATH as the way to point the browser journeys at another Chromium', () => {
    expect(() => requireSystemTool(chromiumTool('/nonexistent/chromium'))).toThrow(
      /^Chromium is missing at \/nonexistent\/chromium: .*apt-get install chromium.*CHROMIUM_PATH.*bash \.ci\/run$/,
    );
  });

  it('says nothing when the tool is in place', () => {
    expect(() => requireSystemTool({ name: 'node', path: process.execPath, install: 'install Node.js' })).not.toThrow();
  });
});
