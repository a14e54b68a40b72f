import type { MiniProgramPlatform } from '@maika/shared';
import { createHash } from 'node:crypto';
import { MiniProgramError, type MiniProgramLogin } from './contract';

const SIM_CODE = /^sim-.+$/;

/**
 * Mini-program login without the platforms: a code `sim-<anything>` stands for one user, always the
 * same openid for the same code, so demos and tests can log the same person in again.
 */
export function createSimulatedMiniProgramLogin(platform: MiniProgramPlatform): MiniProgramLogin {
  return {
    name: 'sim',
    async openidOf(code) {
      if (!SIM_CODE.test(code)) throw new MiniProgramError('code', 'the simulator accepts codes of the form sim-<anything>');
      const digest = createHash('sha256').update(`${platform}:${code}`).digest('hex').slice(0, 24);
      return `sim_${platform}_${digest}`;
    },
  };
}
