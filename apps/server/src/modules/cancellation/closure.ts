import type { Tx } from '../../db/client';
import type { AppError } from '../../http/envelope';
import { moneyClosureCheck } from '../withdrawals';
import { cardClosureCheck, earningsClosureCheck } from '../cards';

/**
 * Checks that must pass before an account can be cancelled. Each domain that holds something of
 * the user's (money, cards under review, open withdrawals, anything that may still credit money)
 * adds its own check here.
 */
export type ClosureCheck = (tx: Tx, userId: number) => Promise<AppError | null>;

export const closureBlockers: ClosureCheck[] = [moneyClosureCheck, cardClosureCheck, earningsClosureCheck];
