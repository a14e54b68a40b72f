import { formatFen, formatRateBp, payeeChannelTable, withdrawalCalls, type WithdrawalChannel } from '@maika/shared';
import { List, useTable } from '@refinedev/antd';
import { useTranslate, type HttpError } from '@refinedev/core';
import { Form, Input, Switch, Table, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { ActionModalButton } from '../../components/ActionModalButton';
import { BoolTag, EnumTag, useLocale } from '../../components/display';
import { bpOf, fenOf, percentRule, percentText, yuanRule, yuanText } from '../../components/moneyRules';
import { useAction } from '../../components/useAction';
import { useCanDo } from '../../components/useCanDo';

interface Values {
  min: string;
  max: string;
  fee: string;
  feeMin: string;
  enabled: boolean;
  autoPayout: boolean;
}

/** Alipay, WeChat and bank card: limits, fee, on/off and whether payouts go out without a person. */
export function WithdrawalChannelList() {
  const t = useTranslate();
  const locale = useLocale();
  const canWrite = useCanDo('withdrawalChannels', 'edit');
  const { runCall } = useAction(['withdrawalChannels']);
  const { tableProps } = useTable<WithdrawalChannel, HttpError>({ pagination: { mode: 'off' }, syncWithLocation: true });
  const fields = (
    <>
      <Form.Item name="min" label={t('channels.min')} rules={[yuanRule(locale, true)]}>
        <Input prefix="¥" />
      </Form.Item>
      <Form.Item name="max" label={t('channels.max')} rules={[yuanRule(locale, true)]}>
        <Input prefix="¥" />
      </Form.Item>
      <Form.Item name="fee" label={t('channels.feeRate')} rules={[percentRule(locale)]}>
        <Input suffix="%" />
      </Form.Item>
      <Form.Item name="feeMin" label={t('channels.feeMin')} extra={t('channels.feeMinHint')} rules={[yuanRule(locale, false, true)]}>
        <Input prefix="¥" />
      </Form.Item>
      <Form.Item name="enabled" label={t('common.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="autoPayout" label={t('channels.autoPayout')} extra={t('channels.autoPayoutHint')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
  return (
    <List>
      <Table {...tableProps} rowKey="channel" pagination={false}>
        <Table.Column<WithdrawalChannel>
          dataIndex="channel"
          title={t('withdrawals.channel')}
          render={(v: number) => <EnumTag table={payeeChannelTable} code={v} />}
        />
        <Table.Column<WithdrawalChannel>
          title={t('channels.limits')}
          render={(_, c) => `${formatFen(c.minFen)} – ${formatFen(c.maxFen)}`}
        />
        <Table.Column<WithdrawalChannel>
          title={t('channels.fee')}
          render={(_, c) =>
            c.feeBp === 0 && c.feeMinFen === 0 ? (
              <Tag color="green">{t('channels.free')}</Tag>
            ) : (
              t('channels.feeText', { rate: formatRateBp(c.feeBp), min: formatFen(c.feeMinFen) })
            )
          }
        />
        <Table.Column<WithdrawalChannel>
          dataIndex="autoPayout"
          title={t('channels.autoPayout')}
          render={(v: boolean) => <BoolTag value={v} yes={t('channels.auto')} no={t('channels.manual')} />}
        />
        <Table.Column<WithdrawalChannel>
          dataIndex="enabled"
          title={t('common.enabled')}
          render={(v: boolean) => <BoolTag value={v} yes={t('common.on')} no={t('common.off')} />}
        />
        {canWrite && (
          <Table.Column<WithdrawalChannel>
            title={t('table.actions')}
            render={(_, c) => (
              <ActionModalButton<Values>
                label={t('buttons.edit')}
                title={payeeChannelTable.byCode(c.channel)?.label[locale]}
                button={{ size: 'small', icon: <EditOutlined /> }}
                initialValues={{
                  min: yuanText(c.minFen),
                  max: yuanText(c.maxFen),
                  fee: percentText(c.feeBp),
                  feeMin: yuanText(c.feeMinFen),
                  enabled: c.enabled,
                  autoPayout: c.autoPayout,
                }}
                fields={fields}
                onSubmit={(v) =>
                  runCall(
                    withdrawalCalls.updateChannel,
                    { channel: c.channel },
                    {
                      minFen: fenOf(v.min),
                      maxFen: fenOf(v.max),
                      feeBp: bpOf(v.fee),
                      feeMinFen: fenOf(v.feeMin) ?? 0,
                      enabled: v.enabled,
                      autoPayout: v.autoPayout,
                    },
                  )
                }
              />
            )}
          />
        )}
      </Table>
    </List>
  );
}
