// /privacy-policy (default layout): 仪采通隐私政策 with a table of contents.
import { AppLink } from '@/components/ui/app-link';
import '@/styles/content.css';

const TOC = [
  ['intro', '引言'],
  ['collect', '一、我们收集的信息'],
  ['use', '二、我们如何使用信息'],
  ['cookie', '三、Cookie 与本地存储'],
  ['share', '四、信息的共享与披露'],
  ['store', '五、信息的存储与保护'],
  ['rights', '六、您的权利'],
  ['minor', '七、未成年人保护'],
  ['update', '八、本政策的更新'],
  ['contact', '九、联系我们'],
] as const;

export default function PrivacyPage() {
  return (
    <div className="content-page">
      <div className="container">
        <nav className="breadcrumb" aria-label="当前位置">
          <AppLink to="/">首页</AppLink>
          <span>›</span>
          <strong>隐私政策</strong>
        </nav>
        <div className="privacy-grid">
          <aside className="privacy-toc panel" aria-label="目录">
            <h2>目录</h2>
            <ol>
              {TOC.map(([id, label]) => (
                <li key={id}>
                  <a href={`#${id}`}>{label}</a>
                </li>
              ))}
            </ol>
          </aside>
          <article className="panel static-body privacy-body" data-testid="static-body">
            <header className="privacy-head">
              <h1>仪采通隐私政策</h1>
              <p className="static-updated">{'更新日期：2026年1月1日\u3000生效日期：2026年1月1日'}</p>
            </header>

            <section id="intro">
              <p className="static-preface">
                上海仪采通信息科技有限公司（以下简称“我们”）深知个人信息对您的重要性。本政策说明我们在您使用仪采通网站及桌面客户端（以下统称“仪采通”）时，如何收集、使用、存储、共享和保护您的个人信息，以及您享有的权利。我们依据《中华人民共和国个人信息保护法》等法律法规处理个人信息，遵循合法、正当、必要和诚信原则。
              </p>
            </section>

            <section id="collect">
              <h2>一、我们收集的信息</h2>
              <h3>1. 您主动提供的信息</h3>
              <ul>
                <li>
                  <strong>注册与登录：</strong>手机号或邮箱、账号名、密码（仅保存不可逆的加密摘要）。用于创建账号、验证身份。
                </li>
                <li>
                  <strong>个人资料：</strong>昵称、真实姓名、头像、公司名称。升级为采购商时需提供公司名称。
                </li>
                <li>
                  <strong>求购与询价：</strong>联系人、联系电话、需求描述、预算与交付要求等。
                </li>
                <li>
                  <strong>供应商入驻：</strong>企业名称、营业执照、品牌授权、联系人姓名与电话。
                </li>
                <li>
                  <strong>意见反馈：</strong>反馈内容，以及您自愿留下的手机号或邮箱。
                </li>
              </ul>
              <h3>2. 您使用服务时我们自动收集的信息</h3>
              <ul>
                <li>登录记录：登录时间、IP 地址、浏览器或客户端类型，用于账号安全保护与异常登录识别；</li>
                <li>操作日志：求购、报价等状态变化的操作人和时间，用于交易过程的可追溯；</li>
                <li>访问频率：为防止验证码滥用和恶意提交，我们会按 IP 和账号记录请求次数，相关记录在 24 小时后删除。</li>
              </ul>
              <p>我们不会收集与所提供服务无关的个人信息，不会读取您的通讯录、相册或精确位置。</p>
            </section>

            <section id="use">
              <h2>二、我们如何使用信息</h2>
              <ul>
                <li>提供账号、求购、询价、报价、收藏等核心功能；</li>
                <li>发送验证码、交易状态通知与服务公告；</li>
                <li>保障账号和交易安全，识别和处置欺诈、虚假信息等违规行为；</li>
                <li>处理您的咨询、投诉与反馈；</li>
                <li>在去标识化的前提下进行统计分析，以改进产品体验。</li>
              </ul>
              <p>如需将信息用于本政策未载明的其他用途，我们会事先征得您的同意。</p>
            </section>

            <section id="cookie">
              <h2>三、Cookie 与本地存储</h2>
              <p>为保持您的登录状态，我们会在您的浏览器中保存登录凭证：</p>
              <table className="info-table">
                <thead>
                  <tr>
                    <th>名称</th>
                    <th>用途</th>
                    <th>有效期</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <td>登录凭证（Cookie 与本地存储）</td>
                    <td>识别已登录的会员，仅通过加密连接发送</td>
                    <td>7 天，退出登录时立即清除</td>
                  </tr>
                  <tr>
                    <td>会员信息（本地存储，加密）</td>
                    <td>在页面中显示您的昵称和头像</td>
                    <td>退出登录时清除</td>
                  </tr>
                  <tr>
                    <td>lastPath（Cookie）</td>
                    <td>登录后返回您原本要访问的页面</td>
                    <td>浏览器会话期间</td>
                  </tr>
                </tbody>
              </table>
              <p>我们不使用第三方广告 Cookie。桌面客户端的登录凭证由操作系统提供的安全存储加密保存。</p>
            </section>

            <section id="share">
              <h2>四、信息的共享与披露</h2>
              <p>我们不会出售您的个人信息。仅在以下情形共享必要信息：</p>
              <ol>
                <li>
                  <strong>交易撮合：</strong>您向供应商发起询价时，该供应商可以看到您填写的联系人与联系方式；您发布的求购中，您的联系方式仅向报价被选中或进入候选的供应商披露。
                </li>
                <li>
                  <strong>服务提供商：</strong>短信与邮件服务商为发送验证码与通知而处理您的手机号或邮箱，我们与其签署数据保护协议，要求其仅按我们的指示处理。
                </li>
                <li>
                  <strong>法定情形：</strong>根据法律法规、诉讼或行政机关的依法要求披露。
                </li>
              </ol>
            </section>

            <section id="store">
              <h2>五、信息的存储与保护</h2>
              <ul>
                <li>您的个人信息存储于中华人民共和国境内的服务器，我们不会向境外传输；</li>
                <li>密码以 Argon2 算法不可逆加密保存，传输全程使用 HTTPS 加密；</li>
                <li>我们对员工访问个人信息实行最小权限与操作审计；</li>
                <li>个人信息保存期限为实现处理目的所必需的最短时间。账号注销后，我们会删除或匿名化您的个人信息，法律法规要求保存的交易记录除外。</li>
              </ul>
              <p>如不幸发生个人信息安全事件，我们会按法律要求及时告知您事件情况、可能的影响和我们已采取的措施。</p>
            </section>

            <section id="rights">
              <h2>六、您的权利</h2>
              <ul>
                <li>
                  <strong>查阅与更正：</strong>在 <AppLink to="/admin/profile">个人中心</AppLink> 查看和修改昵称、姓名、头像、手机号和邮箱；
                </li>
                <li>
                  <strong>删除：</strong>您可以删除已发布的求购、取消收藏，或联系我们删除特定信息；
                </li>
                <li>
                  <strong>注销账号：</strong>在 <AppLink to="/admin/profile/info">账号与安全</AppLink> 中验证身份后即可注销；
                </li>
                <li>
                  <strong>撤回同意与获取副本：</strong>发送邮件至 privacy@yicaitong.example，我们会在 15 个工作日内答复。
                </li>
              </ul>
            </section>

            <section id="minor">
              <h2>七、未成年人保护</h2>
              <p>仪采通面向企业和机构的采购与销售人员，不向未满 18 周岁的未成年人提供服务。如发现误收集了未成年人的个人信息，我们会尽快删除。</p>
            </section>

            <section id="update">
              <h2>八、本政策的更新</h2>
              <p>我们可能会适时修订本政策。重大变更（如处理目的、信息类型或共享对象的变化）将在生效前通过站内通知、短信或弹窗告知您。</p>
            </section>

            <section id="contact">
              <h2>九、联系我们</h2>
              <table className="info-table">
                <tbody>
                  <tr>
                    <th>个人信息保护负责人</th>
                    <td>privacy@yicaitong.example</td>
                  </tr>
                  <tr>
                    <th>客服热线</th>
                    <td>400-820-6688（工作日 9:00–18:00）</td>
                  </tr>
                  <tr>
                    <th>通信地址</th>
                    <td>上海市浦东新区张江高科技园区示例路 88 号 6 层 上海仪采通信息科技有限公司 法务部（邮编 201203）</td>
                  </tr>
                </tbody>
              </table>
              <p>
                相关协议：<AppLink to="/agreement">《仪采通用户服务协议》</AppLink>
              </p>
            </section>
          </article>
        </div>
      </div>
    </div>
  );
}
