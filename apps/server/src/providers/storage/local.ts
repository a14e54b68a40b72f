import { randomUUID } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import type { Storage } from './index';

export function createLocalStorage(root: string): Storage {
  const resolvePath = (path: string) => {
    const relative = normalize(path.replace(/^\/uploads\//, ''));
    if (relative.startsWith('..')) return null;
    return join(root, relative);
  };
  return {
    localRoot: root,
    async save(bytes, extension, folder) {
      const month = new Date().toISOString().slice(0, 7);
      const dir = join(root, folder, month);
      await mkdir(dir, { recursive: true });
      const name = `${randomUUID()}.${extension}`;
      await writeFile(join(dir, name), bytes);
      return `/uploads/${folder}/${month}/${name}`;
    },
    async exists(path) {
      const file = resolvePath(path);
      if (!file) return false;
      return stat(file).then((s) => s.isFile(), () => false);
    },
  };
}
