import { CardNumberRuleType } from '@maika/shared';

const { Digits, DigitsAndLetters } = CardNumberRuleType;

/** `[face value in fen, recycle rate in basis points]`. */
export type DemoFaceValue = readonly [faceValueFen: number, rateBp: number];

export interface DemoCardType {
  name: string;
  nameEn: string;
  logo: string;
  cardNoRuleType: CardNumberRuleType;
  /** Null where issuers print numbers of several lengths. */
  cardNoLength: number | null;
  /** False for cards redeemed by the password alone. */
  needsCardNo?: boolean;
  pwdRuleType: CardNumberRuleType;
  pwdLength: number | null;
  /** Mailed to us rather than submitted online. */
  physical?: boolean;
  /** Setting a note puts the type into maintenance. */
  maintenanceNote?: string;
  maintenanceNoteEn?: string;
  dailyCapPerUser?: number;
  faceValues: readonly DemoFaceValue[];
}

export interface DemoCategory {
  name: string;
  nameEn: string;
  icon: string;
  cardTypes: readonly DemoCardType[];
}

const asset = (file: string) => `/assets/demo/${file}`;

/**
 * Rates follow what the resale market pays: operator top-up and fuel cards resell almost at face
 * value, store cards lose more because they only spend in one chain, and larger face values earn
 * a little more because they cost the same to process.
 */
export const demoCatalogue: readonly DemoCategory[] = [
  {
    name: '话费卡',
    nameEn: 'Phone top-up cards',
    icon: asset('icon-phone.svg'),
    cardTypes: [
      {
        name: '中国移动充值卡',
        nameEn: 'China Mobile top-up card',
        logo: asset('logo-cmcc.svg'),
        cardNoRuleType: Digits,
        cardNoLength: 17,
        pwdRuleType: Digits,
        pwdLength: 18,
        dailyCapPerUser: 50,
        faceValues: [
          [3000, 9700],
          [5000, 9750],
          [10000, 9780],
          [20000, 9800],
          [30000, 9810],
          [50000, 9820],
        ],
      },
      {
        name: '中国联通充值卡',
        nameEn: 'China Unicom top-up card',
        logo: asset('logo-cucc.svg'),
        cardNoRuleType: Digits,
        cardNoLength: 15,
        pwdRuleType: Digits,
        pwdLength: 19,
        faceValues: [
          [2000, 9600],
          [3000, 9620],
          [5000, 9650],
          [10000, 9680],
          [30000, 9700],
          [50000, 9700],
        ],
      },
      {
        name: '中国电信充值卡',
        nameEn: 'China Telecom top-up card',
        logo: asset('logo-ctcc.svg'),
        cardNoRuleType: Digits,
        cardNoLength: 19,
        pwdRuleType: Digits,
        pwdLength: 18,
        dailyCapPerUser: 50,
        faceValues: [
          [3000, 9550],
          [5000, 9600],
          [10000, 9650],
          [30000, 9680],
          [50000, 9700],
        ],
      },
    ],
  },
  {
    name: '加油卡',
    nameEn: 'Fuel cards',
    icon: asset('icon-fuel.svg'),
    cardTypes: [
      {
        name: '中石化加油卡',
        nameEn: 'Sinopec fuel card',
        logo: asset('logo-sinopec.svg'),
        cardNoRuleType: Digits,
        cardNoLength: 16,
        pwdRuleType: Digits,
        pwdLength: 20,
        faceValues: [
          [10000, 9630],
          [20000, 9650],
          [50000, 9670],
          [100000, 9700],
        ],
      },
      {
        name: '中石化加油卡（实体卡）',
        nameEn: 'Sinopec fuel card (physical)',
        logo: asset('logo-sinopec-physical.svg'),
        cardNoRuleType: Digits,
        cardNoLength: 19,
        pwdRuleType: Digits,
        pwdLength: 6,
        physical: true,
        faceValues: [
          [50000, 9600],
          [100000, 9650],
          [200000, 9680],
        ],
      },
      {
        name: '中石油加油卡',
        nameEn: 'PetroChina fuel card',
        logo: asset('logo-petrochina.svg'),
        cardNoRuleType: Digits,
        cardNoLength: 16,
        pwdRuleType: Digits,
        pwdLength: 16,
        faceValues: [
          [10000, 9600],
          [20000, 9620],
          [50000, 9650],
          [100000, 9680],
        ],
      },
    ],
  },
  {
    name: '电商卡',
    nameEn: 'Online shopping cards',
    icon: asset('icon-ecommerce.svg'),
    cardTypes: [
      {
        name: '京东E卡',
        nameEn: 'JD E-card',
        logo: asset('logo-jd.svg'),
        cardNoRuleType: DigitsAndLetters,
        cardNoLength: 16,
        pwdRuleType: DigitsAndLetters,
        pwdLength: 16,
        dailyCapPerUser: 30,
        faceValues: [
          [5000, 9400],
          [10000, 9450],
          [20000, 9480],
          [50000, 9520],
          [100000, 9550],
        ],
      },
      {
        name: '天猫超市卡',
        nameEn: 'Tmall Supermarket card',
        logo: asset('logo-tmall.svg'),
        cardNoRuleType: Digits,
        cardNoLength: null,
        needsCardNo: false,
        pwdRuleType: DigitsAndLetters,
        pwdLength: 16,
        faceValues: [
          [5000, 8900],
          [10000, 9000],
          [20000, 9050],
          [50000, 9100],
          [100000, 9150],
        ],
      },
      {
        name: '苏宁礼品卡',
        nameEn: 'Suning gift card',
        logo: asset('logo-suning.svg'),
        cardNoRuleType: Digits,
        cardNoLength: 19,
        pwdRuleType: Digits,
        pwdLength: 16,
        faceValues: [
          [5000, 8800],
          [10000, 8850],
          [50000, 8900],
          [100000, 8950],
        ],
      },
    ],
  },
  {
    name: '商超卡',
    nameEn: 'Supermarket cards',
    icon: asset('icon-supermarket.svg'),
    cardTypes: [
      {
        name: '沃尔玛购物卡',
        nameEn: 'Walmart shopping card',
        logo: asset('logo-walmart.svg'),
        cardNoRuleType: Digits,
        cardNoLength: 19,
        pwdRuleType: Digits,
        pwdLength: 6,
        physical: true,
        faceValues: [
          [10000, 8200],
          [20000, 8300],
          [50000, 8450],
          [100000, 8600],
        ],
      },
      {
        name: '永辉超市卡',
        nameEn: 'Yonghui Superstores card',
        logo: asset('logo-yonghui.svg'),
        cardNoRuleType: Digits,
        cardNoLength: null,
        pwdRuleType: Digits,
        pwdLength: 8,
        faceValues: [
          [5000, 8000],
          [10000, 8150],
          [20000, 8250],
          [50000, 8400],
        ],
      },
      {
        name: '家乐福卡',
        nameEn: 'Carrefour card',
        logo: asset('logo-carrefour.svg'),
        cardNoRuleType: Digits,
        cardNoLength: null,
        pwdRuleType: Digits,
        pwdLength: 6,
        faceValues: [
          [10000, 8300],
          [20000, 8400],
          [50000, 8550],
          [100000, 8700],
        ],
      },
    ],
  },
  {
    name: '出行卡',
    nameEn: 'Travel cards',
    icon: asset('icon-travel.svg'),
    cardTypes: [
      {
        name: '携程任我行',
        nameEn: 'Trip.com Ctrip gift card',
        logo: asset('logo-ctrip.svg'),
        cardNoRuleType: Digits,
        cardNoLength: 10,
        pwdRuleType: Digits,
        pwdLength: 6,
        faceValues: [
          [10000, 9000],
          [20000, 9050],
          [50000, 9150],
          [100000, 9250],
        ],
      },
      {
        name: '滴滴出行卡',
        nameEn: 'DiDi ride card',
        logo: asset('logo-didi.svg'),
        cardNoRuleType: Digits,
        cardNoLength: null,
        needsCardNo: false,
        pwdRuleType: DigitsAndLetters,
        pwdLength: 16,
        faceValues: [
          [5000, 8800],
          [10000, 8900],
          [20000, 9000],
        ],
      },
    ],
  },
  {
    name: '游戏卡',
    nameEn: 'Game cards',
    icon: asset('icon-game.svg'),
    cardTypes: [
      {
        name: '腾讯Q币卡',
        nameEn: 'Tencent Q-coin card',
        logo: asset('logo-qq.svg'),
        cardNoRuleType: Digits,
        cardNoLength: 9,
        pwdRuleType: Digits,
        pwdLength: 12,
        dailyCapPerUser: 50,
        faceValues: [
          [1000, 8500],
          [3000, 8600],
          [5000, 8700],
          [10000, 8750],
          [20000, 8800],
        ],
      },
      {
        name: '网易一卡通',
        nameEn: 'NetEase game card',
        logo: asset('logo-netease.svg'),
        cardNoRuleType: Digits,
        cardNoLength: 13,
        pwdRuleType: Digits,
        pwdLength: 9,
        faceValues: [
          [1000, 8200],
          [3000, 8300],
          [5000, 8400],
          [10000, 8500],
          [20000, 8550],
        ],
      },
      {
        name: '盛大一卡通',
        nameEn: 'Shanda game card',
        logo: asset('logo-shanda.svg'),
        cardNoRuleType: DigitsAndLetters,
        cardNoLength: 15,
        pwdRuleType: Digits,
        pwdLength: 8,
        maintenanceNote: '通道维护中，预计今晚22:00恢复',
        maintenanceNoteEn: 'Channel under maintenance; expected back tonight at 22:00 (China time)',
        faceValues: [
          [1000, 8000],
          [3000, 8100],
          [5000, 8200],
          [10000, 8300],
        ],
      },
    ],
  },
];
