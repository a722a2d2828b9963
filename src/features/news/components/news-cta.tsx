// Sidebar cards that lead from reading to buying: post a demand, read technical articles.
import { AppLink } from '@/components/ui/app-link';

export function NewsCta() {
  return (
    <>
      <section className="side-card side-cta">
        <h2 className="side-card-title">采购仪器，找仪采通</h2>
        <p>发布求购需求，多家供应商在线报价，价格、货期一目了然。</p>
        <div className="side-cta-actions">
          <AppLink to="/demand/inquiry" className="btn btn-accent">
            发布求购
          </AppLink>
          <AppLink to="/demand/quickInquiry" className="btn">
            快速询价
          </AppLink>
        </div>
      </section>
      <section className="side-card">
        <h2 className="side-card-title">技术中心</h2>
        <p className="side-card-note">应用方案、操作指南、维护保养与标准解读，来自一线工程师的经验。</p>
        <AppLink to="/technicalCentre" className="side-more">
          浏览技术文章 ›
        </AppLink>
      </section>
    </>
  );
}
