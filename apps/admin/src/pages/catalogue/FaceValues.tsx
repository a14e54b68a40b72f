import { applyRateBp, catalogueCalls, formatFen, formatRateBp, type AdminCardType } from '@maika/shared';
import { useTranslate } from '@refinedev/core';
import { Card, Form, Input, Space, Switch, Table } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ActionModalButton } from '../../components/ActionModalButton';
import { useLocale } from '../../components/display';
import { bpOf, fenOf, percentRule, percentText, yuanRule } from '../../components/moneyRules';
import { useAction } from '../../components/useAction';

type FaceValue = AdminCardType['faceValues'][number];

/** Face values of a card type with their recycle rates: typed as yuan and percent, sent as fen and bp. */
export function FaceValues({ cardType }: { cardType: AdminCardType }) {
  const t = useTranslate();
  const locale = useLocale();
  const { runCall } = useAction(['cardTypes']);
  const rateField = (
    <Form.Item name="rate" label={t('catalogue.rate')} extra={t('catalogue.rateHint')} rules={[{ required: true }, percentRule(locale)]}>
      <Input suffix="%" />
    </Form.Item>
  );
  return (
    <Card
      title={t('catalogue.faceValues')}
      extra={
        <ActionModalButton<{ face: string; rate: string }>
          label={t('catalogue.addFaceValue')}
          title={t('catalogue.addFaceValue')}
          button={{ icon: <PlusOutlined />, type: 'primary' }}
          fields={
            <>
              <Form.Item name="face" label={t('catalogue.faceValue')} rules={[{ required: true }, yuanRule(locale, true)]}>
                <Input prefix="¥" />
              </Form.Item>
              {rateField}
            </>
          }
          onSubmit={(v) =>
            runCall(catalogueCalls.saveFaceValue, { id: cardType.id }, { faceValueFen: fenOf(v.face), rateBp: bpOf(v.rate) })
          }
        />
      }
    >
      <Table<FaceValue> dataSource={cardType.faceValues} rowKey="id" pagination={false} size="middle">
        <Table.Column<FaceValue> dataIndex="faceValueFen" title={t('catalogue.faceValue')} render={(v: number) => formatFen(v)} />
        <Table.Column<FaceValue> dataIndex="rateBp" title={t('catalogue.rate')} render={(v: number) => formatRateBp(v)} />
        <Table.Column<FaceValue> title={t('catalogue.payout')} render={(_, f) => formatFen(applyRateBp(f.faceValueFen, f.rateBp))} />
        <Table.Column<FaceValue>
          dataIndex="enabled"
          title={t('common.enabled')}
          render={(v: boolean, f) => (
            <Switch checked={v} onChange={(enabled) => runCall(catalogueCalls.updateFaceValue, { id: f.id }, { enabled })} />
          )}
        />
        <Table.Column<FaceValue>
          title={t('table.actions')}
          render={(_, f) => (
            <Space>
              <ActionModalButton<{ rate: string }>
                label={t('catalogue.changeRate')}
                title={t('catalogue.changeRateOf', { face: formatFen(f.faceValueFen) })}
                button={{ size: 'small', icon: <EditOutlined /> }}
                initialValues={{ rate: percentText(f.rateBp) }}
                fields={rateField}
                onSubmit={(v) => runCall(catalogueCalls.updateFaceValue, { id: f.id }, { rateBp: bpOf(v.rate) })}
              />
            </Space>
          )}
        />
      </Table>
    </Card>
  );
}
