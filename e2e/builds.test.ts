import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { staleness, type Build } from './support/builds';

const build: Build = { name: 'app', entry: 'dist/index.html', sources: ['src', 'package.json'], command: ['true', []] };
let root: string;

function write(path: string, secondsAgo: number): void {
  const file = join(root, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, path);
  const at = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(file, at, at);
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the builds the browser journeys run against', () => {
  it('asks for a build when there is none, and for none when every source is older than it', () => {
    root = mkdtempSync(join(tmpdir(), 'maika-staleness-'));
    write('src/pages/home.tsx', 100);
    write('package.json', 100);
    expect(staleness(build, root)).toBe('there is no build');
    write('dist/index.html', 50);
    expect(staleness(build, root)).toBeNull();
  });

  it('names the source changed after the build, however deep, and ignores test files', () => {
    root = mkdtempSync(join(tmpdir(), 'maika-staleness-'));
    write('src/pages/home.tsx', 100);
    write('dist/index.html', 50);
    write('src/pages/home.test.tsx', 10);
    expect(staleness(build, root)).toBeNull();
    write('src/pages/deep/er/card.tsx', 10);
    expect(staleness(build, root)).toBe('src/pages/deep/er/card.tsx is newer than the build');
  });
});
