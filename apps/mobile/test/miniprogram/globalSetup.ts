import { ensureBuilds } from '../../../../e2e/support/builds';

/**
 * The checks read the weapp and alipay builds, and the simulator's pages talk to the compiled
 * server: made here, before any test, when missing or stale.
 */
export default function setup(): void {
  ensureBuilds(['weapp', 'alipay', 'server']);
}
