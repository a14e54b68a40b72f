/**
 * Query-key factories: one place names every cached server answer, so a page that invalidates
 * "all notices" cannot miss a key spelled differently elsewhere. Keys go from broad to narrow.
 */
export const queryKeys = {
  content: {
    all: ['content'] as const,
    banners: (position: number) => [...queryKeys.content.all, 'banners', position] as const,
    notices: () => [...queryKeys.content.all, 'notices'] as const,
    noticePages: (pageSize: number) => [...queryKeys.content.notices(), 'pages', pageSize] as const,
    latestNotices: () => [...queryKeys.content.notices(), 'latest'] as const,
    noticeDetail: (id: number) => [...queryKeys.content.notices(), 'detail', id] as const,
    broadcasts: () => [...queryKeys.content.all, 'broadcasts'] as const,
    foundation: () => [...queryKeys.content.all, 'foundation'] as const,
    faq: () => [...queryKeys.content.all, 'faq'] as const,
    richText: (point: number) => [...queryKeys.content.all, 'richText', point] as const,
  },
  goods: {
    all: ['goods'] as const,
    classList: () => [...queryKeys.goods.all, 'classList'] as const,
    detail: (id: number) => [...queryKeys.goods.all, 'detail', id] as const,
    search: (keyword: string) => [...queryKeys.goods.all, 'search', keyword] as const,
  },
  user: {
    all: ['user'] as const,
    info: () => [...queryKeys.user.all, 'info'] as const,
  },
  // Under `user`: a verification belongs to the logged-in user and goes with their data on logout.
  identity: {
    all: ['user', 'identity'] as const,
    faceCertify: (certifyId: string) => [...queryKeys.identity.all, 'faceCertify', certifyId] as const,
    latestFaceCertify: () => [...queryKeys.identity.all, 'latestFaceCertify'] as const,
  },
  // Under `user`: the user's own money, dropped with the rest of the user's data on logout.
  cash: {
    all: ['user', 'cash'] as const,
    account: () => [...queryKeys.cash.all, 'account'] as const,
    channels: () => [...queryKeys.cash.all, 'channels'] as const,
    banks: () => [...queryKeys.cash.all, 'banks'] as const,
    payees: () => [...queryKeys.cash.all, 'payees'] as const,
    withdrawals: () => [...queryKeys.cash.all, 'withdrawals'] as const,
    withdrawalPages: (status: number, pageSize: number) => [...queryKeys.cash.withdrawals(), 'pages', status, pageSize] as const,
  },
  // Under `user`: the user's own orders and cards, dropped with the rest of the user's data on logout.
  order: {
    all: ['user', 'order'] as const,
    pages: (status: number, pageSize: number) => [...queryKeys.order.all, 'pages', status, pageSize] as const,
    detail: (id: number) => [...queryKeys.order.all, 'detail', id] as const,
    logistics: (orderId: number) => [...queryKeys.order.all, 'logistics', orderId] as const,
  },
  // Under `user`: the user's invite, referees and rebates, dropped with the rest of the user's data on logout.
  share: {
    all: ['user', 'share'] as const,
    info: () => [...queryKeys.share.all, 'info'] as const,
    levelUserPages: (pageSize: number) => [...queryKeys.share.all, 'levelUsers', pageSize] as const,
    detailPages: (pageSize: number) => [...queryKeys.share.all, 'details', pageSize] as const,
  },
  // Under `user`: the user's own feedback and its answers.
  feedback: {
    all: ['user', 'feedback'] as const,
    recordPages: (pageSize: number) => [...queryKeys.feedback.all, 'records', pageSize] as const,
  },
  // Under `user`: the user's messages, their channel choices and consent templates, dropped on logout.
  message: {
    all: ['user', 'message'] as const,
    pages: (pageSize: number) => [...queryKeys.message.all, 'pages', pageSize] as const,
    unread: () => [...queryKeys.message.all, 'unread'] as const,
    settings: () => [...queryKeys.message.all, 'settings'] as const,
    subscribeTemplates: (platform: string) => [...queryKeys.message.all, 'subscribeTemplates', platform] as const,
  },
  // Under `user`: the user's merchant access, keys and callbacks, dropped with the rest of the user's data on logout.
  merchant: {
    all: ['user', 'merchant'] as const,
    profile: () => [...queryKeys.merchant.all, 'profile'] as const,
    callbacks: (pageSize: number) => [...queryKeys.merchant.all, 'callbacks', pageSize] as const,
  },
};
