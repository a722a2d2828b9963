// The home page; the catalogue release fills it with live sections.
import { AppLink } from '@/components/ui/app-link';

export default function HomePage() {
  return (
    <section className="container home-hero">
      <h1>科学仪器，一站采购</h1>
      <p>色谱、光谱、质谱、实验室常用设备，数千家供应商在线报价。</p>
      <p>
        <AppLink className="btn btn-primary" to="/shop">
          进入仪器商城
        </AppLink>{' '}
        <AppLink className="btn" to="/demand/inquiry">
          发布求购
        </AppLink>
      </p>
    </section>
  );
}
