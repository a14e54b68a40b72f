/**
 * The demo's messages: every channel on with the simulators' template ids, and a seller with a few
 * messages of different types, so the message centre, the settings and the consent requests show
 * something on the first start (docs/product.md "Messages").
 */
import { CardStatus, L, messageChannelTable, messageTypeTable, PayeeChannel, SettlementStatus, type MessageTypeKey } from '@maika/shared';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { newInviteCode } from '../../lib/crypto';
import { MESSAGE_CHANNELS_KEY, recordMessage, type CardOutcome, type ChannelSettings, type MessageEvent } from '../../modules/messages';
import type { Tx } from '../client';
import { messages, settings, users } from '../schema';

/** The demo seller: the phone the README's SMS outbox link shows; log in with the code the simulator "sends". */
export const DEMO_SELLER_PHONE = '13800138000';

/** Template ids no vendor issued: the simulators accept any, and the console shows them for what they are. */
export const demoChannels: ChannelSettings = Object.fromEntries(
  messageChannelTable.keys.map((channel) => [
    channel,
    { enabled: true, templates: Object.fromEntries(messageTypeTable.keys.map((type) => [type, `demo-${channel}-${type}`])) },
  ]),
) as ChannelSettings;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function card(o: { cardId: number; maskedNo: string } & Partial<CardOutcome>): CardOutcome {
  return {
    status: CardStatus.Passed,
    settlementStatus: SettlementStatus.Credited,
    amountFen: null,
    reason: null,
    reasonKey: null,
    reasonParams: null,
    appealUntil: null,
    ...o,
  };
}

/**
 * What happened to the demo seller, oldest first, with how long ago and whether they read it. The
 * orders and the withdrawal they tell of are not in the demo's database (their pages say so): ids
 * far above any the demo reaches, so no message opens someone's real order.
 */
function history(userId: number, now: number): { event: MessageEvent; ago: number; read: boolean }[] {
  const jd = L('京东E卡', 'JD E-card');
  const orderNo = (at: number, n: number) => `S${new Date(at).toISOString().replace(/\D/g, '').slice(0, 14)}${String(n).padStart(6, '0')}`;
  const event = <T extends MessageTypeKey>(e: Extract<MessageEvent, { type: T }>) => e;
  return [
    {
      ago: 2 * DAY,
      read: true,
      event: event<'orderDecided'>({
        userId,
        type: 'orderDecided',
        subject: 'order:demo-1',
        facts: {
          orderId: 9_000_001,
          orderNo: orderNo(now - 2 * DAY - HOUR, 104_233),
          cardType: jd,
          creditedFen: 18_900,
          cards: [
            card({ cardId: 1, maskedNo: 'JD8****3021', amountFen: 9450 }),
            card({ cardId: 2, maskedNo: 'JD8****7710', amountFen: 9450 }),
            card({
              cardId: 3,
              maskedNo: 'JD8****5596',
              status: CardStatus.Rejected,
              settlementStatus: SettlementStatus.NotCredited,
              reasonKey: 'card.supplier.used',
              appealUntil: new Date(now + 5 * DAY).toISOString(),
            }),
          ],
        },
      }),
    },
    {
      ago: DAY,
      read: true,
      event: event<'withdrawalPaid'>({
        userId,
        type: 'withdrawalPaid',
        subject: 'withdrawal:demo-1',
        facts: {
          withdrawalId: 9_000_001,
          amountFen: 18_900,
          feeFen: 0,
          channel: PayeeChannel.Alipay,
          paidAt: new Date(now - DAY).toISOString(),
        },
      }),
    },
    {
      ago: 3 * HOUR,
      read: false,
      event: event<'cardsNeedSeller'>({
        userId,
        type: 'cardsNeedSeller',
        subject: 'order:demo-2',
        onRepeat: 'replace',
        facts: {
          orderId: 9_000_002,
          orderNo: orderNo(now - 4 * HOUR, 381_907),
          cardType: L('天猫超市卡', 'Tmall Supermarket card'),
          cards: [
            card({
              cardId: 4,
              maskedNo: '****6628',
              status: CardStatus.NotActivated,
              settlementStatus: SettlementStatus.NotCredited,
              reasonKey: 'card.supplier.notActivated',
            }),
          ],
        },
      }),
    },
    {
      ago: HOUR,
      read: false,
      event: event<'shipmentReceived'>({
        userId,
        type: 'shipmentReceived',
        subject: 'order:demo-3',
        facts: {
          orderId: 9_000_003,
          orderNo: orderNo(now - 3 * DAY, 55_120),
          cardType: L('中石化加油卡（实体卡）', 'Sinopec fuel card (physical)'),
          cardCount: 2,
          receivedAt: new Date(now - HOUR).toISOString(),
        },
      }),
    },
  ];
}

export async function seedDemoMessages(deps: Pick<Deps, 'jobs'>, tx: Tx): Promise<void> {
  const [seller] = await tx
    .insert(users)
    .values({ phone: DEMO_SELLER_PHONE, inviteCode: newInviteCode(), locale: 'zh-CN' })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (seller) {
    const now = Date.now();
    // Recorded before the channels are on: these are past news, not texts to send at the first start.
    for (const { event, ago, read } of history(seller.id, now)) {
      await recordMessage(deps, tx, event);
      const at = new Date(now - ago);
      await tx
        .update(messages)
        .set({ createdAt: at, readAt: read ? at : null })
        .where(and(eq(messages.userId, seller.id), eq(messages.subject, event.subject)));
    }
  }
  // An operator may have saved the channels before the first start; theirs win.
  await tx.insert(settings).values({ key: MESSAGE_CHANNELS_KEY, value: demoChannels }).onConflictDoNothing();
}
