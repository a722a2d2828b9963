// /about and /about/*: 平台介绍, 联系我们, 加入我们.
import { AppLink } from '@/components/ui/app-link';
import { HotlineCard, StaticDoc, type TDocPage } from './static-doc';

function Intro() {
  return (
    <>
      <section>
        <h2>关于仪采通</h2>
        <p>
          仪采通是上海仪采通信息科技有限公司运营的科学仪器与实验室设备 B2B 采购交易平台。我们连接高校、科研院所、第三方检测机构、医药与制造企业的实验室采购人员，与仪器生产商、授权代理商和服务商，让“找仪器、比价格、看方案”在一个平台上完成。
        </p>
        <p>
          实验室采购往往专业性强、参数复杂、周期长：一台气相色谱仪的报价单可能包含十几个配置项，一次招标可能需要比较五六家供应商的货期、质保与付款条件。仪采通把这些信息结构化，帮助采购方更快地做出有依据的决定，也帮助供应商把专业能力展示给真正需要的客户。
        </p>
      </section>
      <section>
        <h2>我们提供什么</h2>
        <div className="feature-grid">
          <div>
            <h3>仪器商城</h3>
            <p>按分类、品牌、价格和地区筛选仪器，支持中文关键词和型号搜索，参数表一目了然。</p>
          </div>
          <div>
            <h3>求购与报价</h3>
            <p>采购方发布求购需求，多家供应商密封报价；报价并排比较，最低价与最短货期自动标出，可导出比价单。</p>
          </div>
          <div>
            <h3>在线询价</h3>
            <p>针对具体商品直接向供应商询价；未注册的访客也可以通过短信验证提交快速询价。</p>
          </div>
          <div>
            <h3>品牌店铺</h3>
            <p>供应商拥有独立店铺，展示产品、解决方案、公司简介与人才招聘，两套主题可选。</p>
          </div>
          <div>
            <h3>技术中心</h3>
            <p>应用方案、操作指南、维护保养和标准解读，由一线应用工程师撰写。</p>
          </div>
          <div>
            <h3>新闻资讯</h3>
            <p>行业动态、政策法规与展会信息，帮助从业者把握市场变化。</p>
          </div>
        </div>
      </section>
      <section>
        <h2>我们的原则</h2>
        <ul>
          <li>
            <strong>信息真实：</strong>供应商须通过企业资质审核后方可开店，商品信息由供应商提供并对其真实性负责，平台对违规信息进行巡查处理。
          </li>
          <li>
            <strong>报价公平：</strong>求购报价实行密封机制，供应商只能看到自己的报价，采购方的联系方式仅向被选中或进入候选的供应商披露。
          </li>
          <li>
            <strong>数据安全：</strong>账户密码以不可逆方式加密保存，个人信息的收集与使用遵循
            <AppLink to="/privacy-policy">《隐私政策》</AppLink>。
          </li>
        </ul>
      </section>
      <section>
        <h2>发展历程</h2>
        <ol className="timeline">
          <li>
            <time>2019年</time>
            <p>上海仪采通信息科技有限公司在上海浦东张江成立，组建仪器行业与互联网背景的创始团队。</p>
          </li>
          <li>
            <time>2021年</time>
            <p>仪采通平台上线仪器商城与供应商店铺，首批分析仪器代理商入驻。</p>
          </li>
          <li>
            <time>2023年</time>
            <p>推出求购大厅与密封报价，支持报价比较与比价单导出；技术中心栏目上线。</p>
          </li>
          <li>
            <time>2025年</time>
            <p>发布供应商桌面客户端，供应商可在 Windows、macOS 与 Linux 上管理店铺、询价与报价。</p>
          </li>
        </ol>
      </section>
      <section>
        <h2>公司信息</h2>
        <table className="info-table">
          <tbody>
            <tr>
              <th>运营主体</th>
              <td>上海仪采通信息科技有限公司</td>
            </tr>
            <tr>
              <th>注册地址</th>
              <td>上海市浦东新区张江高科技园区示例路 88 号 6 层</td>
            </tr>
            <tr>
              <th>ICP 备案</th>
              <td>沪ICP备2026000000号</td>
            </tr>
            <tr>
              <th>客服热线</th>
              <td>400-820-6688（工作日 9:00–18:00）</td>
            </tr>
          </tbody>
        </table>
      </section>
    </>
  );
}

function Contact() {
  return (
    <>
      <section>
        <h2>联系方式</h2>
        <div className="contact-cards">
          <div>
            <h3>客户服务</h3>
            <p className="contact-big">400-820-6688</p>
            <p>工作日 9:00–18:00（法定节假日除外）</p>
            <p>service@yicaitong.example</p>
          </div>
          <div>
            <h3>供应商入驻</h3>
            <p className="contact-big">021-5080-6688</p>
            <p>入驻咨询、资质审核与店铺开通</p>
            <p>settle@yicaitong.example</p>
          </div>
          <div>
            <h3>商务合作</h3>
            <p className="contact-big">021-5080-6699</p>
            <p>品牌合作、广告投放与展会合作</p>
            <p>bd@yicaitong.example</p>
          </div>
          <div>
            <h3>媒体与投稿</h3>
            <p className="contact-big">pr@yicaitong.example</p>
            <p>新闻线索、技术文章投稿与采访邀约</p>
            <p>投稿请注明“技术中心投稿”</p>
          </div>
        </div>
      </section>
      <section>
        <h2>办公地址</h2>
        <table className="info-table">
          <tbody>
            <tr>
              <th>上海总部</th>
              <td>上海市浦东新区张江高科技园区示例路 88 号 6 层（邮编 201203）</td>
            </tr>
            <tr>
              <th>北京办事处</th>
              <td>北京市海淀区中关村示例大街 18 号 1205 室（邮编 100080）</td>
            </tr>
            <tr>
              <th>广州办事处</th>
              <td>广州市黄埔区科学城示例路 6 号 803 室（邮编 510663）</td>
            </tr>
          </tbody>
        </table>
        <p className="muted">来访请提前一个工作日预约，以便安排接待。</p>
      </section>
      <section>
        <h2>投诉与建议</h2>
        <p>
          如您对平台服务、商品信息或供应商行为有任何意见，欢迎通过 <AppLink to="/feedback">意见反馈</AppLink> 告诉我们，或发送邮件至 feedback@yicaitong.example。我们会在 1–3 个工作日内处理并回复。
        </p>
        <p>
          涉及个人信息保护的请求，请联系个人信息保护负责人：privacy@yicaitong.example，详见 <AppLink to="/privacy-policy">《隐私政策》</AppLink>。
        </p>
      </section>
    </>
  );
}

const JOBS = [
  { title: '高级前端工程师', place: '上海', team: '产品研发部', duties: ['负责仪采通网站与供应商桌面客户端的前端开发', '参与组件库、性能优化与前端工程化建设'], needs: ['3 年以上 React + TypeScript 开发经验', '熟悉浏览器渲染原理，有 Electron 或 B2B 系统经验者优先'] },
  { title: '仪器行业产品经理', place: '上海', team: '产品研发部', duties: ['调研实验室采购与供应商销售流程，设计求购、询价与报价功能', '与供应商、采购方保持沟通，持续改进产品体验'], needs: ['分析化学、仪器仪表或相关专业本科及以上', '有仪器销售、应用支持或实验室管理经历者优先'] },
  { title: '大客户经理（分析仪器方向）', place: '北京 / 广州', team: '供应商发展部', duties: ['拓展仪器生产商与授权代理商入驻，维护重点客户关系', '帮助供应商用好店铺、询价与报价工具'], needs: ['2 年以上分析仪器或实验室设备销售经验', '沟通能力强，能适应短期出差'] },
  { title: '技术内容编辑', place: '上海', team: '内容中心', duties: ['策划并编辑技术中心的应用方案、操作指南类文章', '邀约应用工程师供稿，审核技术内容的准确性'], needs: ['化学、生物、材料等理工科背景', '有技术写作或实验室工作经验，文字严谨'] },
];

function Join() {
  return (
    <>
      <section>
        <h2>在仪采通工作</h2>
        <p>
          我们是一支懂仪器、也懂互联网的团队：有人做过十年色谱应用工程师，有人在大型电商平台做过交易系统。我们相信，把专业的事情做得简单，是对用户最大的尊重。
        </p>
        <ul>
          <li>五险一金按实际工资足额缴纳，另有补充医疗保险</li>
          <li>弹性工作时间，每年 15 天起带薪年假</li>
          <li>年度体检、节日福利与团队活动</li>
          <li>每年专项学习经费，可用于专业课程、书籍与行业展会</li>
        </ul>
      </section>
      <section>
        <h2>热招职位</h2>
        <div className="job-list">
          {JOBS.map((j) => (
            <details key={j.title} className="job">
              <summary>
                <strong>{j.title}</strong>
                <span>{j.place}</span>
                <span>{j.team}</span>
              </summary>
              <h4>岗位职责</h4>
              <ul>
                {j.duties.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
              <h4>任职要求</h4>
              <ul>
                {j.needs.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            </details>
          ))}
        </div>
      </section>
      <section>
        <h2>投递方式</h2>
        <p>
          请将简历发送至 <strong>hr@yicaitong.example</strong>，邮件标题注明“应聘职位 + 姓名 + 工作城市”。我们会在收到简历后 5 个工作日内回复合适的候选人。
        </p>
        <p className="muted">仪采通不会以任何名义向求职者收取费用，如遇可疑情况请拨打 400-820-6688 核实。</p>
      </section>
    </>
  );
}

const PAGES: TDocPage[] = [
  { slug: '', label: '平台介绍', title: '平台介绍', body: Intro },
  { slug: 'contact', label: '联系我们', title: '联系我们', body: Contact },
  { slug: 'join', label: '加入我们', title: '加入我们', body: Join },
];

export default function AboutPage() {
  return <StaticDoc base="/about" section="关于我们" intro="仪采通 —— 让科学仪器采购更简单、更透明" pages={PAGES} aside={<HotlineCard />} />;
}
