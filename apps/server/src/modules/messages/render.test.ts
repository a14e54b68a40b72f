import { CardStatus, messageTypeTable, SettlementStatus, type Locale, type MessageTypeKey } from '@maika/shared';
import { describe, expect, it } from 'vitest';
import { creditedCard, rejectedCard, sampleFacts } from '../../../test/messageFacts';
import type { MessageFacts } from './facts';
import { messageLink, renderMessageText } from './render';

const render = <T extends MessageTypeKey>(type: T, facts: MessageFacts[T], locale: Locale) => renderMessageText(type, facts, locale);
const both = <T extends MessageTypeKey>(type: T, facts: MessageFacts[T]) => ({
  zh: render(type, facts, 'zh-CN'),
  en: render(type, facts, 'en-US'),
});

describe('message texts', () => {
  it('renders an order with a rejected card: its reason in the reader language and until when to appeal (Beijing time)', () => {
    const { zh, en } = both('orderDecided', sampleFacts.orderDecided);
    expect(zh).toEqual({
      title: '订单已处理完成',
      content: [
        '您的京东E卡订单 S20261128093000123456 已处理完成：3 张卡，到账 ¥189.00。其中 1 张未到账，点开查看原因。',
        'JD0****1001 到账 ¥94.50',
        'JD0****1002 到账 ¥94.50',
        'JD0****7788 已驳回，卡密已被使用，可在 2026-12-01 18:30 前申诉',
      ].join('\n'),
    });
    expect(en).toEqual({
      title: 'Order completed',
      content: [
        'Your JD E-card order S20261128093000123456 is complete: 3 cards, ¥189.00 credited. 1 of them was not credited: open it to see why.',
        'JD0****1001: ¥94.50 credited',
        'JD0****1002: ¥94.50 credited',
        'JD0****7788: Rejected. This card PIN has already been used. Appeal before 2026-12-01 18:30',
      ].join('\n'),
    });
  });

  it('counts cards in the right number in English', () => {
    const one = { ...sampleFacts.orderDecided, creditedFen: 9450, cards: [creditedCard(1)] };
    expect(render('orderDecided', one, 'en-US').content).toBe(
      'Your JD E-card order S20261128093000123456 is complete: 1 card, ¥94.50 credited.\nJD0****1001: ¥94.50 credited',
    );
    const waiting = { ...sampleFacts.cardsNeedSeller, cards: [rejectedCard] };
    expect(render('cardsNeedSeller', waiting, 'en-US').content.split('\n')[0]).toBe('1 card of order S20261128093000123456 needs you:');
    expect(render('shipmentReceived', { ...sampleFacts.shipmentReceived, cardCount: 1 }, 'en-US').content).toBe(
      'The card you mailed (order S20261127150000654321, Sinopec fuel card (physical)) arrived on 2026-11-27 14:05; we will review it soon.',
    );
  });

  it('lists at most five cards and says how many more the order page shows', () => {
    const cards = Array.from({ length: 8 }, (_, i) => creditedCard(i + 1));
    const facts = { ...sampleFacts.orderDecided, creditedFen: 8 * 9450, cards };
    const zh = render('orderDecided', facts, 'zh-CN').content.split('\n');
    const en = render('orderDecided', facts, 'en-US').content.split('\n');
    expect(zh).toHaveLength(7);
    expect(zh[5]).toBe('JD0****1005 到账 ¥94.50');
    expect(zh[6]).toBe('还有 3 张，详见订单');
    expect(en[0]).toBe('Your JD E-card order S20261128093000123456 is complete: 8 cards, ¥756.00 credited.');
    expect(en[6]).toBe('and 3 more on the order page');
    const five = render('orderDecided', { ...facts, cards: cards.slice(0, 5) }, 'en-US').content.split('\n');
    expect(five).toHaveLength(6);
    expect(five[5]).toBe('JD0****1005: ¥94.50 credited');
  });

  it('renders a withdrawal paid with its fee, and without one', () => {
    expect(both('withdrawalPaid', sampleFacts.withdrawalPaid)).toEqual({
      zh: { title: '提现已到账', content: '您提现的 ¥500.00 已到账支付宝。手续费 ¥2.00。' },
      en: { title: 'Withdrawal paid', content: 'The ¥500.00 you withdrew has been paid (Alipay). Fee: ¥2.00.' },
    });
    const free = { ...sampleFacts.withdrawalPaid, feeFen: 0, amountFen: 123456 };
    expect(render('withdrawalPaid', free, 'zh-CN').content).toBe('您提现的 ¥1,234.56 已到账支付宝。');
  });

  it('renders a balance adjusted down with its sign, the new balance and the reason', () => {
    expect(both('balanceAdjusted', sampleFacts.balanceAdjusted)).toEqual({
      zh: { title: '余额已调整', content: '客服调整了您的余额 -¥15.00，调整后余额 ¥485.00。原因：重复入账冲正' },
      en: {
        title: 'Your balance was adjusted',
        content: 'Customer service adjusted your balance by -¥15.00; it is now ¥485.00. Reason: 重复入账冲正',
      },
    });
    expect(render('balanceAdjusted', { ...sampleFacts.balanceAdjusted, amountFen: 1500 }, 'zh-CN').content).toMatch(
      /^客服调整了您的余额 \+¥15\.00，/,
    );
  });

  it('renders every other type in both languages', () => {
    expect(both('cardsNeedSeller', sampleFacts.cardsNeedSeller)).toEqual({
      zh: {
        title: '有卡需要您处理',
        content: [
          '订单 S20261128093000123456 有 2 张卡需要您处理：',
          'JD0****7788 未激活，卡未激活',
          'JD0****5566 已驳回，面值不符，可在 2026-12-01 18:30 前申诉',
        ].join('\n'),
      },
      en: {
        title: 'Cards need your attention',
        content: [
          '2 cards of order S20261128093000123456 need you:',
          'JD0****7788: Not activated. This card has not been activated yet',
          'JD0****5566: Rejected. 面值不符. Appeal before 2026-12-01 18:30',
        ].join('\n'),
      },
    });
    expect(both('appealDecided', sampleFacts.appealDecided)).toEqual({
      zh: { title: '申诉有结果了', content: '卡号 JD0****7788（订单 S20261128093000123456）的申诉已通过。\n回复：已核实，按面值入账' },
      en: {
        title: 'Your appeal was decided',
        content: 'Your appeal for card JD0****7788 (order S20261128093000123456) was accepted.\nReply: 已核实，按面值入账',
      },
    });
    const refused = { ...sampleFacts.appealDecided, accepted: false, reply: null };
    expect(render('appealDecided', refused, 'en-US').content).toBe(
      'Your appeal for card JD0****7788 (order S20261128093000123456) was not accepted.',
    );
    expect(both('withdrawalReturned', sampleFacts.withdrawalReturned)).toEqual({
      zh: { title: '提现未成功，已退回余额', content: '您提现的 ¥300.00 未能转到银行卡，已退回余额。\n原因：打款失败，金额已退回余额' },
      en: {
        title: 'Withdrawal failed and returned to your balance',
        content:
          'The ¥300.00 you withdrew (Bank card) could not be paid and is back in your balance.\nReason: The payout failed; the amount is back in your balance',
      },
    });
    const said = { ...sampleFacts.withdrawalReturned, reason: '收款账户已冻结', reasonKey: null };
    expect(render('withdrawalReturned', said, 'en-US').content.split('\n')[1]).toBe('Reason: 收款账户已冻结');
    expect(both('shipmentReceived', sampleFacts.shipmentReceived)).toEqual({
      zh: {
        title: '邮寄的卡已签收',
        content: '您邮寄的 3 张中石化加油卡（实体卡）（订单 S20261127150000654321）已于 2026-11-27 14:05 签收，我们会尽快审核。',
      },
      en: {
        title: 'Your mailed cards arrived',
        content:
          'The 3 cards you mailed (order S20261127150000654321, Sinopec fuel card (physical)) arrived on 2026-11-27 14:05; we will review them soon.',
      },
    });
    expect(both('accountFrozen', sampleFacts.accountFrozen)).toEqual({
      zh: { title: '账户已冻结', content: '您的账户已被冻结，暂时不能提现。如有疑问请联系客服。\n原因：账户存在异常交易，正在核查' },
      en: {
        title: 'Your account is frozen',
        content:
          'Your account is frozen: withdrawals are paused. Contact customer service with any questions.\nReason: 账户存在异常交易，正在核查',
      },
    });
    expect(render('accountFrozen', { reason: null }, 'zh-CN').content).toBe('您的账户已被冻结，暂时不能提现。如有疑问请联系客服。');
    expect(both('accountUnfrozen', {})).toEqual({
      zh: { title: '账户已解冻', content: '您的账户已解冻，可以正常提现了。' },
      en: { title: 'Your account is unfrozen', content: 'Your account is unfrozen: you can withdraw again.' },
    });
  });

  it('leaves no placeholder unfilled and no text empty, for any type in either language', () => {
    for (const key of messageTypeTable.keys) {
      for (const locale of ['zh-CN', 'en-US'] as const) {
        const { title, content } = render(key, sampleFacts[key], locale);
        expect(title, key).not.toBe('');
        expect(content, key).not.toBe('');
        expect(`${title}${content}`, `${key} ${locale}`).not.toMatch(/[{}]|undefined|null|NaN/);
      }
    }
  });

  it('shows a card under review with its status only, and never a card password', () => {
    const abnormal = {
      ...rejectedCard,
      status: CardStatus.Abnormal,
      settlementStatus: SettlementStatus.NotCredited,
      reasonKey: null,
      appealUntil: null,
    };
    expect(render('cardsNeedSeller', { ...sampleFacts.cardsNeedSeller, cards: [abnormal] }, 'zh-CN').content.split('\n')[1]).toBe(
      'JD0****7788 人工审核中',
    );
  });

  it('links order messages to the order and withdrawal messages to the withdrawal', () => {
    const links = Object.fromEntries(messageTypeTable.keys.map((key) => [key, messageLink(sampleFacts[key])]));
    expect(links).toEqual({
      orderDecided: '/pages/orderDetail/orderDetail?id=12',
      cardsNeedSeller: '/pages/orderDetail/orderDetail?id=12',
      appealDecided: '/pages/orderDetail/orderDetail?id=12',
      withdrawalPaid: '/pages/withdrawRecord/withdrawRecord?id=7',
      withdrawalReturned: '/pages/withdrawRecord/withdrawRecord?id=8',
      shipmentReceived: '/pages/orderDetail/orderDetail?id=13',
      balanceAdjusted: null,
      accountFrozen: null,
      accountUnfrozen: null,
    });
  });
});
