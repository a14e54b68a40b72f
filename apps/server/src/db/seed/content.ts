import { BannerPosition } from '@maika/shared';
import type { FoundationSettings } from '../../modules/content';
import { demoMailingAddress, demoServiceLine } from './serviceLine';

export interface DemoBanner {
  position: BannerPosition;
  title: string;
  titleEn: string;
  image: string;
  /** The same picture with English words. */
  imageEn: string;
  link: string | null;
}

const asset = (file: string) => `/assets/demo/${file}`;

/** Listed in display order within each position. */
export const demoBanners: readonly DemoBanner[] = [
  {
    position: BannerPosition.Home,
    title: '闲置卡券 秒变现金',
    titleEn: 'Cards into cash',
    image: asset('banner-home-cash.svg'),
    imageEn: asset('banner-home-cash.en.svg'),
    link: '/pages/goodsClass/goodsClass',
  },
  {
    position: BannerPosition.Home,
    title: '京东E卡 高价回收',
    titleEn: 'JD E-cards, top rates',
    image: asset('banner-home-jd.svg'),
    imageEn: asset('banner-home-jd.en.svg'),
    link: '/pages/goodsClass/goodsClass',
  },
  {
    position: BannerPosition.Home,
    title: '邀请好友 享1%返佣',
    titleEn: 'Invite & earn 1%',
    image: asset('banner-home-invite.svg'),
    imageEn: asset('banner-home-invite.en.svg'),
    link: '/pages/share/share',
  },
  {
    position: BannerPosition.SellCard,
    title: '话费卡 最高98.20%',
    titleEn: 'Top-up cards to 98.20%',
    image: asset('banner-sell-phone.svg'),
    imageEn: asset('banner-sell-phone.en.svg'),
    link: null,
  },
  {
    position: BannerPosition.SellCard,
    title: '实体卡 邮寄回收',
    titleEn: 'Mail physical cards',
    image: asset('banner-sell-physical.svg'),
    imageEn: asset('banner-sell-physical.en.svg'),
    link: null,
  },
  {
    position: BannerPosition.PersonalCentre,
    title: '实名认证 提现更快',
    titleEn: 'Verify to withdraw',
    image: asset('banner-person-verify.svg'),
    imageEn: asset('banner-person-verify.en.svg'),
    link: '/pages/realNameAuth/realNameAuth',
  },
  {
    position: BannerPosition.Member,
    title: '会员权益 即将上线',
    titleEn: 'Member perks soon',
    image: asset('banner-member.svg'),
    imageEn: asset('banner-member.en.svg'),
    link: null,
  },
  {
    position: BannerPosition.HomeCopy,
    title: '平台公告 早知道',
    titleEn: 'News first',
    image: asset('banner-home-notice.svg'),
    imageEn: asset('banner-home-notice.en.svg'),
    link: '/pages/platformAnnouncement/platformAnnouncement',
  },
  {
    position: BannerPosition.Task,
    title: '邀请好友 赚返佣',
    titleEn: 'Invite, earn rebates',
    image: asset('banner-task-share.svg'),
    imageEn: asset('banner-task-share.en.svg'),
    link: '/pages/shareInfo/shareInfo',
  },
];

export interface DemoNotice {
  title: string;
  titleEn: string;
  content: string;
  contentEn: string;
  pinned?: boolean;
  /** Relative to first start, so a fresh install does not open on year-old news. */
  daysAgo: number;
}

export const demoNotices: readonly DemoNotice[] = [
  {
    title: '谨防诈骗提醒',
    titleEn: 'Beware of scams',
    pinned: true,
    daysAgo: 30,
    content:
      '<p>近期有不法分子冒充“卖卡”客服，以“订单异常”“账户冻结”为由索要验证码、引导转账。</p>' +
      '<p><strong>卖卡客服不会索要您的短信验证码、登录密码，也不会要求您向任何个人账户转账。</strong></p>' +
      `<p>请只通过本平台“在线客服”或客服热线 ${demoServiceLine.phone} 联系我们。如已遭受损失，请立即报警。</p>`,
    contentEn:
      '<p>Fraudsters have been posing as Maika customer service, claiming an "abnormal order" or a "frozen account" to ask for verification codes or talk people into transfers.</p>' +
      '<p><strong>Maika customer service never asks for your SMS code or login password, and never asks you to transfer money to any personal account.</strong></p>' +
      `<p>Contact us only through online customer service in the app or the hotline ${demoServiceLine.phone}. If you have lost money, call the police at once.</p>`,
  },
  {
    title: '新增京东E卡高价回收',
    titleEn: 'JD E-cards now at top rates',
    daysAgo: 3,
    content:
      '<p>京东E卡回收通道已全面升级，面值50元至1000元均可提交，最高回收比例95.50%。</p>' +
      '<p>电子卡提交后一般5分钟内完成验卡，结算金额实时到账，可随时提现。</p>',
    contentEn:
      '<p>The JD E-card channel has been upgraded: face values from ¥50 to ¥1,000 are accepted, at rates up to 95.50%.</p>' +
      '<p>Electronic cards are usually checked within 5 minutes of submission; settlements reach your balance at once and can be withdrawn at any time.</p>',
  },
  {
    title: '关于春节期间提现到账时间的通知',
    titleEn: 'Withdrawals during the Spring Festival',
    daysAgo: 12,
    content:
      '<p>春节法定假期期间，平台回收业务照常进行，卡券验证与结算不受影响。</p>' +
      '<p>受银行及支付机构假期安排影响，银行卡提现可能顺延至节后第一个工作日到账；支付宝、微信提现不受影响。</p>' +
      '<p>给您带来的不便，敬请谅解。</p>',
    contentEn:
      '<p>During the Spring Festival holiday we keep buying cards as usual: checking and settlement are not affected.</p>' +
      '<p>Because of banks’ and payment institutions’ holiday schedules, bank card withdrawals may arrive on the first working day after the holiday; Alipay and WeChat withdrawals are not affected.</p>' +
      '<p>We apologise for any inconvenience.</p>',
  },
  {
    title: '盛大一卡通通道维护公告',
    titleEn: 'Shanda game card channel maintenance',
    daysAgo: 0,
    content:
      '<p>因上游通道升级，盛大一卡通回收暂停提交，预计今晚22:00恢复。</p>' +
      '<p>维护期间已提交的卡券将在通道恢复后按提交顺序处理，请勿重复提交。</p>',
    contentEn:
      '<p>Because the supplier channel is being upgraded, Shanda game cards cannot be submitted for now; we expect the channel back tonight at 22:00 (China time).</p>' +
      '<p>Cards already submitted are processed in order once the channel is back: please do not submit them again.</p>',
  },
  {
    title: '沃尔玛购物卡邮寄回收说明',
    titleEn: 'How to mail Walmart shopping cards',
    daysAgo: 20,
    content:
      '<p>沃尔玛购物卡、中石化加油卡（实体卡）为实体卡回收，请在提交订单后将卡片邮寄至订单页显示的地址，并填写快递单号。</p>' +
      '<p>平台收到卡片后1个工作日内完成验卡结算。建议使用可查询物流的快递并保留单据。</p>',
    contentEn:
      '<p>Walmart shopping cards and Sinopec fuel cards (physical) are physical cards: after submitting the order, mail the cards to the address the order page shows and enter the tracking number.</p>' +
      '<p>We check and settle within 1 working day of receiving the cards. Use a carrier you can track and keep the receipt.</p>',
  },
];

export interface DemoSale {
  maskedPhone: string;
  cardType: string;
  faceValueFen: number;
}

/** Ticker lines for credited sales; amounts are derived from the seeded rates so they agree. */
export const demoSales: readonly DemoSale[] = [
  { maskedPhone: '138****5678', cardType: '中国移动充值卡', faceValueFen: 10000 },
  { maskedPhone: '186****2301', cardType: '京东E卡', faceValueFen: 50000 },
  { maskedPhone: '159****7742', cardType: '中石化加油卡', faceValueFen: 100000 },
  { maskedPhone: '177****0916', cardType: '中国联通充值卡', faceValueFen: 5000 },
  { maskedPhone: '135****4480', cardType: '天猫超市卡', faceValueFen: 20000 },
  { maskedPhone: '150****3367', cardType: '腾讯Q币卡', faceValueFen: 10000 },
  { maskedPhone: '189****8125', cardType: '中国电信充值卡', faceValueFen: 30000 },
];

/** Lines an operator writes into the ticker by hand. */
export const demoAnnouncementLines: readonly { text: string; textEn: string }[] = [
  { text: '京东E卡回收比例上调，最高95.50%，欢迎提交', textEn: 'JD E-card rates raised, up to 95.50%: sell yours now' },
];

export const demoFaqs: readonly { question: string; questionEn: string; answer: string; answerEn: string }[] = [
  {
    question: '提交卡券后多久能审核完成？',
    answer: '电子卡一般在提交后1～10分钟内完成验卡，高峰期可能延长至30分钟。实体卡在平台签收后1个工作日内完成审核。',
    questionEn: 'How long does checking take after I submit a card?',
    answerEn:
      'Electronic cards are usually checked within 1 to 10 minutes of submission, up to 30 minutes at busy times. Physical cards are checked within 1 working day after we receive them.',
  },
  {
    question: '为什么我的卡券被驳回？',
    answer:
      '常见原因有：卡号或卡密输入错误、卡券已被使用或已过期、卡券尚未激活、所选卡种或面值与实际不符。驳回原因会显示在订单详情中，如有异议可在订单详情中发起申诉。',
    questionEn: 'Why was my card rejected?',
    answerEn:
      'Common reasons: a wrong card number or PIN, a card already used or expired, a card not yet activated, or a card type or face value that does not match the card. The reason is shown in the order details; if you disagree, appeal from there.',
  },
  {
    question: '实际面值与我选择的面值不一致怎么办？',
    answer: '平台按验卡得到的实际面值和该面值对应的回收比例结算，不会因为选错面值而作废卡券。为避免结算延迟，请尽量选择正确的面值。',
    questionEn: 'What if the actual face value differs from the one I chose?',
    answerEn:
      'We settle at the actual face value found by the check and its rate; a card is never voided because the wrong face value was chosen. To avoid delays, choose the right face value when you can.',
  },
  {
    question: '提现多久到账？有手续费吗？',
    answer:
      '支付宝、微信提现一般实时到账，银行卡提现一般在1个工作日内到账，节假日可能顺延。各提现方式的手续费和单笔限额以提现页面显示为准。',
    questionEn: 'How long do withdrawals take? Are there fees?',
    answerEn:
      'Alipay and WeChat withdrawals usually arrive at once; bank card withdrawals within 1 working day, later on holidays. The withdrawal page shows each method’s fee and limits.',
  },
  {
    question: '为什么提现前需要实名认证？',
    answer:
      '根据反洗钱相关规定，平台需确认资金收款人为账户本人。实名认证通过后，仅能提现到与认证姓名一致的收款账户，这也能防止他人盗用您的账户提现。',
    questionEn: 'Why do I need real-name verification before withdrawing?',
    answerEn:
      'Anti-money-laundering rules require us to confirm that the money goes to the account holder. Once verified, you can withdraw only to payee accounts in the verified name, which also stops others from withdrawing with your account.',
  },
  {
    question: '可以批量提交卡券吗？',
    answer:
      '可以。在提卡页面选择批量提交，每行填写一张卡，卡号与卡密之间用空格或逗号分隔，单次最多1000张。同一批次需为同一卡种、同一面值。',
    questionEn: 'Can I submit cards in bulk?',
    answerEn:
      'Yes. Choose batch submission on the sell page and enter one card per line, with the card number and PIN separated by a space or comma, up to 1,000 cards at a time. One batch must be one card type and one face value.',
  },
  {
    question: '卡券显示“未激活”是什么意思？',
    answer: '部分卡券需要在购买渠道激活后才能使用。请联系售卡方确认已激活，激活后可在订单详情中申诉重新验卡。',
    questionEn: 'What does "not activated" mean?',
    answerEn:
      'Some cards must be activated where they were bought before they can be used. Ask the seller to confirm the card is activated, then appeal from the order details to have it checked again.',
  },
  {
    question: '实体卡如何邮寄？',
    answer: '提交实体卡订单后，按订单页显示的地址寄出卡片，并在订单中填写快递公司和单号。您可以在订单详情中查看物流进度。',
    questionEn: 'How do I mail physical cards?',
    answerEn:
      'After submitting an order of physical cards, mail the cards to the address the order page shows, then enter the carrier and tracking number in the order. The order details show the delivery progress.',
  },
  {
    question: '邀请好友有什么奖励？',
    answer: '好友通过您的邀请链接注册后，其每笔卡券结算到账时，您可获得到账金额一定比例的返佣，默认比例为1%，详见“返佣规则”。',
    questionEn: 'What do I get for inviting friends?',
    answerEn:
      'When a friend signs up through your invite link, you get a rebate on every card of theirs that is credited: a share of the amount credited, 1% by default. See "Rebate rules".',
  },
  {
    question: '同一张卡重复提交会怎样？',
    answer: '同一张卡在处理中或已成功回收时无法再次提交。若卡券被驳回，您可以在核对卡号卡密后重新提交。',
    questionEn: 'What if I submit the same card twice?',
    answerEn:
      'A card that is being processed or has been sold cannot be submitted again. If a card was rejected, check its number and PIN and submit it again.',
  },
];

/** Demo settings: operators set the real service line, links and mailing address in the back office (site settings). */
export const demoFoundation: FoundationSettings = {
  siteName: '卖卡',
  // No outside chat service in the demo: WeChat's own customer-service chat, and the phone elsewhere.
  customerServiceUrl: { h5: '', weapp: '', alipay: '' },
  appLaunchUrl: {
    h5: 'https://m.maika.example/',
    weapp: 'https://m.maika.example/launch/weapp',
    alipay: 'https://m.maika.example/launch/alipay',
  },
  oldPlatformUrl: 'https://old.maika.example/',
  icp: 'ICP备案号（示例）',
  servicePhone: demoServiceLine.phone,
  serviceHours: demoServiceLine.hours,
  weappContact: true,
  mailingAddress: { ...demoMailingAddress },
  rebateRateBp: 100,
};
