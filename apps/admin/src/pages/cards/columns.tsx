import { cardFieldLabels, cardStatusTable, settlementStatusTable, type AdminCard } from '@maika/shared';
import { useTranslate } from '@refinedev/core';
import { Space, Table, Tag, Tooltip, Typography } from 'antd';
import { Clip, DateTime, EnumTag, Money, Rate, settlementStatusColors, useLocale } from '../../components/display';

const small = { fontSize: 12 };

/**
 * The columns the review queue and the appeals tab share. Their widths (with the page's own
 * columns) fit a 1440 px window beside the menu, so the fixed actions column never covers one,
 * in either language (the status column holds "In manual review", the actions a card in manual
 * review's four buttons).
 */
export function useCardColumns() {
  const t = useTranslate();
  const locale = useLocale();
  return [
    <Table.Column<AdminCard>
      key="goods"
      title={t('cards.goods')}
      width={160}
      render={(_, c) => (
        <Space direction="vertical" size={0} style={{ width: '100%' }}>
          <Clip text={c.goodsName} strong />
          <span style={small}>
            <Clip text={`#${c.id} · ${c.orderNo}`} type="secondary" />
          </span>
        </Space>
      )}
    />,
    <Table.Column<AdminCard>
      key="user"
      dataIndex="userPhone"
      title={t('common.user')}
      width={108}
      render={(v: string | null) => <Clip text={v} />}
    />,
    <Table.Column<AdminCard>
      key="cardNo"
      dataIndex="cardNoMasked"
      title={cardFieldLabels.cardNo[locale]}
      width={112}
      render={(v: string) => <Clip text={v} mono />}
    />,
    <Table.Column<AdminCard>
      key="face"
      title={t('cards.faceValue')}
      align="right"
      width={96}
      render={(_, c) => (
        <Space direction="vertical" size={0} style={{ alignItems: 'flex-end' }}>
          <Money fen={c.declaredFaceValueFen} />
          {c.actualFaceValueFen !== null && c.actualFaceValueFen !== c.declaredFaceValueFen && (
            <Typography.Text type="warning" style={small}>
              {t('cards.actual')} <Money fen={c.actualFaceValueFen} />
            </Typography.Text>
          )}
        </Space>
      )}
    />,
    <Table.Column<AdminCard>
      key="settlement"
      title={t('cards.settlement')}
      align="right"
      width={104}
      render={(_, c) => (
        <Space direction="vertical" size={0} style={{ alignItems: 'flex-end' }}>
          <Money fen={c.settlementFen} strong />
          <Typography.Text type="secondary" style={small}>
            <Rate bp={c.settlementRateBp ?? c.rateBp} />
          </Typography.Text>
        </Space>
      )}
    />,
    <Table.Column<AdminCard>
      key="status"
      title={t('common.status')}
      width={124}
      render={(_, c) => (
        <Space direction="vertical" size={2}>
          {c.awaitingReceipt ? (
            <Tooltip title={t('cards.awaitingReceiptHint')}>
              <Tag color="default" data-testid="awaiting-receipt">
                {t('cards.awaitingReceipt')}
              </Tag>
            </Tooltip>
          ) : (
            <EnumTag table={cardStatusTable} code={c.status} />
          )}
          <EnumTag table={settlementStatusTable} code={c.settlementStatus} colors={settlementStatusColors} />
          {c.channelRefusal !== null && (
            <Tooltip title={c.channelRefusal}>
              <Tag color="warning">{t('cards.supplierRefused')}</Tag>
            </Tooltip>
          )}
        </Space>
      )}
    />,
    <Table.Column<AdminCard>
      key="createdAt"
      dataIndex="createdAt"
      width={108}
      title={t('common.createdAt')}
      render={(v: string) => <DateTime value={v} stacked />}
    />,
  ];
}
