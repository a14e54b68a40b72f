/**
 * Every page's own texts, for the message key type (keys.ts) and the checks over every text
 * (all.ts). The app never imports this list: each page imports its own file, so its texts ship in
 * its subpackage on the mini-programs instead of in the main package.
 */
import { feedbackMessages } from './feedback';
import { feedbackRecordMessages } from './feedbackRecord';
import { levelUsersMessages } from './levelUsers';
import { merchantMessages } from './merchant';
import { messageCentreMessages } from './messageCentre';
import { oldPlatformMessages } from './oldPlatform';
import { personInfoMessages } from './personInfo';
import { phoneChangeMessages } from './phoneChange';
import { searchMessages } from './search';
import { shareDetailMessages } from './shareDetail';
import { withdrawInfoMessages } from './withdrawInfo';
import { withdrawRecordMessages } from './withdrawRecord';

export const pageMessages = [
  feedbackMessages,
  feedbackRecordMessages,
  levelUsersMessages,
  merchantMessages,
  messageCentreMessages,
  oldPlatformMessages,
  personInfoMessages,
  phoneChangeMessages,
  searchMessages,
  shareDetailMessages,
  withdrawInfoMessages,
  withdrawRecordMessages,
] as const;
