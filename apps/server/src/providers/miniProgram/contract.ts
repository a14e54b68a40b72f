/** What every mini-program login provider offers, and how it fails. */
import type { MiniProgramPlatform } from '@maika/shared';

export interface MiniProgramLogin {
  readonly name: string;
  /** The user's id on the platform; throws MiniProgramError. */
  openidOf(code: string): Promise<string>;
}

export type MiniProgramProviders = Record<MiniProgramPlatform, MiniProgramLogin>;

/**
 * `code`: the platform refused the login code (invalid, expired, used): the user must log in again.
 * `provider`: the platform failed or could not be reached; `reason` is for the message and the logs.
 * `off`: this site offers no mini-program login (MINI_PROGRAM_PROVIDER=off).
 */
export class MiniProgramError extends Error {
  constructor(
    public readonly kind: 'code' | 'provider' | 'off',
    public readonly reason: string,
    cause?: unknown,
  ) {
    super(`mini-program login (${kind}): ${reason}`, { cause });
    this.name = 'MiniProgramError';
  }
}
