import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import type { Storage } from './contract';

/**
 * Public files under `root`, served at /uploads/; private ones under `privateRoot`, which nothing
 * serves: they are read by the route that checks who may see them.
 */
export function createLocalStorage(root: string, privateRoot: string): Storage {
  const resolvePath = (path: string) => {
    const [prefix, base] = path.startsWith('/uploads/')
      ? ['/uploads/', root]
      : path.startsWith('/private/')
        ? ['/private/', privateRoot]
        : [];
    if (!prefix || !base) return null;
    const relative = normalize(path.slice(prefix.length));
    if (relative.startsWith('..') || relative.startsWith('/')) return null;
    return join(base, relative);
  };
  return {
    localRoot: root,
    async save(bytes, extension, folder, visibility = 'public') {
      const month = new Date().toISOString().slice(0, 7);
      const dir = join(visibility === 'public' ? root : privateRoot, folder, month);
      await mkdir(dir, { recursive: true });
      const name = `${randomUUID()}.${extension}`;
      await writeFile(join(dir, name), bytes);
      return `/${visibility === 'public' ? 'uploads' : 'private'}/${folder}/${month}/${name}`;
    },
    async exists(path) {
      const file = resolvePath(path);
      if (!file) return false;
      return stat(file).then(
        (s) => s.isFile(),
        () => false,
      );
    },
    async read(path) {
      const file = resolvePath(path);
      if (!file) return null;
      return readFile(file).catch(() => null);
    },
    async remove(path) {
      const file = resolvePath(path);
      if (file) await rm(file, { force: true });
    },
  };
}
