// /service and /service/*: 服务中心, 采购指南, 供应商入驻, 店铺装修, 帮助中心.
import { AppLink } from '@/components/ui/app-link';
import { HotlineCard, StaticDoc, type TDocPage } from './static-doc';

function Overview() {
  return (
    <>
      <section>
        <h2>采购商服务</h2>
        <div className="feature-grid">
          <div>
            <h3>发布求购</h3>
            <p>填写仪器名称、数量、预算、参数要求和报价截止时间，符合条件的供应商即可报价。</p>
            <AppLink to="/demand/inquiry">立即发布 ›</AppLink>
          </div>
          <div>
            <h3>快速询价</h3>
            <p>无需注册，填写需求并通过短信验证后提交，平台客服为您匹配合适的供应商。</p>
            <AppLink to="/demand/quickInquiry">快速询价 ›</AppLink>
          </div>
          <div>
            <h3>报价比较</h3>
            <p>多家报价并排对照，最低价格与最短货期自动标出，一键导出比价单用于内部审批。</p>
            <AppLink to="/service/guide">了解采购流程 ›</AppLink>
          </div>
        </div>
      </section>
      <section>
        <h2>供应商服务</h2>
        <div className="feature-grid">
          <div>
            <h3>入驻开店</h3>
            <p>提交营业执照与品牌授权，审核通过即可开通店铺，发布商品与解决方案。</p>
            <AppLink to="/service/settle">入驻指南 ›</AppLink>
          </div>
          <div>
            <h3>店铺装修</h3>
            <p>两套店铺主题，自定义店铺标志、横幅与分类，展示企业实力。</p>
            <AppLink to="/service/store">装修说明 ›</AppLink>
          </div>
          <div>
            <h3>询价与报价</h3>
            <p>集中处理商品询价与求购报价，报价可修订并保留历史版本；桌面客户端同步提醒。</p>
            <AppLink to="/admin/supplier">进入供应商中心 ›</AppLink>
          </div>
        </div>
      </section>
      <section>
        <h2>需要帮助？</h2>
        <p>
          常见问题请查阅 <AppLink to="/service/help">帮助中心</AppLink>；也可以拨打客服热线 <strong>400-820-6688</strong>（工作日 9:00–18:00），或通过 <AppLink to="/feedback">意见反馈</AppLink> 给我们留言。
        </p>
      </section>
    </>
  );
}

function Guide() {
  return (
    <>
      <section>
        <h2>一次完整的求购</h2>
        <ol className="steps">
          <li>
            <strong>注册并升级为采购商</strong>
            <p>使用手机号或邮箱注册会员，在“个人中心”填写公司名称即可升级为采购商。</p>
          </li>
          <li>
            <strong>发布求购</strong>
            <p>写清仪器名称、数量、预算（可选择不公开）、需求日期、报价截止时间和关键技术参数。参数越具体，报价越准确。</p>
          </li>
          <li>
            <strong>收集报价</strong>
            <p>供应商在截止时间前提交报价，报价包括品牌、型号、含税单价、货期、质保和付款条件。报价为密封报价，供应商之间互不可见。</p>
          </li>
          <li>
            <strong>比较与评估</strong>
            <p>在“收到的报价”中并排比较，平台自动标出最低价和最短货期；可将有意向的报价加入候选，并导出比价单。</p>
          </li>
          <li>
            <strong>确定供应商</strong>
            <p>选定报价后，中标供应商将获得您的联系方式，双方线下签订合同并履约。未中标的供应商会收到结果通知。</p>
          </li>
        </ol>
      </section>
      <section>
        <h2>小贴士</h2>
        <ul>
          <li>报价截止时间建议至少留出 3 个工作日，进口仪器可适当延长。</li>
          <li>对关键参数（如检测限、分辨率、量程）写明“不低于”或“范围”，便于供应商判断是否满足。</li>
          <li>
            平台只提供信息撮合服务，不参与合同签订与资金结算，请在签约前核实供应商资质，详见
            <AppLink to="/agreement/trade">《求购与报价规则》</AppLink>。
          </li>
        </ul>
      </section>
    </>
  );
}

function Settle() {
  return (
    <>
      <section>
        <h2>入驻条件</h2>
        <ul>
          <li>在中国大陆依法注册、经营状态正常的企业法人，经营范围包含仪器仪表、实验室设备或相关技术服务；</li>
          <li>生产商需提供产品注册证或自主品牌证明；代理商需提供品牌方出具的有效授权书；</li>
          <li>具备与所售商品相应的售后服务能力（自有或委托的安装、培训、维修服务）。</li>
        </ul>
      </section>
      <section>
        <h2>所需材料</h2>
        <table className="info-table">
          <tbody>
            <tr>
              <th>企业资质</th>
              <td>营业执照（加盖公章的扫描件）</td>
            </tr>
            <tr>
              <th>品牌资质</th>
              <td>商标注册证或品牌授权书（授权链条须完整，且在有效期内）</td>
            </tr>
            <tr>
              <th>联系人信息</th>
              <td>店铺负责人姓名、手机号、邮箱，以及授权委托书</td>
            </tr>
            <tr>
              <th>特殊资质</th>
              <td>经营计量器具、医疗器械、危险化学品相关产品的，需提供相应许可证</td>
            </tr>
          </tbody>
        </table>
      </section>
      <section>
        <h2>入驻流程</h2>
        <ol className="steps">
          <li>
            <strong>注册会员</strong>
            <p>使用企业联系人的手机号注册仪采通账号。</p>
          </li>
          <li>
            <strong>提交申请</strong>
            <p>
              登录后在线填写企业信息并上传营业执照：<AppLink to="/admin/supplier" className="btn btn-primary" data-testid="settle-apply">在线申请入驻</AppLink>
            </p>
          </li>
          <li>
            <strong>资质审核</strong>
            <p>平台在 3 个工作日内完成审核，结果以短信和站内通知告知。</p>
          </li>
          <li>
            <strong>开通店铺</strong>
            <p>审核通过后开通店铺，选择店铺主题，完善公司简介。</p>
          </li>
          <li>
            <strong>发布商品</strong>
            <p>发布商品与参数、上传图片，开始接收询价与求购报价。</p>
          </li>
        </ol>
      </section>
      <section>
        <h2>费用说明</h2>
        <p>基础店铺、商品发布、询价接收与求购报价功能免费开放。平台不向供应商收取交易佣金。推广展位等增值服务另行约定，以双方签署的服务合同为准。</p>
        <p>
          入驻即表示同意 <AppLink to="/agreement/supplier">《供应商服务协议》</AppLink>。入驻咨询：021-5080-6688，settle@yicaitong.example。
        </p>
      </section>
    </>
  );
}

function StoreDesign() {
  return (
    <>
      <section>
        <h2>店铺包含的页面</h2>
        <p>每个供应商店铺拥有独立地址（如 /store/s0001），包含店铺首页、全部产品、店铺文章、解决方案、公司简介和人才招聘六个栏目。</p>
      </section>
      <section>
        <h2>两套店铺主题</h2>
        <div className="feature-grid two">
          <div>
            <h3>主题一 · 经典</h3>
            <p>蓝白配色，顶部横幅加产品分类导航，适合产品线丰富、以商品展示为主的代理商。</p>
          </div>
          <div>
            <h3>主题二 · 方案</h3>
            <p>深色页头，突出解决方案与技术文章，适合以应用方案和技术服务见长的生产商。</p>
          </div>
        </div>
        <p>主题可随时在“供应商中心 › 企业信息”中切换，切换后访客立即看到新样式，商品与文章不受影响。</p>
      </section>
      <section>
        <h2>图片规范</h2>
        <table className="info-table">
          <thead>
            <tr>
              <th>用途</th>
              <th>建议尺寸</th>
              <th>要求</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>店铺标志</td>
              <td>200 × 200 像素</td>
              <td>PNG 或 JPG，透明或白色背景，不超过 2MB</td>
            </tr>
            <tr>
              <td>店铺横幅</td>
              <td>1920 × 360 像素</td>
              <td>主要内容居中 1200 像素以内，不超过 2MB</td>
            </tr>
            <tr>
              <td>商品主图</td>
              <td>800 × 800 像素</td>
              <td>白底实物图，不得添加联系方式或水印广告</td>
            </tr>
          </tbody>
        </table>
      </section>
      <section>
        <h2>装修建议</h2>
        <ul>
          <li>为商品建立清晰的店铺分类（如“气相色谱”“液相色谱”“配件耗材”），方便客户查找；</li>
          <li>每月至少发布一篇应用文章或解决方案，店铺文章也会展示在店铺首页；</li>
          <li>公司简介写明资质、服务网点与售后响应时间，这是采购方最关心的内容。</li>
        </ul>
      </section>
    </>
  );
}

const FAQ: { group: string; items: [string, string][] }[] = [
  {
    group: '账号与登录',
    items: [
      ['可以用哪些方式登录？', '支持手机号、邮箱或账号名加密码登录，也可以使用手机号加短信验证码登录。首次使用短信登录的手机号会自动注册为会员。'],
      ['忘记密码怎么办？', '在登录页点击“忘记密码?”，通过绑定的手机号或邮箱接收验证码后即可重新设置密码。'],
      ['收不到短信验证码？', '请确认手机号正确、未开启短信拦截；验证码 60 秒后可重新获取。同一手机号每天获取次数有限，如仍无法收到请联系客服 400-820-6688。'],
      ['如何注销账号？', '在“管理中心 › 账号与安全”中申请注销，验证身份后账号立即注销，注销后无法恢复。'],
    ],
  },
  {
    group: '求购与询价',
    items: [
      ['为什么我不能发布求购？', '发布求购需要采购商身份。请在“个人中心”填写公司名称升级为采购商，升级即时生效。'],
      ['报价截止后还能收到报价吗？', '不能。截止后求购进入评估阶段，您可以在“收到的报价”中比较并选择供应商。'],
      ['询价和求购有什么区别？', '询价是针对某一件商品向其供应商提问；求购是发布一项需求，由多家供应商竞争报价。'],
    ],
  },
  {
    group: '收藏与浏览',
    items: [
      ['如何收藏商品、店铺或文章？', '在商品详情、店铺页面或技术文章页面点击“收藏”即可，收藏内容可在“管理中心 › 我的收藏”中查看和取消。'],
      ['搜索不到想要的仪器？', '可尝试更短的关键词（如“色谱”）或直接输入型号（如“7890B”）；仍找不到时，发布求购让供应商主动联系您。'],
    ],
  },
  {
    group: '供应商',
    items: [
      ['入驻需要多长时间？', '材料齐全的情况下，审核在 3 个工作日内完成。详见供应商入驻指南。'],
      ['能否修改已提交的报价？', '报价截止前可以修订，每次修订都会保留历史版本，采购方看到的是最新版本。'],
    ],
  },
];

function Help() {
  return (
    <>
      {FAQ.map((g) => (
        <section key={g.group}>
          <h2>{g.group}</h2>
          <div className="faq">
            {g.items.map(([q, a]) => (
              <details key={q}>
                <summary>{q}</summary>
                <p>{a}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
    </>
  );
}

const PAGES: TDocPage[] = [
  { slug: '', label: '服务中心', title: '服务中心', body: Overview },
  { slug: 'guide', label: '采购指南', title: '采购指南', body: Guide },
  { slug: 'settle', label: '供应商入驻', title: '供应商入驻', body: Settle },
  { slug: 'store', label: '店铺装修', title: '店铺装修', body: StoreDesign },
  { slug: 'help', label: '帮助中心', title: '帮助中心', body: Help },
];

export default function ServicePage() {
  return <StaticDoc base="/service" section="服务中心" intro="为采购商和供应商提供从找仪器到签合同的全流程服务" pages={PAGES} aside={<HotlineCard />} />;
}
