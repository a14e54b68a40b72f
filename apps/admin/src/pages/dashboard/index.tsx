import { formatFen, operatorCalls, pathOf, riskCalls, type AnswerOf, type operatorContract, type RiskFlag } from '@maika/shared';
import { useCustom, useGo, useTranslate } from '@refinedev/core';
import { Badge, Button, Card, Col, List, Result, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import {
  CheckCircleOutlined,
  CreditCardOutlined,
  DollarOutlined,
  InboxOutlined,
  UserAddOutlined,
  WalletOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useCanDo } from '../../components/useCanDo';
import { TrendCharts } from './TrendCharts';

type Dashboard = AnswerOf<typeof operatorContract.dashboard>;

function Tile({ title, value, icon, color }: { title: string; value: ReactNode; icon: ReactNode; color: string }) {
  return (
    <Card className="stat-card" variant="borderless" style={{ height: '100%' }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
        <div
          style={{
            width: 48,
            height: 48,
            borderRadius: 12,
            background: `${color}1a`,
            color,
            display: 'grid',
            placeItems: 'center',
            fontSize: 22,
          }}
        >
          {icon}
        </div>
        <Statistic title={title} valueRender={() => <span style={{ fontSize: 24, fontWeight: 600 }}>{value}</span>} />
      </div>
    </Card>
  );
}

function Queue({ title, count, resource, to }: { title: string; count: number; resource: string; to: string }) {
  const t = useTranslate();
  const go = useGo();
  const allowed = useCanDo(resource, 'list');
  if (!allowed) return null;
  return (
    <Col xs={12} lg={6}>
      <Card hoverable onClick={() => go({ to })} data-testid={`queue-${resource}`}>
        <Badge status={count > 0 ? 'processing' : 'default'} text={<Typography.Text type="secondary">{title}</Typography.Text>} />
        <div style={{ fontSize: 30, fontWeight: 600, marginTop: 8 }}>{count}</div>
        <Typography.Link>{t('dashboard.open')} →</Typography.Link>
      </Card>
    </Col>
  );
}

/** Risk flags (finance, administrators): unusual credits and operators approving unusually much in 24 hours. */
function RiskFlags() {
  const t = useTranslate();
  const allowed = useCanDo('risk', 'list');
  const { result } = useCustom<{ list: RiskFlag[] }>({ url: pathOf(riskCalls.flags), method: 'get', queryOptions: { enabled: allowed } });
  if (!allowed || !result.data) return null;
  return (
    <Card
      title={
        <Space>
          <WarningOutlined style={{ color: '#fa541c' }} />
          {t('dashboard.risk')}
        </Space>
      }
      data-testid="risk-flags"
    >
      <List
        size="small"
        dataSource={result.data.list}
        locale={{ emptyText: t('dashboard.noRisk') }}
        renderItem={(f) => (
          <List.Item>
            <Tag color={f.kind === 'userCredits' ? 'volcano' : 'purple'}>{t(`dashboard.riskKinds.${f.kind}`)}</Tag>
            <Typography.Text strong>{f.subject}</Typography.Text>
            <Typography.Text type="secondary">
              {f.kind === 'userCredits'
                ? t('dashboard.riskCredits', { value: formatFen(f.value), baseline: formatFen(f.baseline) })
                : t('dashboard.riskApprovals', { value: f.value, baseline: f.baseline })}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}

/** Today at a glance, the work waiting for each role, and the last two weeks. */
export function DashboardPage() {
  const t = useTranslate();
  const { result, query } = useCustom<Dashboard>({ url: pathOf(operatorCalls.dashboard), method: 'get' });
  const d = result.data;
  if (query.isError)
    return (
      <Result
        status="warning"
        title={query.error.message}
        extra={<Button onClick={() => query.refetch()}>{t('buttons.refresh')}</Button>}
      />
    );
  if (query.isLoading || !d) return <Skeleton active paragraph={{ rows: 12 }} />;
  const today = d.today;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('dashboard.today')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={8} xxl={4}>
          <Tile title={t('dashboard.cardsSubmitted')} value={today.cardsSubmitted} icon={<InboxOutlined />} color="#0eb2e9" />
        </Col>
        <Col xs={12} lg={8} xxl={4}>
          <Tile title={t('dashboard.cardsPassed')} value={today.cardsPassed} icon={<CheckCircleOutlined />} color="#52c41a" />
        </Col>
        <Col xs={12} lg={8} xxl={4}>
          <Tile title={t('dashboard.cardsCredited')} value={today.cardsCredited} icon={<CreditCardOutlined />} color="#13c2c2" />
        </Col>
        <Col xs={12} lg={8} xxl={4}>
          <Tile title={t('dashboard.credited')} value={formatFen(today.creditedFen)} icon={<DollarOutlined />} color="#722ed1" />
        </Col>
        <Col xs={12} lg={8} xxl={4}>
          <Tile
            title={t('dashboard.paidOutToday', { count: today.withdrawalsPaidCount })}
            value={formatFen(today.withdrawalsPaidFen)}
            icon={<WalletOutlined />}
            color="#fa8c16"
          />
        </Col>
        <Col xs={12} lg={8} xxl={4}>
          <Tile title={t('dashboard.newUsers')} value={today.newUsers} icon={<UserAddOutlined />} color="#eb2f96" />
        </Col>
      </Row>
      <Typography.Title level={4} style={{ margin: '8px 0 0' }}>
        {t('dashboard.queues')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Queue title={t('dashboard.reviewQueue')} count={d.queues.review} resource="cards" to="/cards" />
        <Queue title={t('dashboard.appealQueue')} count={d.queues.appeals} resource="appeals" to="/cards?tab=appeals" />
        <Queue
          title={t('dashboard.withdrawalQueue')}
          count={d.queues.withdrawalsAwaitingApproval}
          resource="withdrawals"
          to="/withdrawals"
        />
        <Queue title={t('dashboard.feedbackQueue')} count={d.queues.feedbackPending} resource="feedback" to="/feedback" />
      </Row>
      <RiskFlags />
      <TrendCharts trend={d.trend} />
    </div>
  );
}
