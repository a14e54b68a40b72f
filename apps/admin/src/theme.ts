import type { ThemeConfig } from 'antd';

/** The brand blue of the mobile app's nav bar (docs/product.md "Navigation"), so both faces of the product match. */
export const brandColor = '#0eb2e9';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: brandColor,
    borderRadius: 6,
    fontFamily: "-apple-system, 'PingFang SC', 'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif",
  },
  components: { Layout: { bodyBg: '#f5f7fa' } },
};
