import { ensureBuilds } from './support/builds';

/** The browser journeys run against the H5 app and the console the server serves from disk. */
export default function setup(): void {
  ensureBuilds(['h5', 'admin']);
}
