/**
 * The demo's customer-service line and card mailing address: one set of values the demo settings
 * and the demo pages (footer, about, cooperation, the fraud warning) all quote. An operator sets
 * the real ones in the console's site settings.
 */
export const demoServiceLine = { phone: '0571-8697 2210', hours: '09:00-22:00' } as const;

export const demoMailingAddress = {
  recipient: '卖卡收卡中心',
  recipientEn: 'Maika Card Receiving',
  phone: '0571-8697 2211',
  address: '浙江省杭州市西湖区文三路 398 号 5 幢 1203 室',
  addressEn: 'Room 1203, Building 5, No. 398 Wensan Road, Xihu District, Hangzhou, Zhejiang',
} as const;
