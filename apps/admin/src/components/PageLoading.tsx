import { Spin } from 'antd';

/** What shows while a lazily loaded part of the console (the frame, a page) arrives. */
export function PageLoading() {
  return <Spin size="large" style={{ display: 'block', margin: '96px auto' }} />;
}
