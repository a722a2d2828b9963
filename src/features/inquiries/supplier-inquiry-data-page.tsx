// /admin/supplier/inquiry/data — the supplier's figures: inquiries and quotations per week (last
// 12 weeks), average response time, quotation rate and win rate, computed by the server in SQL.
import { useEffect, useMemo, useRef } from 'react';
import type { ChartConfiguration } from 'chart.js';
import { useQuery } from '@tanstack/react-query';
import type { TInquiryStats } from '@contracts/trade';
import { AppLink } from '@/components/ui/app-link';
import { inquiryStatsQuery } from './api/inquiries-api';
import { ResponseRows } from './components/response-rows';
import '@/styles/trade.css';

export default function SupplierInquiryDataPage() {
  const { data, isLoading, error } = useQuery(inquiryStatsQuery());
  return (
    <div className="trade-admin" data-testid="inquiry-data">
      <header className="admin-page-head">
        <div>
          <h1 className="admin-page-title">询价数据</h1>
          <p className="muted">近 12 周的询价与报价表现，按北京时间自然周统计。</p>
        </div>
        <AppLink className="btn" to="/admin/supplier/inquiry">
          返回询价管理
        </AppLink>
      </header>
      {isLoading && <div className="panel empty">加载中...</div>}
      {error && <div className="panel empty">{(error as Error).message}</div>}
      {data && <Figures stats={data} />}
      <ResponseRows />
    </div>
  );
}

function Figures({ stats }: { stats: TInquiryStats }) {
  const hours = stats.avgResponseHours;
  const response = hours === null ? '—' : hours < 1 ? `${Math.max(1, Math.round(hours * 60))} 分钟` : `${hours.toFixed(1)} 小时`;
  return (
    <>
      <div className="kpi-grid">
        <div className="panel kpi" data-testid="kpi-inquiries">
          <span className="kpi-label">近12周询价</span>
          <strong className="kpi-value">{stats.totalInquiries}</strong>
          <span className="kpi-sub">已回复 {stats.repliedInquiries} 条</span>
        </div>
        <div className="panel kpi">
          <span className="kpi-label">平均响应时间</span>
          <strong className="kpi-value">{response}</strong>
          <span className="kpi-sub">从收到询价到首次回复</span>
        </div>
        <div className="panel kpi">
          <span className="kpi-label">报价率</span>
          <strong className="kpi-value">{stats.quotationRate === null ? '—' : `${stats.quotationRate}%`}</strong>
          <span className="kpi-sub">以正式报价回复的询价占比</span>
        </div>
        <div className="panel kpi">
          <span className="kpi-label">中标率</span>
          <strong className="kpi-value">{stats.winRate === null ? '—' : `${stats.winRate}%`}</strong>
          <span className="kpi-sub">
            已定标 {stats.quotationsDecided} 份，中标 {stats.quotationsWon} 份
          </span>
        </div>
      </div>
      <div className="chart-grid">
        <section className="panel chart-card">
          <h2 className="panel-title">询价与报价趋势</h2>
          <WeeklyChart stats={stats} />
        </section>
        <section className="panel chart-card">
          <h2 className="panel-title">报价结果</h2>
          <OutcomeChart stats={stats} />
        </section>
      </div>
    </>
  );
}

/** A canvas drawn by Chart.js, loaded on first use; redrawn when `config` changes. */
function ChartCanvas({ config, label }: { config: ChartConfiguration; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy: () => void } | undefined;
    let alive = true;
    void import('./components/charts').then(({ Chart }) => {
      if (alive && canvas.current) chart = new Chart(canvas.current, config);
    });
    return () => {
      alive = false;
      chart?.destroy();
    };
  }, [config]);
  return <canvas ref={canvas} aria-label={label} role="img" />;
}

function WeeklyChart({ stats }: { stats: TInquiryStats }) {
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'bar',
      data: {
        labels: stats.weeks.map((w) => w.week.slice(5).replace('-', '/')),
        datasets: [
          { type: 'bar', label: '收到询价', data: stats.weeks.map((w) => w.inquiries), backgroundColor: 'rgba(11, 95, 255, 0.75)', borderRadius: 4, maxBarThickness: 28 },
          { type: 'line', label: '提交报价', data: stats.weeks.map((w) => w.quotations), borderColor: '#ff6a00', backgroundColor: 'rgba(255, 106, 0, 0.12)', fill: true, tension: 0.3, cubicInterpolationMode: 'monotone', pointRadius: 3 },
        ],
      },
      options: { responsive: true, maintainAspectRatio: false, interaction: { mode: 'index', intersect: false }, scales: { y: { beginAtZero: true, ticks: { precision: 0 } }, x: { grid: { display: false } } }, plugins: { legend: { position: 'bottom' } } },
    }),
    [stats],
  );
  return (
    <div className="chart-box">
      <ChartCanvas config={config} label="近12周询价与报价数量" />
    </div>
  );
}

function OutcomeChart({ stats }: { stats: TInquiryStats }) {
  const config = useMemo<ChartConfiguration>(() => {
    const pending = Math.max(0, stats.quotationsSubmitted - stats.quotationsDecided);
    const lost = stats.quotationsDecided - stats.quotationsWon;
    return {
      type: 'doughnut',
      data: { labels: ['中标', '未中标', '待定/其他'], datasets: [{ data: [stats.quotationsWon, lost, pending], backgroundColor: ['#16a34a', '#cbd5e1', '#93c5fd'], borderWidth: 0 }] },
      options: { responsive: true, maintainAspectRatio: false, cutout: '62%', plugins: { legend: { position: 'bottom' } } },
    } as ChartConfiguration;
  }, [stats]);
  return <div className="chart-box">{stats.quotationsSubmitted === 0 ? <div className="empty">暂无报价数据</div> : <ChartCanvas config={config} label="报价结果分布" />}</div>;
}
