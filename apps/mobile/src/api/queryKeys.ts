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
};
