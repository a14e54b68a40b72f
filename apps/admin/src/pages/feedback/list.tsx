import { FeedbackStatus, feedbackCalls, feedbackCategoryTable, feedbackStatusTable, type AdminFeedback } from '@maika/shared';
import { List, getDefaultFilter, useTable } from '@refinedev/antd';
import { useTranslate, type HttpError } from '@refinedev/core';
import { Form, Image, Input, Radio, Select, Space, Table, Typography } from 'antd';
import { ActionModalButton } from '../../components/ActionModalButton';
import { Clip, DateTime, EnumTag, enumOptions, feedbackStatusColors, useLocale } from '../../components/display';
import dayjs from 'dayjs';
import { FilterBar, numberFilter, numericField, toFilters } from '../../components/filters';
import { useAction } from '../../components/useAction';
import { useCanDo } from '../../components/useCanDo';

function ReplyButton({ feedback }: { feedback: AdminFeedback }) {
  const t = useTranslate();
  const { runCall } = useAction(['feedback']);
  return (
    <ActionModalButton<{ status: number; reply: string }>
      label={t('feedback.reply')}
      title={t('feedback.replyTitle')}
      button={{ type: 'primary', size: 'small' }}
      initialValues={{ status: FeedbackStatus.Accepted }}
      fields={
        <>
          <Typography.Paragraph style={{ background: '#fafafa', padding: 12, borderRadius: 6 }}>{feedback.content}</Typography.Paragraph>
          <Form.Item name="status" label={t('feedback.decision')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: FeedbackStatus.Accepted, label: t('feedback.accept') },
                { value: FeedbackStatus.Rejected, label: t('feedback.rejectIt') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="reply"
            label={t('feedback.replyText')}
            rules={[{ required: true, whitespace: true, message: t('feedback.replyRequired') }, { max: 500 }]}
          >
            <Input.TextArea rows={4} maxLength={500} showCount />
          </Form.Item>
        </>
      }
      onSubmit={(v) => runCall(feedbackCalls.reply, { id: feedback.id }, { status: v.status, reply: v.reply.trim() })}
    />
  );
}

/** Users' feedback with its screenshots; support answers each one once. */
export function FeedbackList() {
  const t = useTranslate();
  const locale = useLocale();
  const canReply = useCanDo(feedbackCalls.reply.access.resource, feedbackCalls.reply.access.action);
  const { tableProps, searchFormProps, filters } = useTable<AdminFeedback, HttpError, Record<string, unknown>>({
    syncWithLocation: true,
    onSearch: toFilters,
  });
  return (
    <List>
      <FilterBar
        formProps={{
          ...searchFormProps,
          initialValues: {
            status: numberFilter('status', filters),
            category: numberFilter('category', filters),
            phone: getDefaultFilter('phone', filters),
          },
        }}
        dateRange
      >
        <Form.Item {...numericField} name="status" label={t('common.status')}>
          <Select allowClear placeholder={t('common.all')} style={{ width: 120 }} options={enumOptions(feedbackStatusTable, locale)} />
        </Form.Item>
        <Form.Item {...numericField} name="category" label={t('feedback.category')}>
          <Select allowClear placeholder={t('common.all')} style={{ width: 150 }} options={enumOptions(feedbackCategoryTable, locale)} />
        </Form.Item>
        <Form.Item name="phone" label={t('common.phone')}>
          <Input allowClear placeholder={t('common.phonePlaceholder')} style={{ width: 160 }} />
        </Form.Item>
      </FilterBar>
      <Table {...tableProps} rowKey="id" tableLayout="fixed" scroll={{ x: 1180 }}>
        <Table.Column<AdminFeedback> dataIndex="id" title="ID" width={64} />
        <Table.Column<AdminFeedback>
          width={124}
          title={t('common.user')}
          render={(_, f) => (
            <Space direction="vertical" size={0} style={{ width: '100%' }}>
              <Clip text={f.userPhone} />
              <Clip text={f.userNickname} type="secondary" />
            </Space>
          )}
        />
        <Table.Column<AdminFeedback>
          dataIndex="category"
          width={104}
          title={t('feedback.category')}
          render={(v: number) => <EnumTag table={feedbackCategoryTable} code={v} colors={{ [v]: 'blue' }} />}
        />
        <Table.Column<AdminFeedback>
          dataIndex="content"
          title={t('feedback.content')}
          render={(v: string) => (
            <Typography.Paragraph ellipsis={{ rows: 3, expandable: true }} style={{ margin: 0 }}>
              {v}
            </Typography.Paragraph>
          )}
        />
        <Table.Column<AdminFeedback>
          dataIndex="imageUrls"
          width={124}
          title={t('feedback.images')}
          render={(images: string[]) => (
            <Image.PreviewGroup>
              <Space size={4} wrap>
                {images.map((src) => (
                  <Image key={src} src={src} width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
        />
        <Table.Column<AdminFeedback>
          dataIndex="contact"
          width={120}
          title={t('feedback.contact')}
          render={(v: string | null) => <Clip text={v} />}
        />
        <Table.Column<AdminFeedback>
          dataIndex="status"
          width={90}
          title={t('common.status')}
          render={(v: number) => <EnumTag table={feedbackStatusTable} code={v} colors={feedbackStatusColors} />}
        />
        <Table.Column<AdminFeedback>
          dataIndex="reply"
          title={t('feedback.replyText')}
          width={180}
          render={(v: string | null, f) =>
            v ? (
              <Space direction="vertical" size={0} style={{ width: '100%' }}>
                <Typography.Paragraph ellipsis={{ rows: 2, expandable: true }} style={{ margin: 0 }}>
                  {v}
                </Typography.Paragraph>
                <Clip
                  text={`${f.repliedBy ?? ''} · ${f.repliedAt ? dayjs(f.repliedAt).format('YYYY-MM-DD HH:mm') : ''}`}
                  type="secondary"
                />
              </Space>
            ) : (
              '—'
            )
          }
        />
        <Table.Column<AdminFeedback>
          dataIndex="createdAt"
          width={108}
          title={t('common.createdAt')}
          render={(v: string) => <DateTime value={v} stacked />}
        />
        {canReply && (
          <Table.Column<AdminFeedback>
            fixed="right"
            width={84}
            title={t('table.actions')}
            render={(_, f) => (f.status === FeedbackStatus.Pending ? <ReplyButton feedback={f} /> : null)}
          />
        )}
      </Table>
    </List>
  );
}
