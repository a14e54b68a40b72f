import { cardStatusTable, settlementStatusTable, type AdminCard } from '@maika/shared';
import { useTranslate } from '@refinedev/core';
import { Space, Table, Tag, Tooltip, Typography } from 'antd';
import { DateTime, EnumTag, Money, Rate, settlementStatusColors } from '../../components/display';

const small = { fontSize: 12 };

/** The columns the review queue and the appeals tab share, narrow enough to leave room for the actions. */
export function useCardColumns() {
  const t = useTranslate();
  return [
    <Table.Column<AdminCard>
      key="goods"
      title={t('cards.goods')}
      width={200}
      render={(_, c) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{c.goodsName}</Typography.Text>
          <Typography.Text type="secondary" style={small}>#{c.id} · {c.orderNo}</Typography.Text>
        </Space>
      )}
    />,
    <Table.Column<AdminCard> key="user" dataIndex="userPhone" title={t('common.user')} width={120} />,
    <Table.Column<AdminCard> key="cardNo" dataIndex="cardNoMasked" title={t('cards.cardNo')} width={170} render={(v: string) => <span style={{ fontFamily: 'ui-monospace, Menlo, monospace', whiteSpace: 'nowrap', ...small }}>{v}</span>} />,
    <Table.Column<AdminCard>
      key="face"
      title={t('cards.faceValue')}
      align="right"
      width={120}
      render={(_, c) => (
        <Space direction="vertical" size={0} style={{ alignItems: 'flex-end' }}>
          <Money fen={c.declaredFaceValueFen} />
          {c.actualFaceValueFen !== null && c.actualFaceValueFen !== c.declaredFaceValueFen && (
            <Typography.Text type="warning" style={small}>{t('cards.actual')} <Money fen={c.actualFaceValueFen} /></Typography.Text>
          )}
        </Space>
      )}
    />,
    <Table.Column<AdminCard>
      key="settlement"
      title={t('cards.settlement')}
      align="right"
      width={120}
      render={(_, c) => (
        <Space direction="vertical" size={0} style={{ alignItems: 'flex-end' }}>
          <Money fen={c.settlementFen} strong />
          <Typography.Text type="secondary" style={small}><Rate bp={c.settlementRateBp ?? c.rateBp} /></Typography.Text>
        </Space>
      )}
    />,
    <Table.Column<AdminCard>
      key="status"
      title={t('common.status')}
      width={100}
      render={(_, c) => (
        <Space direction="vertical" size={2}>
          <EnumTag table={cardStatusTable} code={c.status} />
          <EnumTag table={settlementStatusTable} code={c.settlementStatus} colors={settlementStatusColors} />
          {c.channelRefusal !== null && (
            <Tooltip title={c.channelRefusal}>
              <Tag color="warning">{t('cards.supplierRefused')}</Tag>
            </Tooltip>
          )}
        </Space>
      )}
    />,
    <Table.Column<AdminCard> key="createdAt" dataIndex="createdAt" width={150} title={t('common.createdAt')} render={(v: string) => <span style={small}><DateTime value={v} /></span>} />,
  ];
}
