import { formatFen } from '@maika/shared';
import { useTranslate } from '@refinedev/core';
import { Card, Col, Row } from 'antd';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { brandColor } from '../../theme';

export interface TrendDay {
  date: string;
  cardsSubmitted: number;
  cardsPassed: number;
  creditedFen: number;
  withdrawalsPaidFen: number;
  newUsers: number;
}

const shortDate = (date: string) => date.slice(5);
/** An empty fortnight still gets a readable money axis (¥0 … ¥100) rather than fractions of a fen. */
const minMoneyScaleFen = 10_000;
/** Axis ticks in whole yuan; the tooltip shows the exact amount. */
const yuanTick = (fen: number) => formatFen(fen - (fen % 100)).replace(/\.00$/, '');

/** The last 14 days (Asia/Shanghai): cards in and passed, money credited and paid out, new users. */
export function TrendCharts({ trend }: { trend: TrendDay[] }) {
  const t = useTranslate();
  const height = 260;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title={t('dashboard.cardsTrend')}>
          <ResponsiveContainer width="100%" height={height}>
            <LineChart data={trend} margin={{ left: -10, right: 12 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#f0f0f0" />
              <XAxis dataKey="date" tickFormatter={shortDate} fontSize={12} minTickGap={12} />
              <YAxis allowDecimals={false} fontSize={12} domain={[0, (max: number) => Math.max(max, 4)]} />
              <Tooltip />
              <Legend />
              <Line
                type="monotone"
                dataKey="cardsSubmitted"
                name={t('dashboard.cardsSubmitted')}
                stroke={brandColor}
                strokeWidth={2}
                dot={false}
              />
              <Line type="monotone" dataKey="cardsPassed" name={t('dashboard.cardsPassed')} stroke="#52c41a" strokeWidth={2} dot={false} />
            </LineChart>
          </ResponsiveContainer>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('dashboard.moneyTrend')}>
          <ResponsiveContainer width="100%" height={height}>
            <AreaChart data={trend} margin={{ left: 10, right: 12 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#f0f0f0" />
              <XAxis dataKey="date" tickFormatter={shortDate} fontSize={12} minTickGap={12} />
              <YAxis
                tickFormatter={yuanTick}
                fontSize={12}
                width={80}
                domain={[0, (max: number) => Math.max(max, minMoneyScaleFen)]}
                allowDecimals={false}
              />
              <Tooltip formatter={(value) => formatFen(Number(value))} />
              <Legend />
              <Area
                type="monotone"
                dataKey="creditedFen"
                name={t('dashboard.credited')}
                stroke="#722ed1"
                fill="#722ed1"
                fillOpacity={0.15}
              />
              <Area
                type="monotone"
                dataKey="withdrawalsPaidFen"
                name={t('dashboard.paidOut')}
                stroke="#fa8c16"
                fill="#fa8c16"
                fillOpacity={0.15}
              />
            </AreaChart>
          </ResponsiveContainer>
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('dashboard.usersTrend')}>
          <ResponsiveContainer width="100%" height={200}>
            <BarChart data={trend} margin={{ left: -10, right: 12 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#f0f0f0" />
              <XAxis dataKey="date" tickFormatter={shortDate} fontSize={12} minTickGap={12} />
              <YAxis allowDecimals={false} fontSize={12} domain={[0, (max: number) => Math.max(max, 4)]} />
              <Tooltip />
              <Bar dataKey="newUsers" name={t('dashboard.newUsers')} fill={brandColor} radius={[4, 4, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </Card>
      </Col>
    </Row>
  );
}
