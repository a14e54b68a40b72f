import { useTranslate } from '@refinedev/core';
import { DatePicker, Form, Input, InputNumber, Space, Switch, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { BoolTag, Clip, DateTime } from '../../components/display';
import { EnglishField } from '../../components/EnglishField';
import { RichTextEditor } from '../../components/RichTextEditor';
import { ContentTable } from './ContentTable';

/** An announcement's HTML as the words it says, for a one-line preview. */
const plainText = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

interface Notice {
  id: number;
  title: string;
  titleEn: string | null;
  content: string;
  contentEn: string | null;
  pinned: boolean;
  publishedAt: string;
  enabled: boolean;
}
interface Broadcast {
  id: number;
  text: string;
  textEn: string | null;
  sort: number;
  enabled: boolean;
}
interface Faq {
  id: number;
  question: string;
  questionEn: string | null;
  answer: string;
  answerEn: string | null;
  sort: number;
  enabled: boolean;
}

function EnabledField() {
  const t = useTranslate();
  return (
    <Form.Item name="enabled" label={t('common.enabled')} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}

function SortField() {
  const t = useTranslate();
  return (
    <Form.Item name="sort" label={t('common.sort')}>
      <InputNumber min={-9999} max={9999} />
    </Form.Item>
  );
}

function useEnabledColumn<T extends { enabled: boolean }>() {
  const t = useTranslate();
  return (
    <Table.Column<T>
      key="enabled"
      dataIndex="enabled"
      width={90}
      title={t('common.enabled')}
      render={(v: boolean) => <BoolTag value={v} yes={t('common.on')} no={t('common.off')} />}
    />
  );
}

/** Platform announcements. */
export function NoticeList() {
  const t = useTranslate();
  const enabled = useEnabledColumn<Notice>();
  return (
    <ContentTable<Notice, Omit<Notice, 'id' | 'publishedAt'> & { publishedAt: Dayjs }>
      resource="content/notices"
      modalWidth={760}
      blank={{ pinned: false, enabled: true, publishedAt: dayjs() }}
      toForm={({ title, titleEn, content, contentEn, pinned, enabled, publishedAt }) => ({
        title,
        titleEn,
        content,
        contentEn,
        pinned,
        enabled,
        publishedAt: dayjs(publishedAt),
      })}
      toBody={(v) => ({
        ...v,
        contentEn: v.contentEn && plainText(v.contentEn).trim() ? v.contentEn : null,
        publishedAt: v.publishedAt.toISOString(),
      })}
      fields={
        <>
          <Form.Item name="title" label={t('content.title')} rules={[{ required: true, whitespace: true }, { max: 100 }]}>
            <Input />
          </Form.Item>
          <EnglishField name="titleEn" label={t('content.title')} max={100} />
          <Form.Item name="content" label={t('content.body')} rules={[{ required: true, whitespace: true }]}>
            <RichTextEditor minHeight={220} />
          </Form.Item>
          <EnglishField name="contentEn" label={t('content.body')}>
            <RichTextEditor minHeight={160} />
          </EnglishField>
          <Form.Item name="publishedAt" label={t('content.publishedAt')} rules={[{ required: true }]}>
            <DatePicker showTime />
          </Form.Item>
          <Form.Item name="pinned" label={t('content.pinned')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <EnabledField />
        </>
      }
      columns={[
        <Table.Column<Notice>
          key="title"
          dataIndex="title"
          title={t('content.title')}
          render={(v: string, n) => (
            <Space size={0} style={{ width: '100%' }}>
              {n.pinned && <Tag color="red">{t('content.pinned')}</Tag>}
              <Clip text={v} strong />
            </Space>
          )}
        />,
        <Table.Column<Notice>
          key="content"
          dataIndex="content"
          title={t('content.body')}
          width={420}
          render={(v: string) => (
            <Typography.Paragraph ellipsis={{ rows: 2, tooltip: plainText(v) }} style={{ margin: 0 }}>
              {plainText(v)}
            </Typography.Paragraph>
          )}
        />,
        <Table.Column<Notice>
          key="publishedAt"
          dataIndex="publishedAt"
          width={180}
          title={t('content.publishedAt')}
          render={(v: string) => <DateTime value={v} />}
        />,
        enabled,
      ]}
    />
  );
}

/** Admin lines of the home-page ticker (it also shows recent credited sales by itself). */
export function BroadcastList() {
  const t = useTranslate();
  const enabled = useEnabledColumn<Broadcast>();
  return (
    <ContentTable<Broadcast, Omit<Broadcast, 'id'>>
      resource="content/broadcasts"
      blank={{ sort: 0, enabled: true }}
      toForm={({ text, textEn, sort, enabled }) => ({ text, textEn, sort, enabled })}
      fields={
        <>
          <Form.Item name="text" label={t('content.text')} rules={[{ required: true, whitespace: true }, { max: 100 }]}>
            <Input.TextArea rows={2} maxLength={100} showCount />
          </Form.Item>
          <EnglishField name="textEn" label={t('content.text')} max={100} rows={2} />
          <SortField />
          <EnabledField />
        </>
      }
      columns={[
        <Table.Column<Broadcast>
          key="text"
          dataIndex="text"
          title={t('content.text')}
          render={(v: string, b) => (
            <>
              {v}
              {b.textEn && (
                <>
                  <br />
                  <Typography.Text type="secondary">{b.textEn}</Typography.Text>
                </>
              )}
            </>
          )}
        />,
        <Table.Column<Broadcast> key="sort" dataIndex="sort" title={t('common.sort')} width={100} />,
        enabled,
      ]}
    />
  );
}

export function FaqList() {
  const t = useTranslate();
  const enabled = useEnabledColumn<Faq>();
  return (
    <ContentTable<Faq, Omit<Faq, 'id'>>
      resource="content/faq"
      blank={{ sort: 0, enabled: true }}
      toForm={({ question, questionEn, answer, answerEn, sort, enabled }) => ({ question, questionEn, answer, answerEn, sort, enabled })}
      fields={
        <>
          <Form.Item name="question" label={t('content.question')} rules={[{ required: true, whitespace: true }, { max: 200 }]}>
            <Input />
          </Form.Item>
          <EnglishField name="questionEn" label={t('content.question')} max={200} />
          <Form.Item name="answer" label={t('content.answer')} rules={[{ required: true, whitespace: true }]}>
            <Input.TextArea rows={6} />
          </Form.Item>
          <EnglishField name="answerEn" label={t('content.answer')} max={5000} rows={4} />
          <SortField />
          <EnabledField />
        </>
      }
      columns={[
        <Table.Column<Faq>
          key="question"
          dataIndex="question"
          title={t('content.question')}
          render={(v: string) => <Clip text={v} strong />}
        />,
        <Table.Column<Faq>
          key="answer"
          dataIndex="answer"
          title={t('content.answer')}
          width={480}
          render={(v: string) => (
            <Typography.Paragraph ellipsis={{ rows: 2, tooltip: v }} style={{ margin: 0 }}>
              {v}
            </Typography.Paragraph>
          )}
        />,
        <Table.Column<Faq> key="sort" dataIndex="sort" title={t('common.sort')} width={90} />,
        enabled,
      ]}
    />
  );
}
