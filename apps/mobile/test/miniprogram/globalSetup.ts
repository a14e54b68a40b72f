import { ensureBuilds } from '../../../../e2e/support/builds';

/** The checks read the weapp and alipay builds: made here, before any test, when missing or stale. */
export default function setup(): void {
  ensureBuilds(['weapp', 'alipay']);
}
