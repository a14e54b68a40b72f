import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A plain bordered card drawn from antd's theme tokens exactly as antd's Card draws one without a
 * title. The login page is in the first load, and antd's Card imports Tabs and Skeleton (for its
 * tab list and loading state), which the login page does not use but would carry.
 */
export function PlainCard({ style, children }: { style?: CSSProperties; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        boxSizing: 'border-box',
        margin: 0,
        padding: 0,
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        listStyle: 'none',
        fontFamily: token.fontFamily,
        position: 'relative',
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        ...style,
      }}
    >
      <div style={{ padding: token.paddingLG, borderRadius: `0 0 ${token.borderRadiusLG}px ${token.borderRadiusLG}px` }}>{children}</div>
    </div>
  );
}
