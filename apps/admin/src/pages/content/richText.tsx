import { contentCalls, pathOf, richTextPointTable } from '@maika/shared';
import { List } from '@refinedev/antd';
import { useCustom, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Col, Menu, Row, Spin, Tabs, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLocale } from '../../components/display';
import { loadedAnswer } from '../../components/loadedAnswer';
import { RichTextEditor } from '../../components/RichTextEditor';
import { useAction } from '../../components/useAction';
import { useCanDo } from '../../components/useCanDo';

/** The ten rich texts (protocols, about us, rebate rules…), one at a time, the point in the URL. */
export function RichTextPage() {
  const t = useTranslate();
  const locale = useLocale();
  const canSave = useCanDo('content/richText', 'edit');
  const [params, setParams] = useSearchParams();
  const point = Number(params.get('point') ?? 1);
  const { result, query } = useCustom<{ point: number; html: string; htmlEn: string; version: number }>({
    url: pathOf(contentCalls.adminRichText),
    method: 'get',
    config: { query: { point } },
  });
  const [html, setHtml] = useState('');
  const [htmlEn, setHtmlEn] = useState('');
  // While a point loads, refine hands over the previous point's text: the editors wait for the
  // point's own, so nothing is typed over a text about to be replaced, nor saved under another point.
  const text = loadedAnswer(query, result.data);
  // Reset once per fetch (not per render), so typing is never overwritten.
  const loadedAt = query.dataUpdatedAt;
  const loadedHtml = text?.html ?? '';
  const loadedHtmlEn = text?.htmlEn ?? '';
  useEffect(() => setHtml(loadedHtml), [loadedAt, loadedHtml]);
  useEffect(() => setHtmlEn(loadedHtmlEn), [loadedAt, loadedHtmlEn]);
  const { run, isPending } = useAction([]);
  const dirty = html !== loadedHtml || htmlEn !== loadedHtmlEn;
  // An editor left blank still holds an empty paragraph: that is no English version.
  const englishBody = new DOMParser().parseFromString(htmlEn, 'text/html').body.textContent?.trim() ? htmlEn : '';
  return (
    <List title={t('resources.content/richText')}>
      <Row gutter={24} wrap={false}>
        <Col flex="220px">
          <Menu
            mode="inline"
            selectedKeys={[String(point)]}
            onClick={({ key }) => setParams({ point: key })}
            items={richTextPointTable.values.map((p) => ({ key: String(p.code), label: `${p.code}. ${p.label[locale]}` }))}
            style={{ borderInlineEnd: 'none', background: '#fafafa', borderRadius: 8 }}
          />
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Card
            title={richTextPointTable.byCode(point)?.label[locale]}
            extra={<Typography.Text type="secondary">{t('content.version', { version: text?.version ?? 0 })}</Typography.Text>}
            actions={
              canSave
                ? [
                    <Button
                      key="save"
                      type="primary"
                      icon={<SaveOutlined />}
                      disabled={!text || !dirty}
                      loading={isPending}
                      onClick={async () => {
                        await run(`${pathOf(contentCalls.saveRichText)}?point=${point}`, { html, htmlEn: englishBody }, 'put');
                        await query.refetch();
                      }}
                    >
                      {t('buttons.save')}
                    </Button>,
                  ]
                : []
            }
          >
            <Alert type="info" showIcon message={t('content.sanitised')} style={{ marginBottom: 12 }} />
            {!text ? (
              <Spin />
            ) : (
              <Tabs
                items={[
                  {
                    key: 'zh',
                    label: t('englishVersion.chinese'),
                    children: <RichTextEditor key={point} value={html} onChange={setHtml} />,
                  },
                  {
                    key: 'en',
                    label: t('englishVersion.english'),
                    children: (
                      <>
                        <Typography.Paragraph type="secondary">{t('englishVersion.richTextHint')}</Typography.Paragraph>
                        <RichTextEditor key={`${point}-en`} value={htmlEn} onChange={setHtmlEn} />
                      </>
                    ),
                  },
                ]}
              />
            )}
          </Card>
        </Col>
      </Row>
    </List>
  );
}
