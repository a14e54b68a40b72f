import type { Messages } from '../messages';

/** US English. Typed against the Chinese resource, so a missing or extra key fails the build. */
export const enUS: Messages = {
  'app.name': 'Maika',

  'tab.home': 'Home',
  'tab.goodsClass': 'Category',
  'tab.order': 'Orders',
  'tab.person': 'My',

  'title.home': 'Maika',
  'title.goodsClass': 'Category',
  'title.order': 'Orders',
  'title.person': 'My',

  'home.tagline': 'Turn unused gift cards into cash',
  'home.subtitle': 'Gift, shopping and phone top-up cards, checked as soon as you submit them',
  'home.sellCard': 'Sell a card',
  'home.steps.title': 'Cash in three steps',
  'home.steps.submit.title': 'Submit the card',
  'home.steps.submit.body': 'Pick the card type and face value, then enter the number and PIN',
  'home.steps.verify.title': 'We verify it',
  'home.steps.verify.body': 'The card is checked with the issuing channel automatically',
  'home.steps.cash.title': 'Get paid',
  'home.steps.cash.body': 'Once it passes, the money is in your balance; withdraw it to Alipay, WeChat or a bank card',

  'goodsClass.heading': 'Choose the card to sell',
  'goodsClass.subheading': 'Have these ready before you submit',
  'goodsClass.checklist.cardInfo': 'The full card number and PIN (some cards need the PIN only)',
  'goodsClass.checklist.unused': 'The card is unused, unexpired and holds its full face value',
  'goodsClass.checklist.realName': 'Withdrawals need real-name verification and a payee account in your name',

  'goodsClass.settlement.title': 'How you are paid',
  'goodsClass.settlement.rate': 'Every face value shows its payout rate before you submit, and that is the rate you get',
  'goodsClass.settlement.faceValue': 'If the real face value differs from the one you chose, the card is settled at its real value',
  'goodsClass.settlement.credit': 'Passed cards are credited to your balance automatically, ready to withdraw',

  'order.empty.title': 'No orders yet',
  'order.empty.body': 'Cards you sell show up here, with their review and payout progress',
  'order.empty.action': 'Sell a card',

  'person.guest.name': 'Not logged in',
  'person.guest.hint': 'Log in to see your orders, balance and withdrawals',
  'person.settings.title': 'Settings',
  'person.settings.language': 'Language',
  'person.settings.version': 'Version',
  'person.language.pickerTitle': 'Choose a language',

  'language.zh-CN': '简体中文',
  'language.en-US': 'English',

  'common.cancel': 'Cancel',
};
